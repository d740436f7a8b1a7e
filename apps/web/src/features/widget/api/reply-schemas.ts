/** The schemas the widget reads its replies with (and valibot with them): loaded by load-reply-schemas.ts. */
export {
  chatResponseSchema,
  generateQuestionsResponseSchema,
  publicBotInfoResponseSchema,
} from '@vuxo/shared/chat-replies';
export { chatStreamEventSchema } from '@vuxo/shared/chat-stream';
export { readReply } from '@vuxo/shared/replies';
