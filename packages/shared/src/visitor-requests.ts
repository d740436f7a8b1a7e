import { hasControlCharacter } from './control-characters.js';
import { EMAIL_MAX, isPlainEmail } from './email-address.js';
import { SINGLE_LINE_MSG, isSingleLine } from './single-line.js';

/**
 * Visitors' requests to be contacted (decision 068): the form's fields, its rules and its limits, zod-free so
 * the widget checks them without a schema library, and the wording visitors and owners read.
 */
export const VISITOR_REQUEST_MAX = { email: EMAIL_MAX, phone: 30, name: 100, question: 2_000 } as const;

/** Per day (UTC): each limit keyed by what the client cannot forge (decision 068). */
export const VISITOR_REQUEST_LIMITS = {
  /** Per signed visitor id. */
  perVisitor: 3,
  /** Per network (an HMAC of the address's /24 or /64), for a visitor who drops their id. */
  perNetwork: 10,
  /** Per email address or phone number left, whoever leaves it. */
  perAddress: 3,
  /** Per bot, all visitors together: a flood never buries an owner's inbox. */
  perBot: 50,
} as const;

export const VISITOR_REQUEST_STATUSES = ['new', 'answered', 'closed'] as const;
export type VisitorRequestStatusName = (typeof VISITOR_REQUEST_STATUSES)[number];

/** Who a visitor may ask to talk to: anyone, a person, or a person's place ('the front desk', 'your manager'). */
const SOMEONE =
  '(?:someone|somebody|anyone|anybody|a (?:real |live )?(?:person|human)|an? (?:agent|operator|representative)|' +
  '(?:a |the |your )?(?:front desk|reception|receptionist|staff|team|manager|owner|office)|a member of (?:staff|the team))';
/**
 * A visitor asking for a person: these words (in any case) open the widget's request offer, and the bot answers
 * them with the way to reach one. 'Human resources' and '$10 a person' are no such request.
 */
const WANTS_PERSON = new RegExp(
  [
    `\\b(?:talk|speak|chat) (?:to|with) ${SOMEONE}\\b`,
    `\\b(?:get (?:hold of|in touch with)|put me through to|transfer me to) ${SOMEONE}\\b`,
    '\\b(?:real|live|actual) (?:person|human|agent)\\b',
    '\\b(?:to|with) a human\\b|^human\\b|\\bhuman (?:being|agent|please)\\b',
    '\\bcall me(?: back)?\\b|\\bcontact me\\b|\\bget back to me\\b',
  ].join('|'),
  'i',
);
export const wantsPerson = (message: string): boolean => WANTS_PERSON.test(message.trim());

export interface VisitorRequestInput {
  email: string;
  phone: string;
  name: string;
  question: string;
  consent: boolean;
}
export type VisitorRequestField = keyof VisitorRequestInput;

/** Spaces only, never tabs or line breaks: a phone number goes into the owner's mail as it is. */
const PHONE_SHAPE = /^\+?[\d ().-]{6,30}$/;

export const VISITOR_REQUEST_MSG = {
  offer: (business: string) => `Leave your email and ${business} will get back to you`,
  offerButton: 'Leave your email',
  /** The chat header's menu (the widget and the public chat) and its item that opens the form at any time. */
  menuLabel: 'More options',
  menuItem: 'Ask for a reply',
  title: (business: string) => `Ask ${business} to get back to you`,
  emailLabel: 'Email',
  phoneLabel: 'Or phone',
  nameLabel: 'Name (optional)',
  questionLabel: 'Your question',
  consent: (business: string) =>
    `I agree that ${business} may contact me about this question at the email or phone I gave.`,
  send: 'Send',
  cancel: 'Cancel',
  sent: (business: string) => `Thank you. ${business} has your request and will get back to you.`,
  contactRequired: 'Please enter your email or phone number',
  emailInvalid: 'Please enter a valid email address, such as you@example.com',
  emailTooLong: `Email address cannot exceed ${VISITOR_REQUEST_MAX.email} characters`,
  phoneInvalid: 'Please enter a phone number of digits, spaces and + ( ) - only',
  phoneControl: 'Phone number cannot contain tabs, line breaks or other control characters',
  nameTooLong: `Name cannot exceed ${VISITOR_REQUEST_MAX.name} characters`,
  nameControl: 'Name cannot contain tabs or other control characters',
  questionRequired: 'Please write your question',
  questionTooLong: `Question cannot exceed ${VISITOR_REQUEST_MAX.question} characters`,
  consentRequired: 'Please agree to be contacted, so the business may reply',
  limitReached: 'You have sent as many requests as we can take today. Please try again tomorrow.',
  botLimitReached:
    'This business has received as many requests as it can take today. Please try again tomorrow.',
  off: 'This bot does not take requests.',
  failed: 'Your request could not be sent. Please try again.',
} as const;

/** Each field's problem with the (trimmed) input; an empty object when it can be sent. */
export function visitorRequestProblems(
  input: VisitorRequestInput,
): Partial<Record<VisitorRequestField, string>> {
  const problems: Partial<Record<VisitorRequestField, string>> = {};
  const email = input.email.trim();
  const phone = input.phone.trim();
  const name = input.name.trim();
  const question = input.question.trim();
  if (!email && !phone) problems.email = VISITOR_REQUEST_MSG.contactRequired;
  if (email.length > VISITOR_REQUEST_MAX.email) problems.email = VISITOR_REQUEST_MSG.emailTooLong;
  else if (email && !isPlainEmail(email)) problems.email = VISITOR_REQUEST_MSG.emailInvalid;
  if (hasControlCharacter(phone)) problems.phone = VISITOR_REQUEST_MSG.phoneControl;
  else if (phone && !PHONE_SHAPE.test(phone)) problems.phone = VISITOR_REQUEST_MSG.phoneInvalid;
  if (name.length > VISITOR_REQUEST_MAX.name) problems.name = VISITOR_REQUEST_MSG.nameTooLong;
  else if (!isSingleLine(name)) problems.name = SINGLE_LINE_MSG;
  else if (hasControlCharacter(name)) problems.name = VISITOR_REQUEST_MSG.nameControl;
  if (!question) problems.question = VISITOR_REQUEST_MSG.questionRequired;
  else if (question.length > VISITOR_REQUEST_MAX.question)
    problems.question = VISITOR_REQUEST_MSG.questionTooLong;
  if (!input.consent) problems.consent = VISITOR_REQUEST_MSG.consentRequired;
  return problems;
}

/** The owner's one-click reply: a mailto with the question quoted. */
export function requestReplyLink(
  request: { email: string | null; question: string },
  botName: string,
): string | null {
  if (!request.email) return null;
  const quoted = request.question
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const subject = `Re: your question to ${botName}`;
  const body = `\n\nYou wrote:\n${quoted}\n`;
  return `mailto:${encodeURIComponent(request.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
