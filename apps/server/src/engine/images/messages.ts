import { WIZARD_MSG } from '@vuxo/shared/messages';

/** User-facing messages of avatar processing; the API returns them as the `error` field. */
export const IMAGE_MSG = {
  empty: 'The image file is empty.',
  wrongType: WIZARD_MSG.imageType,
  tooLarge: WIZARD_MSG.imageTooLarge,
  tooManyPixels: 'This image is too large to process.',
  corrupt: 'This image appears to be damaged and could not be read.',
} as const;
