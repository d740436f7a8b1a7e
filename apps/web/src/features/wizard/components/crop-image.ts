import type { Area } from 'react-easy-crop';
import { AVATAR_SIZE_PX } from '@vuxo/shared/limits';
import { WIZARD_MSG } from '@vuxo/shared/messages';

/** Reads a chosen image as a data URL and checks that the browser can decode it. */
export async function readImage(file: File): Promise<string> {
  try {
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
      reader.readAsDataURL(file);
    });
    await loadImage(dataUrl);
    return dataUrl;
  } catch (error) {
    throw new Error(WIZARD_MSG.imageProcessFailed((error as Error).message), { cause: error });
  }
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be decoded.'));
    image.src = src;
  });
}

export interface AvatarOutput {
  file: File;
  preview: string;
}

export const AVATAR_OUTPUT_NAME = 'avatar.png';

/**
 * Draws the chosen area onto a 200x200 canvas and returns it as a PNG (the avatar's output). Throws the
 * editor's messages: 'Image editor failed to initialize',
 * 'Failed to generate image blob', or 'Failed to save image: …'.
 */
export async function cropToAvatar(src: string, area: Area): Promise<AvatarOutput> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE_PX;
  canvas.height = AVATAR_SIZE_PX;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(WIZARD_MSG.editorInitFailed);
  let blob: Blob | null;
  try {
    const image = await loadImage(src);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, AVATAR_SIZE_PX, AVATAR_SIZE_PX);
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  } catch (error) {
    throw new Error(WIZARD_MSG.imageSaveFailed((error as Error).message), { cause: error });
  }
  if (!blob) throw new Error(WIZARD_MSG.blobFailed);
  return {
    file: new File([blob], AVATAR_OUTPUT_NAME, { type: 'image/png' }),
    preview: canvas.toDataURL('image/png'),
  };
}
