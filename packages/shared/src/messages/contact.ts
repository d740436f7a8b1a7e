/** Reaching the company: the contact details and the contact form. Exact texts. */
import { CONTACT_EMAIL_MAX, CONTACT_FORM_MAX } from '../limits.js';

export const CONTACT_MSG = {
  label: "Contact for questions the bot can't answer",
  hint: 'When your document does not hold the answer, the bot asks visitors to email this address.',
  save: 'Save contact',
  saved: 'Contact saved. The bot now points visitors to this address.',
  saveFailed: (message: string) => `Failed to save the contact: ${message}`,
  required: 'Please enter an email address',
  invalid: 'Please enter a valid email address, such as help@yourbusiness.com',
  tooLong: `Email address cannot exceed ${CONTACT_EMAIL_MAX} characters`,
} as const;

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
