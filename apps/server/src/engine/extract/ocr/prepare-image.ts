import { ExtractionError } from '../errors.js';
import { OCR_IMAGE_MAX_PIXELS } from '../limits.js';
import { skewAngle } from './deskew.js';

/**
 * OCR reads best when a line of body text is 20-40 px tall: a page is brought to about 300 dpi across an A4
 * width; a phone photo of a page, often 1500 px wide, is enlarged (bench/ocr: 84 % of its words at 1800 px,
 * 93 % at 2400).
 */
const TARGET_WIDTH = { min: 2400, max: 2600 };

/** RGBA pixels, as a page renderer gives them. */
export interface RawImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/**
 * A photo or a rendered page, ready for OCR: upright (EXIF), straightened (deskew.ts), grey, contrast stretched
 * and scaled, as a PNG.
 * Binarizing here (a fixed threshold, or the background divided out first) lost 5-9 % of a photo's words in
 * bench/ocr against Tesseract's own binarization of the grey image, so it is left to Tesseract (Sauvola's local
 * threshold, ocr-reader.ts). Decoding is bounded: more than OCR_IMAGE_MAX_PIXELS (a pixel or
 * decompression bomb) or bytes sharp cannot decode are refused before any pixel is allocated.
 */
export async function prepareForOcr(input: Uint8Array | RawImage): Promise<Buffer> {
  // Loaded on the first image, not with the extraction process, which starts per upload (text needs none).
  const { default: sharp } = await import('sharp');
  const source =
    input instanceof Uint8Array
      ? sharp(input, { limitInputPixels: OCR_IMAGE_MAX_PIXELS, failOn: 'error' })
      : sharp(input.pixels, { raw: { width: input.width, height: input.height, channels: 4 } });
  const meta = await source.metadata().catch((cause: unknown) => {
    throw new ExtractionError(isPixelLimit(cause) ? 'tooComplex' : 'corrupt', { cause });
  });
  if (!meta.width || !meta.height) throw new ExtractionError('corrupt');
  if (meta.width * meta.height > OCR_IMAGE_MAX_PIXELS) throw new ExtractionError('tooComplex');
  // EXIF orientation 5-8 swaps the sides.
  const width = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const scaledWidth = Math.min(Math.max(width, TARGET_WIDTH.min), TARGET_WIDTH.max, width * 3);
  try {
    const grey = await source
      .autoOrient()
      .resize({ width: Math.round(scaledWidth), kernel: 'lanczos3' })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    stretchContrast(grey.data);
    // Measured and turned on the decoded grey pixels: decoding a 300 dpi page again would cost more than both.
    const page = () => sharp(grey.data, { raw: grey.info });
    const tilt = await skewAngle(page());
    return await (tilt === 0 ? page() : page().rotate(-tilt, { background: '#ffffff' }))
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (cause) {
    throw new ExtractionError(isPixelLimit(cause) ? 'tooComplex' : 'corrupt', { cause });
  }
}

/** The darkest and lightest share of pixels that may clip when the contrast is stretched (as sharp's normalise). */
const CLIP_SHARE = 0.01;

/**
 * Stretches grey levels in place so that the 1st percentile becomes black and the 99th white. sharp's normalise
 * does the same through the Lab colour space, which took 0.8 s of a 300 dpi page's 1.1 s of preparation.
 */
export function stretchContrast(grey: Uint8Array): void {
  const counts = new Uint32Array(256);
  for (const level of grey) counts[level]!++;
  const clip = grey.length * CLIP_SHARE;
  let low = 0;
  for (let seen = counts[0]!; seen <= clip && low < 255; seen += counts[++low]!);
  let high = 255;
  for (let seen = counts[255]!; seen <= clip && high > 0; seen += counts[--high]!);
  if (high <= low) return;
  const levels = new Uint8Array(256);
  for (let level = 0; level < 256; level++) {
    levels[level] = Math.round((255 * Math.min(Math.max(level - low, 0), high - low)) / (high - low));
  }
  for (let i = 0; i < grey.length; i++) grey[i] = levels[grey[i]!]!;
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit|exceeds pixel/i.test(error.message);
}
