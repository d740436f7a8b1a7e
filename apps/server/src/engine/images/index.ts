export { AVATAR_MAX_INPUT_PIXELS, ImageError, processAvatar } from './process-avatar.js';
export type { ImageErrorCode } from './process-avatar.js';
export { IMAGE_MSG } from './messages.js';
