import sharp from 'sharp';
import { skewAngle } from '../../../src/engine/extract/ocr/deskew.js';
import { blankPhoto, MENU_LINES, photographed, renderScan } from '../../fixtures/scan-fixtures.js';

describe('skewAngle', () => {
  const page = renderScan(MENU_LINES);
  const tilted = (degrees: number) => sharp(page).rotate(degrees, { background: '#f4f1ea' });

  it('measures a page tilted either way, as sharp counts the rotation', async () => {
    expect(await skewAngle(tilted(5))).toBeCloseTo(5, 0);
    expect(await skewAngle(tilted(-7))).toBeCloseTo(-7, 0);
  });

  it('measures the tilt of a photo lit from one side', async () => {
    expect(await skewAngle(sharp(await photographed(page)))).toBeCloseTo(3, 0);
  });

  it('leaves a straight page, a small tilt and a page without text alone', async () => {
    expect(await skewAngle(sharp(page))).toBe(0);
    expect(await skewAngle(tilted(0.25))).toBe(0);
    expect(await skewAngle(sharp(await blankPhoto()))).toBe(0);
  });
});
