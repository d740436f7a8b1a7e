import type { Sharp } from 'sharp';

/**
 * The tilt of a photographed page, by projection profiles: ink pixels are projected onto the page's side at each
 * angle tried, and the angle whose rows come out sharpest (the largest sum of squared row counts) is the lines'
 * angle. Tesseract finds nothing at all on a page tilted 4.5° or more with its edge in view (bench/ocr's photos,
 * decision 078); its own rotateAuto does not correct so far.
 */
const SKEW = {
  /** The image is measured this wide (a line of body text stays a few pixels tall). */
  width: 800,
  /** Angles tried, in degrees: -most … +most by step. */
  most: 10,
  step: 0.25,
  /** A smaller tilt is left to Tesseract. */
  least: 0.5,
  /** Ink: darker than this share of its neighbourhood's mean (shade lowers both alike). */
  inkShare: 0.8,
  /** Pixels this near the border are not read (a blur's edge is no ink). */
  margin: 24,
  /** With fewer ink pixels there are no lines to measure. */
  minInk: 200,
} as const;

/** The page's tilt in degrees, clockwise as sharp's rotate counts it; 0 when small or not measurable. */
export async function skewAngle(page: Sharp): Promise<number> {
  // Loaded with the first image, as prepare-image.ts loads it.
  const { default: sharp } = await import('sharp');
  const small = await page
    .clone()
    .greyscale()
    .resize({ width: SKEW.width })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = small.info;
  const mean = await sharp(small.data, { raw: small.info }).blur(8).extractChannel(0).raw().toBuffer();
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = SKEW.margin; y < height - SKEW.margin; y++) {
    for (let x = SKEW.margin; x < width - SKEW.margin; x++) {
      const i = y * width + x;
      if (small.data[i]! < SKEW.inkShare * mean[i]!) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < SKEW.minInk) return 0;
  let best = 0;
  let bestScore = -1;
  const rows = new Float64Array(height + 2 * width);
  for (let angle = -SKEW.most; angle <= SKEW.most + 1e-9; angle += SKEW.step) {
    const radians = (angle * Math.PI) / 180;
    const sin = Math.sin(radians);
    const cos = Math.cos(radians);
    rows.fill(0);
    for (let k = 0; k < xs.length; k++) rows[Math.round(ys[k]! * cos - xs[k]! * sin + width)]! += 1;
    let score = 0;
    for (const count of rows) score += count * count;
    // Ties keep the angle nearest 0 (angles run from -most up, so a later equal score nearer 0 wins).
    if (score > bestScore || (score === bestScore && Math.abs(angle) < Math.abs(best))) {
      bestScore = score;
      best = angle;
    }
  }
  return Math.abs(best) < SKEW.least ? 0 : best;
}
