import type { FastifyInstance } from 'fastify';
import {
  API,
  contactMessageRequestSchema,
  contactMessageResponseSchema,
  type ContactMessageResponse,
} from '@vuxo/shared';
import { replies } from '../http/response-schemas.js';
import type { ContactMessagesService } from '../services/contact-messages.js';

/** Anyone may write, so messages are limited per address: a person sends a few, a script many. */
const CONTACT_RATE_LIMIT = { rateLimit: { max: 5, timeWindow: '10 minutes' } };
/** The form's fields together stay far below this; a larger body is not a message. */
const CONTACT_BODY_MAX_BYTES = 64 * 1024;

/** The site's contact form. */
export function contactRoutes(app: FastifyInstance, deps: { messages: ContactMessagesService }) {
  app.post(
    API.contactMessages,
    {
      config: CONTACT_RATE_LIMIT,
      bodyLimit: CONTACT_BODY_MAX_BYTES,
      ...replies(contactMessageResponseSchema),
    },
    async (request): Promise<ContactMessageResponse> => {
      await deps.messages.store(contactMessageRequestSchema.parse(request.body));
      return { success: true };
    },
  );
}
