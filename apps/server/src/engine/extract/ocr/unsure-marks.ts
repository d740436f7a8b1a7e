import { OCR_UNSURE_MAX } from '@vuxo/shared/limits';

/**
 * An unsure word travels inside the text between these two Unicode noncharacters (reserved for a program's own
 * use, never in interchange text), so its place survives every normalization and join after the page is read;
 * `takeUnsureMarks` turns them into offsets in the final text. Text that does not come from OCR has them removed
 * first (`withoutUnsureMarks`), so only OCR can mark a word.
 */
const OPEN = '\uFDD0';
const CLOSE = '\uFDD1';
const ANY_MARK = /[\uFDD0\uFDD1]/g;

export const markUnsure = (word: string): string => `${OPEN}${word}${CLOSE}`;

export const withoutUnsureMarks = (text: string): string => text.replace(ANY_MARK, '');

/** The text without marks, and the [start, end) offsets of the first OCR_UNSURE_MAX marked words in it. */
export function takeUnsureMarks(marked: string): { text: string; unsure: [number, number][] } {
  const unsure: [number, number][] = [];
  let text = '';
  let start = -1;
  for (const part of marked.split(/([\uFDD0\uFDD1])/)) {
    if (part === OPEN) start = text.length;
    else if (part === CLOSE) {
      if (start >= 0 && text.length > start && unsure.length < OCR_UNSURE_MAX)
        unsure.push([start, text.length]);
      start = -1;
    } else text += part;
  }
  return { text, unsure };
}
