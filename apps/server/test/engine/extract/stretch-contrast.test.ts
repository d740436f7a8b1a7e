import { stretchContrast } from '../../../src/engine/extract/ocr/prepare-image.js';

describe('stretchContrast', () => {
  it('makes the 1st percentile black and the 99th white, linearly between', () => {
    // A dim photo: greys from 60 to 160, one level per pixel a hundred times over.
    const grey = Uint8Array.from({ length: 10_100 }, (_, i) => 60 + (i % 101));
    stretchContrast(grey);
    expect(Math.min(...grey)).toBe(0);
    expect(Math.max(...grey)).toBe(255);
    expect(grey[50]).toBeGreaterThan(120);
    expect(grey[50]).toBeLessThan(135);
  });

  it('lets a few outliers clip instead of deciding the range', () => {
    const grey = new Uint8Array(1000).fill(100);
    grey.fill(150, 500);
    grey[0] = 0;
    grey[1] = 255;
    stretchContrast(grey);
    expect(grey[2]).toBe(0);
    expect(grey[999]).toBe(255);
  });

  it('leaves a page of one grey alone', () => {
    const grey = new Uint8Array(100).fill(200);
    stretchContrast(grey);
    expect(grey.every((level) => level === 200)).toBe(true);
  });
});
