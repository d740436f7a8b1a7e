import { OCR_UNSURE_MAX } from '@vuxo/shared';
import { normalizeText } from '../../../src/engine/extract/normalize-text.js';
import {
  markUnsure,
  takeUnsureMarks,
  withoutUnsureMarks,
} from '../../../src/engine/extract/ocr/unsure-marks.js';

describe('the words OCR was unsure of, carried through the text', () => {
  it('become offsets in the final text, after normalizing and joining pages', () => {
    const page = normalizeText(`  Lasagna al forno $18 \r\n${markUnsure('Tiramlsu')} $7\n\n\n\n`);
    const joined = normalizeText(['Welcome to Luigi Trattoria.', page, `${markUnsure('8pm')}`].join('\n\n'));
    const { text, unsure } = takeUnsureMarks(joined);
    expect(text).toBe('Welcome to Luigi Trattoria.\n\nLasagna al forno $18\nTiramlsu $7\n\n8pm');
    expect(unsure.map(([start, end]) => text.slice(start, end))).toEqual(['Tiramlsu', '8pm']);
  });

  it('are at most OCR_UNSURE_MAX, the first ones', () => {
    const words = Array.from({ length: OCR_UNSURE_MAX + 10 }, (_, i) => markUnsure(`w${i}`));
    const { text, unsure } = takeUnsureMarks(words.join(' '));
    expect(unsure).toHaveLength(OCR_UNSURE_MAX);
    expect(text.slice(...unsure[0]!)).toBe('w0');
  });

  it('cannot come from a document’s own text', () => {
    const typed = `A typed ${markUnsure('word')} and a stray \uFDD1 mark`;
    expect(takeUnsureMarks(withoutUnsureMarks(typed))).toEqual({
      text: 'A typed word and a stray  mark',
      unsure: [],
    });
  });
});
