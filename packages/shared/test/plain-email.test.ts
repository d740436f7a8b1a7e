import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from '../src/control-characters.js';
import { EMAIL_MAX, isPlainEmail } from '../src/email-address.js';
import { contactFormProblems } from '../src/contact-form.js';
import { CONTACT_FORM_MSG, CONTACT_MSG } from '../src/messages.js';
import {
  contactEmailSchema,
  keyFactsSchema,
  notifyEmailSchema,
  saveConfigRequestSchema,
} from '../src/schemas.js';
import { VISITOR_REQUEST_MSG, visitorRequestProblems } from '../src/visitor-requests.js';

/** The shapes issue 43 (F3, F4) reported, and their near relations: a header could read each as more than one address. */
const HOSTILE = [
  '"Vuxo-Support" <attacker@evil.example>',
  '"Vuxo"<victim2@target.example>',
  'Vuxo <victim2@target.example>',
  '<victim@target.example>',
  'victim3@target.example,postmaster,abuse',
  'a@b.example,c@d.example',
  'a@b.example;c@d.example',
  'a@b.c>,<d',
  'a@b.example\r\nBcc: everyone@example.com',
  'a@b.example\nx',
  'a@b.example\u0000',
  'a\u0000b@c.example',
  'a\tb@c.example',
  'a b@c.example',
  '"a b"@c.example',
  'a(comment)@b.example',
  'a@[127.0.0.1]',
  'a@b@c.example',
  'a..b@c.example',
  '.a@b.example',
  'a.@b.example',
  'a@-b.example',
  'a@b-.example',
  'a@localhost',
  'a@127.0.0.1',
  'a@b.c',
  'a{b}@c.example',
  'josé@exemple.fr',
  'a@b.example\u0085',
  `${'a'.repeat(EMAIL_MAX - '@b.example'.length + 1)}@b.example`,
];

const PLAIN = [
  'dana@example.org',
  'Dana.O+leads@Example.co.uk',
  "o'brien@example.ie",
  'a_b-c@sub-domain.example',
  'x@b.co',
  'a@b.xn--p1ai',
  `${'a'.repeat(EMAIL_MAX - '@b.example'.length)}@b.example`,
];

describe('isPlainEmail: one plain address, nothing a mail header could read as more', () => {
  it.each(HOSTILE)('refuses %j', (text) => expect(isPlainEmail(text)).toBe(false));
  it.each(PLAIN)('takes %j', (text) => expect(isPlainEmail(text)).toBe(true));

  it('answers at once on a long near-miss (no runaway backtracking)', () => {
    const started = performance.now();
    isPlainEmail(`${'a-'.repeat(120)}@${'b-'.repeat(60)}`);
    isPlainEmail(`a@${'b.'.repeat(125)}`);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('every mail field uses it, with its own message', () => {
  const display = '"Vuxo-Support" <attacker@evil.example>';
  const list = 'victim3@target.example,postmaster,abuse';

  it.each([display, list])('the visitor request and the contact form refuse %j', (email) => {
    const request = { email, phone: '', name: '', question: 'Hi', consent: true };
    expect(visitorRequestProblems(request)).toEqual({ email: VISITOR_REQUEST_MSG.emailInvalid });
    const message = { name: 'Ada', email, company: '', subject: '', message: 'Hi' };
    expect(contactFormProblems(message)).toEqual({ email: CONTACT_FORM_MSG.emailInvalid });
  });

  it.each([display, list, 'a@b.c>,<d'])('the owner’s addresses refuse %j', (email) => {
    expect(notifyEmailSchema.safeParse(email).error?.issues[0]?.message).toBe(CONTACT_MSG.invalid);
    expect(contactEmailSchema.safeParse(email).error?.issues[0]?.message).toBe(CONTACT_MSG.invalid);
    const facts = {
      phones: [],
      emails: [email],
      websites: [],
      address: null,
      hours: [],
      hoursNotes: [],
      prices: [],
    };
    expect(keyFactsSchema.safeParse(facts).success).toBe(false);
  });

  it('keeps what an empty notification address means: none', () => {
    expect(notifyEmailSchema.parse(' ')).toBeNull();
    expect(notifyEmailSchema.parse(null)).toBeNull();
    expect(notifyEmailSchema.parse(' leads@ines.example ')).toBe('leads@ines.example');
  });

  it('guards the wizard’s other contact too', () => {
    const result = saveConfigRequestSchema.safeParse({
      sessionId: 'x',
      welcomeMessage: 'Hi',
      documentName: 'a.pdf',
      documentPath: '',
      contactChoice: 'other',
      contactEmail: display,
    });
    const issue = result.error?.issues.find((i) => i.path[0] === 'contactEmail');
    expect(issue?.message).toBe(CONTACT_MSG.invalid);
  });
});

describe('a visitor’s phone and name refuse control characters', () => {
  const request = (fields: { phone?: string; name?: string }) =>
    visitorRequestProblems({
      email: 'a@b.example',
      phone: '',
      name: '',
      question: 'Hi',
      consent: true,
      ...fields,
    });

  it('finds C0, DEL and C1 controls, and nothing else', () => {
    for (const c of ['\u0000', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f'])
      expect(hasControlCharacter(`a${c}b`), JSON.stringify(c)).toBe(true);
    expect(hasControlCharacter('Zoë O’Brien-Smith +1 (416) 555-0100')).toBe(false);
  });

  it.each(['+1 416\r\n555 0100', '+1 416\n555 0100', '+1\t416 555 0100', '+1 416 555\u00000100'])(
    'refuses the phone %j',
    (phone) => expect(request({ phone })).toEqual({ phone: VISITOR_REQUEST_MSG.phoneControl }),
  );

  it.each(['Ann\u0000', 'Ann\tLee', 'Ann\u001bLee', 'Ann\u009bLee'])('refuses the name %j', (name) =>
    expect(request({ name })).toEqual({ name: VISITOR_REQUEST_MSG.nameControl }),
  );

  it('still takes an ordinary phone and name', () => {
    expect(request({ phone: '+1 (416) 555-0100', name: 'Zoë O’Brien' })).toEqual({});
  });
});
