import { API } from '@vuxo/shared/api';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { readReply } from '@vuxo/shared/replies';
import { saveDocumentTextResponseSchema, type SaveDocumentTextFields } from '@vuxo/shared/schemas';
import { ApiError, errorMessage, errorOf, sendApi } from '../../../app/api-client';

/**
 * POST /api/wizard-document-text: the owner's fix of the text read from their document, sent as a text file like
 * an upload. Answers the new text's opening words; throws 'Failed to save the text: …'.
 */
export async function saveDocumentText(
  input: SaveDocumentTextFields & { text: string; token: string | null },
): Promise<string> {
  const form = new FormData();
  form.append('sessionId', input.sessionId);
  form.append('filePath', input.filePath);
  form.append('text', new Blob([input.text], { type: 'text/plain;charset=utf-8' }), 'text.txt');
  let answer;
  try {
    answer = await sendApi(API.documentText, { method: 'POST', body: form, token: input.token });
  } catch (error) {
    throw new ApiError(WIZARD_MSG.documentTextSaveFailed(errorMessage(error)), 0, null, null, {
      cause: error,
    });
  }
  const reply = answer.ok ? readReply(saveDocumentTextResponseSchema, answer.body) : null;
  if (!reply) {
    const message = errorOf(answer.body) ?? `status ${answer.status}`;
    throw new ApiError(WIZARD_MSG.documentTextSaveFailed(message), answer.status, null, answer.body);
  }
  return reply.text;
}
