// tsx (npm run dev, the fault tests) compiles without this package's tsconfig: say the JSX runtime here.
// @jsxRuntime automatic
import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { Layout, styles } from './layout.js';

/** To the owner (issue 47): a visitor asked for a person and nobody has answered yet. */
export function LiveWaitingMail(p: { botName: string; question: string; liveUrl: string }) {
  return (
    <Layout preview="A visitor is waiting for you" footer="Sent once per conversation.">
      <Text style={styles.heading}>A visitor is waiting for you</Text>
      <Text>A visitor of {p.botName} asked for a person and nobody has answered yet.</Text>
      {p.question && <Text>Their last message: “{p.question}”</Text>}
      <Button href={p.liveUrl} style={styles.button}>
        Answer now
      </Button>
    </Layout>
  );
}

/** To the visitor who left their email (issue 47): the owner's answer that arrived after they left the chat. */
export function LiveReplyMail(p: { botName: string; ownerName: string; messages: string[] }) {
  return (
    <Layout preview={`${p.ownerName} answered you`} footer={`You asked ${p.botName} to get back to you.`}>
      <Text style={styles.heading}>{p.ownerName} answered you</Text>
      {p.messages.map((text, i) => (
        <Text key={i}>{text}</Text>
      ))}
    </Layout>
  );
}
