import { API } from '@vuxo/shared/api';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { uploadImageResponseSchema } from '@vuxo/shared/schemas';
import { ApiError, errorMessage, errorOf, sendApi } from '../../../app/api-client';
import { readReply } from '@vuxo/shared/replies';
import { CALL_TIMEOUT_MS } from '../../../ui-tuning';

/** The file name the avatar is sent under: the editor's output is a PNG. */
export const AVATAR_FILE_NAME = 'avatar.png';

/**
 * POST /api/upload-image (wizard call 2): multipart `image` + `sessionId`,
 * Bearer when signed in. Returns the upload id; throws 'Image upload failed: …' or '… (<status>)'.
 */
export async function uploadImage(input: {
  image: Blob | null;
  sessionId: string;
  token: string | null;
}): Promise<string> {
  if (!input.image) throw new Error(WIZARD_MSG.noImageFile);
  const form = new FormData();
  form.append('sessionId', input.sessionId);
  form.append('image', input.image, AVATAR_FILE_NAME);
  let answer;
  try {
    answer = await sendApi(API.uploadImage, {
      method: 'POST',
      body: form,
      token: input.token,
      timeoutMs: CALL_TIMEOUT_MS.uploadImage,
    });
  } catch (error) {
    throw new ApiError(WIZARD_MSG.imageUploadFailed(errorMessage(error)), 0, null, null, { cause: error });
  }
  const failed = (message: string) => new ApiError(message, answer.status, null, answer.body);
  if (!answer.ok) {
    const message = errorOf(answer.body);
    throw failed(
      message ? WIZARD_MSG.imageUploadFailed(message) : WIZARD_MSG.imageUploadFailedStatus(answer.status),
    );
  }
  const reply = readReply(uploadImageResponseSchema, answer.body);
  if (!reply) throw failed(WIZARD_MSG.imageUploadFailedStatus(answer.status));
  return reply.tempImagePath;
}
