// tsx (npm run dev, the fault tests) compiles without this package's tsconfig: say the JSX runtime here.
// @jsxRuntime automatic
import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { MAIL_CONFIRM_MSG, MAIL_LIMITS } from '@vuxo/shared';
import { Layout, styles } from './layout.js';

export interface AddressConfirmationMailProps {
  address: string;
  /** The owner's verified sign-in email: who asked. */
  owner: string;
  /** The page that asks before it confirms or refuses. */
  confirmUrl: string;
}

/**
 * To an address an owner named for visitor requests (decision 085): nothing else reaches it until its holder
 * says yes. It carries no text the owner wrote, so it cannot carry someone else's message.
 */
export function AddressConfirmationMail(p: AddressConfirmationMailProps) {
  return (
    <Layout
      preview="Confirm before Vuxo sends you anything"
      footer={`If you did not expect this, ignore it: without your answer Vuxo sends nothing more to ${p.address}. The link works for ${MAIL_LIMITS.confirmLinkDays} days.`}
    >
      <Text style={styles.heading}>Do you want these mails?</Text>
      <Text>{MAIL_CONFIRM_MSG.question(p.address, p.owner)}</Text>
      <Button href={p.confirmUrl} style={styles.button}>
        Answer
      </Button>
      <Text>The page lets you confirm, or tell us never to mail you again.</Text>
    </Layout>
  );
}
