import { toBlocks } from './blocks.js';
import { headingRank } from './headings.js';
import { splitSentences, wordCount } from './sentences.js';
import type { Block, DocumentText, Heading, Passage } from './types.js';

/** Passage sizes in words: aim for TARGET, never pass MAX unless one sentence does. */
export const PASSAGE_WORDS = { min: 80, target: 180, max: 250, overlapMax: 40 } as const;
/** Huge documents keep their first MAX_PASSAGES passages. */
export const MAX_PASSAGES = 5000;
export const HEADING_SEPARATOR = ' › ';
const CONTENTS_HEADING = /^(?:table of )?contents$/i;

/** A packable piece: a whole paragraph/list, or one sentence (or list line) of a long one. */
interface Piece {
  text: string;
  words: number;
  page: number | null;
  /** Pieces of the same paragraph share it; they are joined with a space (a newline for list lines). */
  paragraph: number;
  joiner: string;
}

interface Section {
  heading: string | null;
  pieces: Piece[];
}

/**
 * Characters that weigh as much as one word in a passage's size, so a passage stays under PASSAGE_WORDS.max × this
 * many characters however long its words (a code, a table of links, a text without spaces), and the work of a
 * question on it stays bounded.
 */
const CHARS_PER_WORD = 16;

/** A text's size for packing: its words, or its length in word-sized runs of characters when that is more. */
function weight(text: string): number {
  return Math.max(wordCount(text), Math.ceil(text.length / CHARS_PER_WORD));
}

/**
 * Splits text heavier than `max` into word-bounded slices, the last resort for a giant sentence; a word longer
 * than a whole slice is cut.
 */
function hardSplit(text: string, max: number): string[] {
  const maxChars = max * CHARS_PER_WORD;
  const slices: string[] = [];
  let slice: string[] = [];
  let chars = 0;
  for (const word of text.split(/\s+/)) {
    for (let at = 0; at < word.length; at += maxChars) {
      const part = word.slice(at, at + maxChars);
      if (slice.length > 0 && (slice.length >= max || chars + part.length > maxChars)) {
        slices.push(slice.join(' '));
        slice = [];
        chars = 0;
      }
      slice.push(part);
      chars += part.length + 1;
    }
  }
  if (slice.length > 0) slices.push(slice.join(' '));
  return slices;
}

function piecesOf(block: Block & { kind: 'prose' | 'list' }, paragraph: number): Piece[] {
  const make = (text: string, joiner: string): Piece => ({
    text,
    words: weight(text),
    page: block.page,
    paragraph,
    joiner,
  });
  if (weight(block.text) <= PASSAGE_WORDS.max) return [make(block.text, ' ')];
  const parts = block.kind === 'list' ? block.text.split('\n') : splitSentences(block.text);
  const joiner = block.kind === 'list' ? '\n' : ' ';
  return parts.flatMap((part) =>
    weight(part) > PASSAGE_WORDS.max
      ? splitSentences(part).flatMap((s) => hardSplit(s, PASSAGE_WORDS.max).map((t) => make(t, ' ')))
      : [make(part, joiner)],
  );
}

/**
 * The headings that hold no heading of a lower rank: the last heading of a style whose earlier headings never did.
 * 'Sarah Lin', 'ASSISTANT', her bio, then 'Payment': a role in capitals heads her bio, not what follows it, though
 * capitals outrank other lines.
 */
function leafHeadings(blocks: Block[]): Set<Heading> {
  const headings = blocks.flatMap((b) => (b.kind === 'heading' ? [b.heading] : []));
  const last = new Map<string, Heading>();
  const count = new Map<string, number>();
  for (const h of headings) {
    last.set(h.style, h);
    count.set(h.style, (count.get(h.style) ?? 0) + 1);
  }
  const held = new Set<string>();
  headings.forEach((h, i) => {
    const next = headings[i + 1];
    if (next && last.get(h.style) !== h && headingRank(next) > headingRank(h)) held.add(h.style);
  });
  return new Set(
    [...last].filter(([style]) => (count.get(style) ?? 0) >= 2 && !held.has(style)).map(([, h]) => h),
  );
}

/** Tracks the open headings; a document title (first block, outranking every other heading) leaves sub-paths. */
function sections(blocks: Block[]): Section[] {
  const ranks = blocks.flatMap((b) => (b.kind === 'heading' ? [headingRank(b.heading)] : []));
  const first = blocks[0]?.kind === 'heading' ? blocks[0].heading : null;
  const title =
    first && ranks.length > 1 && ranks.slice(1).every((r) => r > headingRank(first)) ? first : null;
  const leaves = leafHeadings(blocks);
  const stack: Heading[] = [];
  const result: Section[] = [{ heading: null, pieces: [] }];
  let paragraph = 0;
  for (const block of blocks) {
    // A table of contents is no section: what follows must not nest under it.
    if (block.kind === 'heading' && CONTENTS_HEADING.test(block.heading.text)) continue;
    if (block.kind !== 'heading') {
      // One at a time: a block can have more pieces than a call can take arguments.
      const pieces = result.at(-1)?.pieces;
      for (const piece of piecesOf(block, paragraph++)) pieces?.push(piece);
      continue;
    }
    const rank = headingRank(block.heading);
    while (stack.length && (headingRank(stack.at(-1) as Heading) >= rank || leaves.has(stack.at(-1)!)))
      stack.pop();
    stack.push(block.heading);
    const path = stack.filter((s) => s !== title || stack.length === 1).map((s) => s.text);
    result.push({ heading: path.join(HEADING_SEPARATOR), pieces: [] });
  }
  return result.filter((s) => s.pieces.length > 0);
}

/** Packs a section's pieces into groups of piece indexes (consecutive groups may share one overlap sentence). */
function pack(pieces: Piece[]): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let words = 0;
  pieces.forEach((piece, i) => {
    const fits =
      words + piece.words <= (words < PASSAGE_WORDS.min ? PASSAGE_WORDS.max : PASSAGE_WORDS.target);
    if (current.length > 0 && !fits) {
      groups.push(current);
      const last = pieces[i - 1];
      const overlap =
        last && last.paragraph === piece.paragraph && last.words <= PASSAGE_WORDS.overlapMax
          ? last.words + piece.words <= PASSAGE_WORDS.max
          : false;
      current = overlap ? [i - 1] : [];
      words = overlap && last ? last.words : 0;
    }
    current.push(i);
    words += piece.words;
  });
  if (current.length) groups.push(current);
  return balance(groups, pieces);
}

/** Gives passages under PASSAGE_WORDS.min to a neighbour when both fit in one, or shares words evenly. */
function balance(groups: number[][], pieces: Piece[]): number[][] {
  const size = (group: number[]) => group.reduce((sum, i) => sum + (pieces[i]?.words ?? 0), 0);
  const union = (a: number[], b: number[]) => [...new Set([...a, ...b])].sort((x, y) => x - y);
  const evenSplit = (all: number[]): number[][] => {
    const total = size(all);
    let best = 1;
    for (let cut = 1, left = 0; cut < all.length; cut++) {
      left += pieces[all[cut - 1] ?? 0]?.words ?? 0;
      if (Math.abs(total - 2 * left) < Math.abs(total - 2 * size(all.slice(0, best)))) best = cut;
    }
    return [all.slice(0, best), all.slice(best)];
  };
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] ?? [];
    if (groups.length < 2 || size(group) >= PASSAGE_WORDS.min) continue;
    const before = groups[g - 1];
    const after = groups[g + 1];
    if (before && size(union(before, group)) <= PASSAGE_WORDS.max) {
      groups.splice(g - 1, 2, union(before, group));
      g -= 2;
    } else if (after && size(union(group, after)) <= PASSAGE_WORDS.max) {
      groups.splice(g, 2, union(group, after));
      g -= 1;
    } else if (before) groups.splice(g - 1, 2, ...evenSplit(union(before, group)));
  }
  return groups;
}

function join(pieces: Piece[]): string {
  let text = '';
  pieces.forEach((piece, i) => {
    const previous = pieces[i - 1];
    if (!previous) text = piece.text;
    else text += (previous.paragraph === piece.paragraph ? piece.joiner : '\n\n') + piece.text;
  });
  return text;
}

/**
 * Splits a document into passages of about 80–250 words that keep their heading path and page. Passages never
 * cross a heading (a short section stays one short passage), break only between paragraphs, sentences or list
 * lines, and keep lists and tables whole when they fit.
 */
/**
 * Splits the document, its other documents, then each website page of the bot's sources, into passages numbered
 * in that order. Another document's passages take its name as their heading where it has none; a page's carry
 * the page as their source, and its title as their heading where the page has none.
 */
export function splitIntoPassages(doc: DocumentText): Passage[] {
  const passages = splitOne({ text: doc.text, pages: doc.pages }, MAX_PASSAGES);
  for (const other of doc.documents ?? []) {
    for (const passage of splitOne(other, MAX_PASSAGES - passages.length)) {
      passages.push({ ...passage, ordinal: passages.length, heading: passage.heading ?? other.name });
    }
  }
  for (const page of doc.webPages ?? []) {
    const source = { title: page.title, url: page.url };
    for (const passage of splitOne({ text: page.text, pages: null }, MAX_PASSAGES - passages.length)) {
      passages.push({ ...passage, ordinal: passages.length, heading: passage.heading ?? page.title, source });
    }
  }
  return passages;
}

/**
 * A heading with nothing under it before the next heading of its rank or above ('Stanford 875.00' read as a title
 * among its list's lines) would leave its section empty and its words nowhere: it stays as a line of text. One that
 * only introduces the next heading of its kind, which has text of its own ('Appointment times/fees:' over
 * 'Physiotherapy:'), becomes part of that heading.
 */
function withoutEmptyHeadings(blocks: Block[]): Block[] {
  const empty = (i: number): boolean => {
    const block = blocks[i];
    const next = blocks[i + 1];
    if (block?.kind !== 'heading') return false;
    return !next || (next.kind === 'heading' && headingRank(next.heading) <= headingRank(block.heading));
  };
  const result: Block[] = [];
  let label: string | null = null;
  blocks.forEach((block, i) => {
    if (block.kind !== 'heading' || CONTENTS_HEADING.test(block.heading.text)) {
      result.push(block);
      return;
    }
    const heading = label
      ? { ...block.heading, text: `${label}${HEADING_SEPARATOR}${block.heading.text}` }
      : block.heading;
    label = null;
    const next = blocks[i + 1];
    // The document's title over its first section is no label of that section alone: it closes as headings do.
    if (!empty(i) || (i === 0 && next?.kind === 'heading')) result.push({ ...block, heading });
    else if (
      next?.kind === 'heading' &&
      next.heading.style === block.heading.style &&
      !empty(i + 1) &&
      // A run of empty headings is a list read as headings ('Keepsakes', 'Memory Garden'), not a label.
      !empty(i - 1)
    )
      label = heading.text;
    else result.push({ kind: 'prose', text: heading.text, page: block.page });
  });
  return result;
}

function splitOne(doc: DocumentText, max: number): Passage[] {
  const passages: Passage[] = [];
  if (max <= 0) return passages;
  for (const section of sections(withoutEmptyHeadings(toBlocks(doc)))) {
    for (const group of pack(section.pieces)) {
      const pieces = group.flatMap((i) => section.pieces[i] ?? []);
      const text = join(pieces);
      passages.push({
        ordinal: passages.length,
        heading: section.heading,
        page: pieces[0]?.page ?? null,
        text,
        tokenCount: Math.ceil(text.length / 4),
      });
      if (passages.length >= max) return passages;
    }
  }
  return passages;
}
