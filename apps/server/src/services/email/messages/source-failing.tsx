// tsx (npm run dev, the fault tests) compiles without this package's tsconfig: say the JSX runtime here.
// @jsxRuntime automatic
import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { Layout, styles } from './layout.js';

const footer =
  'You get this because your Vuxo bot reads this page on a schedule. We tell you once per run of failures.';

/** A website source failed its last re-reads in a row (decision 118); the bot still answers from the last good one. */
export function SourceFailingMail(p: {
  botName: string;
  url: string;
  reason: string;
  since: string;
  reads: number;
  botUrl: string;
}) {
  return (
    <Layout preview={`${p.botName} could not read ${p.url}`} footer={footer}>
      <Text style={styles.heading}>We could not read a page of {p.botName}</Text>
      <Text>
        The last {p.reads} reads of {p.url} failed, since {p.since}: {p.reason}
      </Text>
      <Text>
        Your bot still answers from what the page said when it was last read. Fix the page, or remove it from
        the bot&apos;s sources if it has moved.
      </Text>
      <Button href={p.botUrl} style={styles.button}>
        Open the bot&apos;s sources
      </Button>
    </Layout>
  );
}
