import { API, CALL_TIMEOUT_MS, WIZARD_MSG, uploadImageResponseSchema } from '@vuxo/shared';
import { bearer, callApi, errorOf } from './call-api';

/** The file name the avatar is sent under: the editor's output is a PNG. */
export const AVATAR_FILE_NAME = 'avatar.png';

/**
 * POST /api/upload-image (specification, section 7, wizard call 2): multipart `image` + `sessionId`,
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
    answer = await callApi(
      API.uploadImage,
      { method: 'POST', body: form, headers: bearer(input.token) },
      CALL_TIMEOUT_MS.uploadImage,
    );
  } catch (error) {
    throw new Error(WIZARD_MSG.imageUploadFailed((error as Error).message), { cause: error });
  }
  if (!answer.ok) {
    const message = errorOf(answer.body);
    throw new Error(
      message ? WIZARD_MSG.imageUploadFailed(message) : WIZARD_MSG.imageUploadFailedStatus(answer.status),
    );
  }
  const parsed = uploadImageResponseSchema.safeParse(answer.body);
  if (!parsed.success) throw new Error(WIZARD_MSG.imageUploadFailedStatus(answer.status));
  return parsed.data.tempImagePath;
}
