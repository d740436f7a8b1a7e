import { z } from 'zod';
import { contactFormProblems, type ContactFormField } from '../contact-form.js';

/** How long any field may be before it is refused unread (the form's own limits are far below). */
const FIELD_CEILING = 20_000;
const field = z.string().max(FIELD_CEILING);

/** The site's contact form, checked with the same rules the page uses; fields come back trimmed. */
export const contactMessageRequestSchema = z
  .object({
    name: field,
    email: field,
    company: field.default(''),
    subject: field.default(''),
    message: field,
  })
  .superRefine((input, ctx) => {
    for (const [path, message] of Object.entries(contactFormProblems(input)))
      ctx.addIssue({ code: 'custom', path: [path as ContactFormField], message });
  })
  .transform((input) => ({
    name: input.name.trim(),
    email: input.email.trim(),
    company: input.company.trim(),
    subject: input.subject.trim(),
    message: input.message.trim(),
  }));
export type ContactMessageRequest = z.infer<typeof contactMessageRequestSchema>;

export const contactMessageResponseSchema = z.object({ success: z.literal(true) });
export type ContactMessageResponse = z.infer<typeof contactMessageResponseSchema>;
