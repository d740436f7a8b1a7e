import { describe, expect, it } from 'vitest';
import { SINGLE_LINE_MSG } from '../src/single-line.js';
import {
  botConfigSchema,
  confirmLocalPaymentRequestSchema,
  contactMessageRequestSchema,
  voiceAgentRequestSchema,
} from '../src/schemas.js';

const BREAKS = ['\n', '\r', '\r\n', '\v', '\f', '\u0085', '\u2028', '\u2029'];

/** The messages zod gives for a payload, by field. */
function problems(
  schema: {
    safeParse(v: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  payload: unknown,
) {
  const result = schema.safeParse(payload);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const contact = {
  name: 'Ada',
  email: 'ada@example.com',
  company: 'Engines',
  subject: 'Hello',
  message: 'Hi.',
};
const voice = {
  name: 'Pat',
  plan: 'pro',
  websiteUrl: '',
  documents: ['Price list'],
  chatbotType: 'text',
};

describe('single-line fields', () => {
  it.each(
    BREAKS.map((b) => [[...b].map((c) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(' '), b]),
  )('refuse a line break (%s) inside', (_, lineBreak) => {
    const inside = (text: string) => `${text}${lineBreak}Bcc: someone@example.com`;
    expect(problems(contactMessageRequestSchema, { ...contact, name: inside('Ada') })).toEqual({
      name: SINGLE_LINE_MSG,
    });
    expect(problems(contactMessageRequestSchema, { ...contact, company: inside('Engines') })).toEqual({
      company: SINGLE_LINE_MSG,
    });
    expect(problems(contactMessageRequestSchema, { ...contact, subject: inside('Hello') })).toEqual({
      subject: SINGLE_LINE_MSG,
    });
    expect(problems(voiceAgentRequestSchema, { ...voice, name: inside('Pat') })).toEqual({
      name: SINGLE_LINE_MSG,
    });
    expect(problems(voiceAgentRequestSchema, { ...voice, documents: [inside('Price list')] })).toEqual({
      'documents.0': SINGLE_LINE_MSG,
    });
  });

  it('take a line break around the text (trimmed away) and keep the message field multi-line', () => {
    const parsed = contactMessageRequestSchema.parse({
      ...contact,
      name: '\nAda\r\n',
      subject: 'Hello\n',
      message: 'Line one\nLine two',
    });
    expect(parsed).toMatchObject({ name: 'Ada', subject: 'Hello', message: 'Line one\nLine two' });
    expect(voiceAgentRequestSchema.parse({ ...voice, name: 'Pat\n' }).name).toBe('Pat');
  });

  it('cover the wizard’s document name and the local card form’s cardholder name', () => {
    expect(problems(botConfigSchema.pick({ documentName: true }), { documentName: 'a\nb.pdf' })).toEqual({
      documentName: SINGLE_LINE_MSG,
    });
    expect(
      problems(confirmLocalPaymentRequestSchema.pick({ billingName: true }), {
        billingName: 'Ada\r\nLovelace',
      }),
    ).toEqual({ billingName: SINGLE_LINE_MSG });
    expect(problems(botConfigSchema.pick({ botName: true }), { botName: 'My\nbot' })).toHaveProperty(
      'botName',
    );
  });
});
