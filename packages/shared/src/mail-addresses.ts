/**
 * Addresses Vuxo mails for an owner (decision 085). An address other than the owner's verified sign-in email
 * gets nothing until its holder confirms it from a signed link; from that mail they can also say "never mail me
 * again", which holds for every owner. Every mail Vuxo sends for visitors is capped per owner and per recipient.
 */
export const MAIL_CONFIRM_PATH = '/api/email/confirm';
export const MAIL_CONFIRM_TOKEN_MAX = 300;

export const MAIL_LIMITS = {
  /** Days a confirmation link works. */
  confirmLinkDays: 7,
  /** Confirmation mails one owner may cause per day (UTC), all addresses together. */
  confirmationsPerOwner: 3,
  /** Confirmation mails one address may get per day (UTC), all owners together. */
  confirmationsPerAddress: 2,
  /** Visitor-request mails per owner per day (UTC), all bots together; beyond it requests wait in the inbox. */
  requestMailsPerOwner: 100,
  /** Visitor-request mails one address may get per day (UTC), all owners together. */
  requestMailsPerRecipient: 100,
  /** Days an unsubscribe link works; every mail carries a fresh one. */
  unsubscribeLinkDays: 365,
} as const;

/** Where an address stands for the owner who named it. */
export const MAIL_ADDRESS_STATES = ['confirmed', 'waiting', 'refused'] as const;
export type MailAddressState = (typeof MAIL_ADDRESS_STATES)[number];

export const MAIL_CONFIRM_MSG = {
  question: (address: string, owner: string) =>
    `${owner} asked Vuxo to send the visitor requests of their chatbot to ${address}. Do you want them?`,
  confirm: 'Yes, send them to me',
  refuse: 'Never mail me again',
  confirmed: (address: string) => `Thank you. Visitor requests will now reach ${address}.`,
  refused: (address: string) => `Done. Vuxo will not mail ${address} again.`,
  invalidLink:
    'This confirmation link is not valid or has expired. Ask for a new one from the bot’s settings.',
  /** The owner's settings, beside the address. */
  waiting: (address: string, sendTo: string | null) =>
    `Waiting for confirmation: we sent a link to ${address}.` +
    (sendTo
      ? ` Until it is confirmed, requests go to ${sendTo}.`
      : ' Until it is confirmed, requests wait here.'),
  refusedHere: (address: string) =>
    `${address} asked us never to mail it. Requests go to your sign-in email instead; choose another address to change that.`,
} as const;

/** The form an address is compared and counted in. */
export const mailAddressKey = (address: string) => address.trim().toLowerCase();

/** Providers that deliver `name+anything@` to `name@` (and Gmail, which also ignores dots in the name). */
const PLUS_TAG_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'me.com',
  'fastmail.com',
  'proton.me',
  'protonmail.com',
]);
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, for counting per address (F6 of issue 43): lower case, and for the providers
 * above without the `+tag` (and Gmail's dots), so `same+1@gmail.com` counts as `same@gmail.com`.
 */
export function mailboxKey(address: string): string {
  const key = mailAddressKey(address);
  const at = key.lastIndexOf('@');
  if (at <= 0) return key;
  const domain = key.slice(at + 1);
  if (!PLUS_TAG_DOMAINS.has(domain)) return key;
  let name = key.slice(0, at).split('+')[0]!;
  if (GMAIL.has(domain)) name = name.replaceAll('.', '');
  return `${name}@${GMAIL.has(domain) ? 'gmail.com' : domain}`;
}
