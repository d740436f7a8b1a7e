// tsx (npm run dev, the fault tests) compiles without this package's tsconfig: say the JSX runtime here.
// @jsxRuntime automatic
import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

const page = { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', color: '#1f2430' };
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '8px',
  padding: '24px',
  margin: '24px auto',
  maxWidth: '560px',
};
const small = { fontSize: '12px', color: '#6b7280' };

/** Every message's frame: the preview line, the card, and a footer naming who sends it and why. */
export function Layout(props: { preview: string; footer: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section>{props.children}</Section>
          <Hr />
          <Text style={small}>{props.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const styles = {
  heading: { fontSize: '20px', fontWeight: 'bold', margin: '0 0 12px' },
  quote: {
    borderLeft: '3px solid #c7cbd4',
    paddingLeft: '12px',
    color: '#374151',
    whiteSpace: 'pre-wrap' as const,
  },
  button: {
    backgroundColor: '#2563eb',
    color: '#ffffff',
    padding: '10px 16px',
    borderRadius: '6px',
    textDecoration: 'none',
    display: 'inline-block',
  },
};
