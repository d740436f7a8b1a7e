// tsx (npm run dev, the fault tests) compiles without this package's tsconfig: say the JSX runtime here.
// @jsxRuntime automatic
import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { Layout, styles } from './layout.js';

const footer = 'You get this because you have a Vuxo account. Plans do not renew by themselves.';

export function PlanEndingMail(p: { planName: string; endsOn: string; renewUrl: string }) {
  return (
    <Layout preview={`Your ${p.planName} plan ends on ${p.endsOn}`} footer={footer}>
      <Text style={styles.heading}>Your {p.planName} plan ends in 3 days</Text>
      <Text>
        It ends on {p.endsOn}. After that your bots answer with Free Trial limits, and bots over its cap
        pause. Renew to keep them as they are.
      </Text>
      <Button href={p.renewUrl} style={styles.button}>
        Renew {p.planName}
      </Button>
    </Layout>
  );
}

export function PlanEndedMail(p: { planName: string; endedOn: string; renewUrl: string }) {
  return (
    <Layout preview={`Your ${p.planName} plan has ended`} footer={footer}>
      <Text style={styles.heading}>Your {p.planName} plan has ended</Text>
      <Text>
        It ended on {p.endedOn}. Your bots now answer with Free Trial limits; bots over its cap are paused
        until you pay again or delete some.
      </Text>
      <Button href={p.renewUrl} style={styles.button}>
        Renew {p.planName}
      </Button>
    </Layout>
  );
}

export function ReceiptMail(p: {
  planName: string;
  amount: string;
  periodStart: string;
  periodEnd: string;
  paymentId: string;
}) {
  return (
    <Layout preview={`Receipt: ${p.planName}, ${p.amount}`} footer={footer}>
      <Text style={styles.heading}>Thank you for your payment</Text>
      <Text>
        Plan: {p.planName}
        <br />
        Amount: {p.amount}
        <br />
        Period: {p.periodStart} to {p.periodEnd}
        <br />
        Payment: {p.paymentId}
      </Text>
    </Layout>
  );
}

export interface WeeklySummaryProps {
  bots: {
    name: string;
    conversations: number;
    missed: number;
    openRequests: number;
    /** What the week's re-reads of its website pages changed, one line each (decision 119). */
    changes?: string[];
  }[];
  dashboardUrl: string;
  unsubscribeUrl: string;
}

export function WeeklySummaryMail(p: WeeklySummaryProps) {
  return (
    <Layout
      preview="Your bots this week"
      footer={`You get this summary every week. Unsubscribe: ${p.unsubscribeUrl}`}
    >
      <Text style={styles.heading}>Your bots this week</Text>
      {p.bots.map((bot, i) => (
        <Text key={i}>
          <strong>{bot.name}</strong>: {bot.conversations} conversations, {bot.missed} missed questions,{' '}
          {bot.openRequests} open requests
          {bot.changes?.map((line, j) => (
            <span key={j}>
              <br />
              {line}
            </span>
          ))}
        </Text>
      ))}
      <Button href={p.dashboardUrl} style={styles.button}>
        Open your dashboard
      </Button>
    </Layout>
  );
}
