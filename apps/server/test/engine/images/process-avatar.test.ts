import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, WIZARD_MSG } from '@vuxo/shared';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { IMAGE_MSG } from '../../../src/engine/images/messages.js';
import { ImageError, processAvatar } from '../../../src/engine/images/process-avatar.js';
import type { ImageErrorCode } from '../../../src/engine/images/process-avatar.js';
import { STATUS_OF } from '../../../src/http/errors.js';
import type { ImageFormat } from '../../fixtures/image-fixtures.js';
import {
  makeAnimated,
  makeImage,
  makeJpegWithExif,
  makePixelBombPng,
} from '../../fixtures/image-fixtures.js';

async function expectImageRefusal(
  work: Promise<unknown>,
  code: ImageErrorCode,
  status: number,
): Promise<void> {
  const error = await work.then(
    () => expect.fail(`expected a refusal (${code})`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageError);
  const refusal = error as ImageError;
  expect({ code: refusal.code, status: STATUS_OF[refusal.kind], message: refusal.message }).toEqual({
    code,
    status,
    message: IMAGE_MSG[code],
  });
}

async function expectAvatarPng(png: Uint8Array): Promise<Metadata> {
  const metadata = await sharp(png).metadata();
  expect(metadata).toMatchObject({ format: 'png', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.pages ?? 1).toBe(1);
  return metadata;
}

describe('processAvatar', () => {
  it.each<ImageFormat>(['jpeg', 'png', 'gif', 'webp'])('turns a %s into a 200x200 PNG', async (format) => {
    await expectAvatarPng(await processAvatar(await makeImage(format)));
  });

  it('crops to cover, centred: both halves of a wide image stay visible', async () => {
    const png = await processAvatar(await makeImage('png', 400, 100));
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number): number[] => [...data.subarray(x * info.channels, x * info.channels + 3)];
    expect(pixel(10)).toEqual([255, 0, 0]);
    expect(pixel(190)).toEqual([0, 0, 255]);
  });

  it.each(['gif', 'webp'] as const)('keeps only the first frame of an animated %s', async (format) => {
    const png = await processAvatar(await makeAnimated(format));
    await expectAvatarPng(png);
    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [red = 0, green = 0, blue = 0] = data.subarray(0, 3);
    // WebP frames are lossy: the first frame is red, give or take a few levels.
    expect(red).toBeGreaterThan(230);
    expect(Math.max(green, blue)).toBeLessThan(25);
  });

  it('drops EXIF metadata', async () => {
    const jpeg = await makeJpegWithExif();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const png = await processAvatar(jpeg);
    await expectAvatarPng(png);
    expect(Buffer.from(png).includes('Jane Doe')).toBe(false);
  });

  it('refuses an empty file', async () => {
    await expectImageRefusal(processAvatar(new Uint8Array()), 'empty', 400);
  });

  it('refuses a file over 1 MB', async () => {
    const bytes = new Uint8Array(AVATAR_MAX_BYTES + 1);
    bytes.set(await makeImage('png'));
    await expectImageRefusal(processAvatar(bytes), 'tooLarge', 413);
    expect(IMAGE_MSG.tooLarge).toBe(WIZARD_MSG.imageTooLarge);
  });

  it('refuses SVG, HTML, PDF and other images by their bytes', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    for (const bytes of [
      new TextEncoder().encode(svg),
      new TextEncoder().encode('<!doctype html><html><body><img src=x></body></html>'),
      new TextEncoder().encode('%PDF-1.7\n'),
      new Uint8Array(tiff),
    ]) {
      await expectImageRefusal(processAvatar(bytes), 'wrongType', 415);
    }
    expect(IMAGE_MSG.wrongType).toBe(WIZARD_MSG.imageType);
  });

  it('refuses an image that declares a huge pixel count', async () => {
    const bomb = makePixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2048);
    await expectImageRefusal(processAvatar(bomb), 'tooManyPixels', 422);
  });

  it('refuses a damaged image', async () => {
    const png = await makeImage('png');
    await expectImageRefusal(processAvatar(png.slice(0, 120)), 'corrupt', 422);
    const jpeg = await makeImage('jpeg');
    await expectImageRefusal(processAvatar(jpeg.slice(0, 200)), 'corrupt', 422);
  });
});
