/** Reaching the company: the contact details and the contact form. Exact texts. */
import type { Tone } from '../bot.js';
import { CONTACT_EMAIL_MAX, CONTACT_FORM_MAX } from '../limits.js';

export const CONTACT_MSG = {
  save: 'Save contact',
  saved: 'Contact saved. The bot now points visitors to this address.',
  savedNone: 'Contact saved. The bot now gives visitors no address.',
  saveFailed: (message: string) => `Failed to save the contact: ${message}`,
  required: 'Please enter an email address',
  invalid: 'Please enter a valid email address, such as help@yourbusiness.com',
  tooLong: `Email address cannot exceed ${CONTACT_EMAIL_MAX} characters`,
} as const;

/** The wizard's question (its last configuration step): which contact the bot gives when it cannot answer. */
export const CONTACT_CHOICE_MSG = {
  legend: 'When the bot cannot answer, which contact does it give visitors?',
  /** The sign-in email is not known before sign-in (the wizard can be filled in signed out). */
  signIn: (email: string | null | undefined) =>
    email
      ? `Your sign-in email (${email}) — visitors will see it`
      : 'Your sign-in email — visitors will see it',
  other: 'Another email address',
  otherField: 'Contact email address',
  none: 'No contact',
  noneHint: 'The bot says it does not know, without giving an address.',
} as const;

/** A bot with no contact declines in its tone without pointing anywhere (the others name the contact). */
export const NO_CONTACT_DECLINES: Record<Tone, string> = {
  friendly: "I'm sorry, I couldn't find that in my documents, so I don't know the answer to that one.",
  professional: "I'm sorry, but I don't have information about that in my documents.",
  casual: "Hmm, I couldn't find that in my docs, so I don't know.",
  formal: 'I regret that I could not find information on this matter in my documents.',
};

/** The site's contact form (/contact). */
export const CONTACT_FORM_MSG = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Name cannot exceed ${CONTACT_FORM_MAX.name} characters`,
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address, such as you@yourbusiness.com',
  emailTooLong: `Email address cannot exceed ${CONTACT_EMAIL_MAX} characters`,
  companyTooLong: `Company cannot exceed ${CONTACT_FORM_MAX.company} characters`,
  subjectTooLong: `Subject cannot exceed ${CONTACT_FORM_MAX.subject} characters`,
  messageRequired: 'Please write your message',
  messageTooLong: `Message cannot exceed ${CONTACT_FORM_MAX.message} characters`,
  sent: 'Thank you! Your message has been sent, and a real person will reply within one business day.',
  sendFailed: (message: string) => `Failed to send your message: ${message}`,
  sendFailedStatus: (status: number) => `Sending failed with status ${status}`,
} as const;

/** The payment page's messages (red alert above the card form) and the payment API's refusals. */
