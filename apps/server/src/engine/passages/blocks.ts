import { detectHeading, isBodyLine, isListItem } from './headings.js';
import type { Block, DocumentText, Heading } from './types.js';

interface Line {
  text: string;
  page: number | null;
}

const RULE = /^\s*([-*_=])(?:\s*\1){2,}\s*$/;
const PAGE_NUMBER = /^(?:page\s*)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i;
/** A table-of-contents line: a title, dot leaders, a page number ('Introduction ........ 4'). */
const CONTENTS_LINE = /(?:\.\s?){4,}\s*\d{1,4}\s*$/;
/** Where a contents line's leaders and page number are looked for: its end (the pattern is costly on long runs of dots). */
const CONTENTS_TAIL = 80;
/** A numbered heading run into its paragraph: '4. Redistribution. You may reproduce …'. */
const RUN_IN = /^(\d{1,2}(?:\.\d{1,2})*\.?)\s+(\p{Lu}[^.?!:]{1,60}?)[.:]\s+(\S.*)$/u;
/** An FAQ item or sub-section numbered '3.1.' whose title may wrap over a few lines. */
const MULTI_NUMBERED = /^\d{1,2}(?:\.\d{1,2})+\.?\s+\S/;
const MAX_TITLE_WORDS = { runIn: 8, wrapped: 40 } as const;
/** A line at least this long may continue on the next one (text wrapped at a fixed width). */
const WRAP_MIN_CHARS = 50;
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

/**
 * Dropping running headers, footers and page numbers must leave at least this share of the document's letters and
 * digits; otherwise those lines are the content (a document of short identical pages) and all are kept.
 */
const EDGE_LINES_MAX_SHARE = 0.9;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;
const substance = (text: string) => text.replace(NOT_LETTER_OR_DIGIT, '').length;

/** All lines of the document, '' marking a paragraph break. A page break is one unless a sentence runs across it. */
function documentLines(doc: DocumentText): Line[] {
  if (!doc.pages || doc.pages.length === 0) {
    return doc.text.split(/\r\n?|\n/).map((text) => ({ text: text.trimEnd(), page: null }));
  }
  const running = runningLines(doc.pages);
  const body = pagedLines(
    doc.pages,
    (line) => !PAGE_NUMBER.test(line) && !running.has(line.replace(/\d+/g, '#')),
  );
  const total = doc.pages.reduce((sum, page) => sum + substance(page.text), 0);
  const kept = body.reduce((sum, line) => sum + substance(line.text), 0);
  return kept >= total * (1 - EDGE_LINES_MAX_SHARE) ? body : pagedLines(doc.pages, () => true);
}

/** The pages' lines that `keep` (given the trimmed line) takes, '' marking a paragraph break. */
function pagedLines(pages: NonNullable<DocumentText['pages']>, keep: (line: string) => boolean): Line[] {
  const lines: Line[] = [];
  for (const { page, text } of pages) {
    const pageLines = text
      .split(/\r\n?|\n/)
      .map((l) => l.trimEnd())
      .filter((l) => keep(l.trim()));
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
    if (CONTENTS_LINE.test(line.text.slice(-CONTENTS_TAIL))) continue;
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
  // Joined as parts, testing only the last one: testing the growing text made long paragraphs quadratic.
  const parts: string[] = [];
  for (const t of texts) {
    const last = parts.length - 1;
    if (last >= 0 && /\p{L}-$/u.test(parts[last]!) && /^\p{Ll}/u.test(t))
      parts[last] = parts[last]!.slice(0, -1) + t;
    else parts.push(t);
  }
  return { kind: 'prose', text: parts.join(' ').replace(/\s+/g, ' '), page };
}

const CELL_SEPARATOR = ' | ';

/**
 * A table (rows of `a | b | c`, the first its header) as one line per row that names each cell by its column:
 * 'Feature: testing source code; Introduced: 16.17.0' answers "when was testing introduced?" where a bare
 * '16.17.0' under a header far above would not.
 */
function tableBlock(raw: Line[]): Block | null {
  // A markdown table ('| a | b |' with a '| --- | --- |' rule line) reads as the same rows without its edges.
  const rows = raw
    .map((l) =>
      l.text
        .trim()
        .replace(/^\|\s|\s\|$/g, ' ')
        .trim()
        .split(CELL_SEPARATOR)
        .map((cell) => cell.trim()),
    )
    .filter((row) => !row.every((cell) => /^:?-{2,}:?$/.test(cell)));
  const width = rows[0]?.length ?? 0;
  if (rows.length < 2 || width < 2 || rows.some((r) => r.length !== width)) return null;
  const [header = [], ...body] = rows;
  const text = body
    .map((row) => row.map((cell, i) => (header[i] ? `${header[i]}: ${cell || '—'}` : cell)).join('; '))
    .join('\n');
  return { kind: 'list', text, page: raw[0]?.page ?? null };
}

/** A numbered title wrapped over up to four lines ('3.1. Programs run OK … with a segmentation fault.'). */
function wrappedTitle(raw: Line[], start: number): { text: string; depth: number; end: number } | null {
  const first = raw[start]?.text.trim() ?? '';
  if (!MULTI_NUMBERED.test(first)) return null;
  let text = first;
  let end = start;
  // Only a long line wraps: '2.1 Cakes' followed by a sentence is a short title and its paragraph.
  while (
    !/[.?:]$/.test(text) &&
    (raw[end]?.text.trim().length ?? 0) >= WRAP_MIN_CHARS &&
    end + 1 < raw.length &&
    end - start < 3
  ) {
    end++;
    text = `${text} ${raw[end]!.text.trim()}`;
  }
  const [number = '', ...rest] = text.split(/\s+/);
  const title = rest.join(' ');
  const words = rest.length;
  const ends = /[?:]$/.test(title) || (title.endsWith('.') && words <= 25);
  if (!ends || words > MAX_TITLE_WORDS.wrapped || (end === start && words <= 11)) return null;
  return { text: title.replace(/:$/, ''), depth: number.split('.').filter(Boolean).length, end };
}

/** '4. Redistribution. You may …' → the heading 'Redistribution' and the paragraph after it. */
function runInHeading(line: string): { heading: Heading; body: string } | null {
  const match = RUN_IN.exec(line.trim());
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const title = match[2].trim();
  const words = title.split(/\s+/);
  const titleCase = words.every(
    (w) => /^[\p{Lu}\d(]/u.test(w) || /^(?:of|and|or|the|a|an|to|for|in|on|with)$/.test(w),
  );
  if (words.length > MAX_TITLE_WORDS.runIn || !titleCase) return null;
  const depth = match[1].split('.').filter(Boolean).length;
  return { heading: { text: title, style: 'num', depth }, body: match[3] };
}

/** The document as headings and paragraph-level blocks, in order. */
export function toBlocks(doc: DocumentText): Block[] {
  const blocks: Block[] = [];
  const raws = rawBlocks(documentLines(doc));
  raws.forEach((raw, r) => {
    const table = tableBlock(raw);
    if (table) {
      blocks.push(table);
      return;
    }
    const inList = raw.filter((l) => isStructured(l.text)).length >= 2;
    let pending: Line[] = [];
    const flush = () => {
      if (pending.length) blocks.push(contentBlock(pending));
      pending = [];
    };
    for (let i = 0; i < raw.length; i++) {
      const line = raw[i]!;
      const previous = raw[i - 1]?.text.trim();
      const afterSentence = previous !== undefined && SENTENCE_DONE.test(previous);
      // A block after a line ending in a comma goes on with it ('40 Greyhound Road,' then 'London'): no heading.
      const goesOn = i === 0 && /,$/.test(raws[r - 1]?.at(-1)?.text.trim() ?? '');
      if (goesOn) {
        pending.push(line);
        continue;
      }
      const opens = i === 0 || afterSentence;
      const wrapped = opens && !inList ? wrappedTitle(raw, i) : null;
      if (wrapped) {
        flush();
        blocks.push({
          kind: 'heading',
          heading: { text: wrapped.text, style: 'num', depth: wrapped.depth },
          page: line.page,
        });
        i = wrapped.end;
        continue;
      }
      const runIn = opens && !inList ? runInHeading(line.text) : null;
      if (runIn) {
        flush();
        blocks.push({ kind: 'heading', heading: runIn.heading, page: line.page });
        pending.push({ text: runIn.body, page: line.page });
        continue;
      }
      const next = raw[i + 1]?.text ?? raws[r + 1]?.[0]?.text ?? null;
      // Right under a heading, a line over its own paragraph heads it too ('Payment options', 'Cash', 'We give …').
      const underHeading =
        i > 0 && pending.length === 0 && blocks.at(-1)?.kind === 'heading' && isBodyLine(next ?? '');
      const heading = detectHeading(line.text, {
        atBlockStart: i === 0 || underHeading,
        afterSentence,
        standalone: raw.length === 1,
        inList: inList && isStructured(line.text),
        next,
        afterLeadIn: /:$/.test((raw[i - 1] ?? raws[r - 1]?.at(-1))?.text.trim() ?? ''),
      });
      if (!heading) {
        pending.push(line);
        continue;
      }
      flush();
      blocks.push({ kind: 'heading', heading, page: line.page });
    }
    flush();
  });
  return blocks;
}
