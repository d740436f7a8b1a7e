import { CONTACT_EMAIL_MAX, CONTACT_FORM_MAX } from './limits.js';
import { CONTACT_FORM_MSG } from './messages.js';
import { isPlainEmail } from './email-address.js';
import { SINGLE_LINE_MSG, isSingleLine } from './single-line.js';

/** The site's contact form: its fields and its rules, zod-free so the page checks them without a schema library. */
export interface ContactFormInput {
  name: string;
  email: string;
  company: string;
  subject: string;
  message: string;
}
export type ContactFormField = keyof ContactFormInput;

/** Each field's problem with the (trimmed) input, in the form's order; an empty object when it can be sent. */
export function contactFormProblems(input: ContactFormInput): Partial<Record<ContactFormField, string>> {
  const problems: Partial<Record<ContactFormField, string>> = {};
  const name = input.name.trim();
  const email = input.email.trim();
  const message = input.message.trim();
  if (!name) problems.name = CONTACT_FORM_MSG.nameRequired;
  else if (name.length > CONTACT_FORM_MAX.name) problems.name = CONTACT_FORM_MSG.nameTooLong;
  else if (!isSingleLine(name)) problems.name = SINGLE_LINE_MSG;
  if (!email) problems.email = CONTACT_FORM_MSG.emailRequired;
  else if (email.length > CONTACT_EMAIL_MAX) problems.email = CONTACT_FORM_MSG.emailTooLong;
  else if (!isPlainEmail(email)) problems.email = CONTACT_FORM_MSG.emailInvalid;
  const company = input.company.trim();
  const subject = input.subject.trim();
  if (company.length > CONTACT_FORM_MAX.company) problems.company = CONTACT_FORM_MSG.companyTooLong;
  else if (!isSingleLine(company)) problems.company = SINGLE_LINE_MSG;
  if (subject.length > CONTACT_FORM_MAX.subject) problems.subject = CONTACT_FORM_MSG.subjectTooLong;
  else if (!isSingleLine(subject)) problems.subject = SINGLE_LINE_MSG;
  if (!message) problems.message = CONTACT_FORM_MSG.messageRequired;
  else if (message.length > CONTACT_FORM_MAX.message) problems.message = CONTACT_FORM_MSG.messageTooLong;
  return problems;
}
