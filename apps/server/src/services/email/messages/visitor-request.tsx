// tsx (npm run dev, the fault tests) compiles without this package's tsconfig: say the JSX runtime here.
// @jsxRuntime automatic
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { Layout, styles } from './layout.js';

export interface VisitorRequestMailProps {
  botName: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  question: string;
  /** The conversation before the request, oldest first. */
  conversation: { question: string; reply: string }[];
  requestsUrl: string;
  replyUrl: string | null;
}

/** To the owner, at once: a visitor left a way to reach them. */
export function VisitorRequestMail(p: VisitorRequestMailProps) {
  const who = p.name ?? p.email ?? p.phone ?? 'A visitor';
  return (
    <Layout
      preview={`${who} asked ${p.botName} to get back to them`}
      footer={`You get this because requests are on for ${p.botName}. Turn them off or change this address on the bot's page.`}
    >
      <Text style={styles.heading}>New request from {who}</Text>
      <Text>
        {p.email ? (
          <>
            Email: {p.email}
            <br />
          </>
        ) : null}
        {p.phone ? (
          <>
            Phone: {p.phone}
            <br />
          </>
        ) : null}
        Bot: {p.botName}
      </Text>
      <Text style={styles.quote}>{p.question}</Text>
      {p.conversation.length > 0 ? <Text>Before that, the visitor asked:</Text> : null}
      {p.conversation.map((turn, i) => (
        <Text key={i} style={styles.quote}>
          Q: {turn.question}
          <br />
          A: {turn.reply}
        </Text>
      ))}
      {p.replyUrl && p.email ? (
        <>
          {/* A plain-text reader gets no working mailto link (its address comes out encoded): the line says how. */}
          <Button href={p.replyUrl} style={styles.button} data-skip-in-text="true">
            Reply by email
          </Button>
          <Text>
            Replying to this email answers {who} at {p.email}.
          </Text>
        </>
      ) : null}
      <Text>
        <Link href={p.requestsUrl}>Open your requests</Link>
      </Text>
    </Layout>
  );
}
