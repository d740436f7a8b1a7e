import { detectHeading, isListItem } from './headings.js';
import type { Block, DocumentText } from './types.js';

interface Line {
  text: string;
  page: number | null;
}

const RULE = /^\s*([-*_=])(?:\s*\1){2,}\s*$/;
const PAGE_NUMBER = /^(?:page\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i;
const SENTENCE_END = /[.!?:]["')\]]*$/;
/** A heading may follow a finished sentence, not a lead-in ending with ':' ('We accept:' then 'Visa'). */
const SENTENCE_DONE = /[.!?]["')\]]*$/;

/** Lines repeated at the top or bottom of many pages (running headers and footers), digits ignored. */
function runningLines(pages: { text: string }[]): Set<string> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const lines = page.text
      .split(/\r\n?|\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const edges = new Set([lines[0], lines[1], lines.at(-1), lines.at(-2)].filter((l) => l !== undefined));
    for (const line of edges) {
      const key = line.replace(/\d+/g, '#');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const min = Math.max(3, Math.ceil(pages.length / 2));
  return new Set([...counts].filter(([, n]) => n >= min).map(([key]) => key));
}

function lastText(lines: Line[]): string {
  for (let i = lines.length - 1; i >= 0; i--) {
    const text = lines[i]?.text.trim();
    if (text) return text;
  }
  return '';
}

/** All lines of the document, '' marking a paragraph break. A page break is one unless a sentence runs across it. */
function documentLines(doc: DocumentText): Line[] {
  if (!doc.pages || doc.pages.length === 0) {
    return doc.text.split(/\r\n?|\n/).map((text) => ({ text: text.trimEnd(), page: null }));
  }
  const running = runningLines(doc.pages);
  const lines: Line[] = [];
  for (const { page, text } of doc.pages) {
    const pageLines = text
      .split(/\r\n?|\n/)
      .map((l) => l.trimEnd())
      .filter((l) => !PAGE_NUMBER.test(l.trim()) && !running.has(l.trim().replace(/\d+/g, '#')));
    while (pageLines[0]?.trim() === '') pageLines.shift();
    while (pageLines.at(-1)?.trim() === '') pageLines.pop();
    const last = lastText(lines);
    const first = pageLines[0]?.trim() ?? '';
    const continues = last !== '' && !SENTENCE_END.test(last) && /^\p{Ll}/u.test(first);
    if (!continues) lines.push({ text: '', page });
    for (const l of pageLines) lines.push({ text: l, page });
  }
  return lines;
}

/** Raw blocks: runs of non-empty lines between blank lines and horizontal rules. */
function rawBlocks(lines: Line[]): Line[][] {
  const blocks: Line[][] = [];
  let current: Line[] = [];
  for (const line of lines) {
    if (line.text.trim() === '' || RULE.test(line.text)) {
      if (current.length) blocks.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length) blocks.push(current);
  return blocks;
}

function isStructured(line: string): boolean {
  return isListItem(line) || /\t|\S {3,}\S/.test(line) || /^[^\s:][^:]{0,40}:\s+\S/.test(line.trim());
}

/** Wrapped prose is joined into one paragraph; lists, tables and short-line blocks (addresses) keep their lines. */
function contentBlock(lines: Line[]): Block {
  const page = lines[0]?.page ?? null;
  const texts = lines.map((l) => l.text.trim());
  const structured = texts.filter(isStructured).length;
  const wrapped =
    texts.some((t, i) => i > 0 && /^\p{Ll}/u.test(t)) || texts.slice(0, -1).every((t) => t.length >= 50);
  if (texts.length > 1 && (structured >= 2 || !wrapped)) {
    return { kind: 'list', text: lines.map((l) => l.text.replace(/\s+$/, '')).join('\n'), page };
  }
  let text = '';
  for (const t of texts) {
    if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(t)) text = text.slice(0, -1) + t;
    else text = text ? `${text} ${t}` : t;
  }
  return { kind: 'prose', text: text.replace(/\s+/g, ' '), page };
}

/** The document as headings and paragraph-level blocks, in order. */
export function toBlocks(doc: DocumentText): Block[] {
  const blocks: Block[] = [];
  const raws = rawBlocks(documentLines(doc));
  raws.forEach((raw, r) => {
    const inList = raw.filter((l) => isStructured(l.text)).length >= 2;
    let pending: Line[] = [];
    raw.forEach((line, i) => {
      const previous = raw[i - 1]?.text.trim();
      const heading = detectHeading(line.text, {
        atBlockStart: i === 0,
        afterSentence: previous !== undefined && SENTENCE_DONE.test(previous),
        standalone: raw.length === 1,
        inList: inList && isStructured(line.text),
        next: raw[i + 1]?.text ?? raws[r + 1]?.[0]?.text ?? null,
      });
      if (!heading) {
        pending.push(line);
        return;
      }
      if (pending.length) blocks.push(contentBlock(pending));
      pending = [];
      blocks.push({ kind: 'heading', heading, page: line.page });
    });
    if (pending.length) blocks.push(contentBlock(pending));
  });
  return blocks;
}
