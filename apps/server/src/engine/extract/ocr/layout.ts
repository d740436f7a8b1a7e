import { markUnsure } from './unsure-marks.js';

/** The parts of Tesseract's result this module reads. */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface OcrWord {
  text: string;
  confidence: number;
  bbox: OcrBox;
}
export interface OcrLine {
  text: string;
  bbox: OcrBox;
  words: OcrWord[];
}
export interface OcrBlock {
  bbox: OcrBox;
  paragraphs: { lines: OcrLine[] }[];
}

/** Below this confidence (0-100) a word is shown to the owner as unsure. */
export const UNSURE_CONFIDENCE = 60;
/** Below this confidence a word of punctuation only is dropped. */
const SPECK_CONFIDENCE = 70;
/** A block whose lines all have at most this many words, right of another, is a column of prices or values. */
const ITEM_COLUMN_MAX_WORDS = 3;

interface Row {
  words: OcrWord[];
  bbox: OcrBox;
}

/**
 * The page's text in reading order, each word OCR was unsure of marked (unsure-marks.ts): blocks as Tesseract ordered them (columns one after the other), paragraphs
 * separated by a blank line. A narrow block of short lines to the right of another (the "$14" column of a price
 * list, which Tesseract sees as a separate column when the gap is wide) is put back on the rows it belongs to,
 * so "Margherita … $14" stays one line.
 */
export function pageLayoutToText(blocks: OcrBlock[]): string {
  const paragraphs = blocks.map((block) =>
    block.paragraphs.map((paragraph) =>
      paragraph.lines.map((line) => ({ words: line.words.filter(isWord), bbox: line.bbox })),
    ),
  );
  const rows = paragraphs.flat(2);
  blocks.forEach((block, index) => {
    const lines = paragraphs[index]!.flat();
    if (lines.length === 0 || !lines.every((line) => line.words.length <= ITEM_COLUMN_MAX_WORDS)) return;
    for (const line of lines) {
      const partner = rowPartner(line, rows, block.bbox);
      if (!partner) continue;
      partner.words.push(...line.words);
      partner.bbox = { ...partner.bbox, x1: Math.max(partner.bbox.x1, line.bbox.x1) };
      line.words = [];
    }
  });
  return paragraphs
    .flat()
    .map((lines) =>
      lines
        .filter((line) => line.words.length > 0)
        .map((line) => line.words.map(wordText).join(' '))
        .join('\n'),
    )
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
}

function wordText(word: OcrWord): string {
  const text = word.text.trim();
  return word.confidence < UNSURE_CONFIDENCE && /[\p{L}\p{N}]/u.test(text) ? markUnsure(text) : text;
}

/** Not a speck: lone marks read with little confidence are shadows and edges of a photo, not text. */
function isWord(word: OcrWord): boolean {
  const text = word.text.trim();
  return text.length > 0 && (/[\p{L}\p{N}$€£]/u.test(text) || word.confidence >= SPECK_CONFIDENCE);
}

/** The nearest line left of `line`, outside its block, whose vertical middle is within half a line of its own. */
function rowPartner(line: Row, rows: Row[], block: OcrBox): Row | undefined {
  const middle = (line.bbox.y0 + line.bbox.y1) / 2;
  const height = Math.max(line.bbox.y1 - line.bbox.y0, 1);
  let best: Row | undefined;
  for (const row of rows) {
    if (row === line || row.words.length === 0 || row.bbox.x1 > block.x0) continue;
    if (Math.abs((row.bbox.y0 + row.bbox.y1) / 2 - middle) > height / 2) continue;
    if (!best || row.bbox.x1 > best.bbox.x1) best = row;
  }
  return best;
}
