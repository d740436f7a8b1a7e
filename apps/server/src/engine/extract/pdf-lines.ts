/** A positioned run of text on a PDF page (the part of pdf.js's TextItem we use). */
export interface PositionedText {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
  hasEOL: boolean;
}

interface Line {
  text: string;
  y: number;
  size: number;
  endX: number;
}

/** Relative font-size change that starts a new paragraph (a heading and its body text). */
const SIZE_CHANGE = 0.15;
/** A vertical gap this many times the usual line gap of the page starts a new paragraph. */
const PARAGRAPH_GAP = 1.4;

function buildLines(items: PositionedText[]): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  let ended = false;
  for (const item of items) {
    const size = item.size > 0 ? item.size : 10;
    if (item.str.length > 0) {
      const sameLine =
        line !== null && !ended && Math.abs(item.y - line.y) <= 0.5 * Math.max(size, line.size);
      if (!line || !sameLine) {
        line = { text: item.str, y: item.y, size, endX: item.x + item.width };
        lines.push(line);
      } else {
        const gap = item.x - line.endX;
        // A gap, or a jump back to the left (runs out of order), separates words.
        const apart = gap > 0.15 * size || gap < -size;
        const needsSpace = apart && !/\s$/.test(line.text) && !/^\s/.test(item.str);
        line.text += (needsSpace ? ' ' : '') + item.str;
        line.endX = item.x + item.width;
        line.size = Math.max(line.size, size);
      }
      ended = false;
    }
    if (item.hasEOL && line) ended = true;
  }
  return lines.filter((candidate) => candidate.text.trim().length > 0);
}

/** The usual distance between two lines of the same size: a low percentile, so paragraph gaps don't count. */
function usualLineGap(lines: Line[]): number | null {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const previous = lines[i - 1];
    const current = lines[i];
    if (!previous || !current) continue;
    const gap = previous.y - current.y;
    if (gap > 0 && Math.abs(previous.size - current.size) <= SIZE_CHANGE * previous.size) gaps.push(gap);
  }
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor((gaps.length - 1) / 4)] ?? null;
}

/** Rebuilds a page's text: items → lines (by baseline), lines → paragraphs (by gaps and size changes). */
export function pageItemsToText(items: PositionedText[]): string {
  const lines = buildLines(items);
  const usual = usualLineGap(lines);
  let text = '';
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    if (previous) {
      const gap = previous.y - line.y;
      const movedUp = gap < -0.5 * line.size;
      const sizeChanged =
        Math.abs(previous.size - line.size) > SIZE_CHANGE * Math.max(previous.size, line.size);
      const limit = PARAGRAPH_GAP * (usual ?? 1.2 * Math.max(previous.size, line.size));
      text += movedUp || gap > limit || sizeChanged ? '\n\n' : '\n';
    }
    text += line.text.trim();
  });
  return text;
}
