import { MONEY } from './money.js';

/**
 * Price grids (issue 44): a row that names a thing and gives one price per column, under a line that names the
 * columns — 'Basic Valet £32 £38 £40' under 'Main Services Regular Large Massive', 'Mac & Cheese | $50 | $100 |
 * $140' under 'Side | Half Pan | Full Shallow Pan | Full Deep Pan', a column-aligned table whose later rows leave
 * the first label blank. Each price is read with its row's labels and its column's: 'Basic Valet (Large)': £38.
 */

/** One price of a grid row, with what its row and its column call it. */
export interface GridPrice {
  labels: string[];
  column: string;
  amount: string;
  /** The text after the row's last amount ('per panel'), for the unit. */
  after: string;
}

/** The grid being read: its header's cells (row labels first, then one per price column) and the last row's labels. */
export interface Grid {
  header: string[];
  /** Whether the header was split at cell breaks, so its first cells count the row's label columns. */
  celled: boolean;
  labels: string[];
}

/** Cells are split at tabs, '|' or runs of two spaces; a line without them (read from a photo) at its words. */
const CELL_BREAK = /\s*\|\s*|\t+|\s{2,}/;
/** A table rule under its header ('---- ------', '|---|:--:|'). */
const RULE_LINE = /^[\s|:+-]*-{3,}[\s|:+-]*$/;
/** Between two prices of one row: nothing but spaces, '|' or a dash for an empty cell. */
const SIDE_BY_SIDE = /^[\s|]*(?:[–—-][\s|]+)?$/;
/** How far above its first row a grid's header may be (a rule line counts). */
const HEADER_LOOKBACK = 3;
const COLUMN_MAX_WORDS = 4;
/** A header read at its words names each column with a capital or a number ('Regular Large Massive', not 'Our prices'). */
const WORD_COLUMN = /^[\p{Lu}\d]/u;
const WORD_HEADER_MAX_WORDS = 8;
const HEADER_MAX_CELLS = 16;
const ONE_AMOUNT = new RegExp(MONEY.source, 'u');

function cellsOf(text: string): string[] {
  return text
    .trim()
    .replace(/^\||\|$/g, '')
    .split(CELL_BREAK)
    .map((cell) => cell.trim())
    .filter(Boolean);
}

/**
 * A header line above `at`: no price in it, short cells, enough of them for `columns` price columns. In a table
 * whose lines are spaced out by blank lines (a word processor's paragraphs), the header split at cell breaks may
 * be above a blank line too.
 */
function headerAbove(
  lines: readonly string[],
  at: number,
  columns: number,
): Pick<Grid, 'header' | 'celled'> | null {
  const spaced = isSpacedRow(lines[at]!);
  let skipped = false;
  for (let i = at - 1, seen = 0; i >= 0 && seen < HEADER_LOOKBACK && i >= at - 2 * HEADER_LOOKBACK; i--) {
    const line = lines[i]!.trim();
    if (!line) {
      if (!spaced) return null;
      skipped = true;
      continue;
    }
    seen++;
    if (RULE_LINE.test(line)) continue;
    if (ONE_AMOUNT.test(line)) return null;
    const celled = cellsOf(line);
    if (skipped && !CELLED.test(line)) return null;
    const cells = celled.length > 1 ? celled : line.split(/\s+/);
    const named =
      celled.length > 1 ||
      (cells.length <= WORD_HEADER_MAX_WORDS &&
        !/[.!?]$/.test(line) &&
        cells.slice(-columns).every((word) => WORD_COLUMN.test(word)));
    const fits =
      named &&
      cells.length >= columns &&
      cells.length <= HEADER_MAX_CELLS &&
      cells.slice(-columns).every((cell) => cell.split(/\s+/).length <= COLUMN_MAX_WORDS);
    return fits ? { header: cells, celled: celled.length > 1 } : null;
  }
  return null;
}

/** A line split into cells by tabs or '|' (not by spaces, which prose has too). */
const CELLED = /\t|\S\s*\|\s*\S/;
const isSpacedRow = (line: string) => CELLED.test(line) && rowOf(line) !== null;

/** Whether the grid goes on after the blank line at `at`: the next line is another row split into cells. */
export function gridGoesOn(lines: readonly string[], at: number): boolean {
  const next = lines[at + 1]?.trim();
  return !!next && isSpacedRow(next);
}

/** The row's label text and its side-by-side amounts; null unless the line gives at least two prices in a row. */
function rowOf(line: string): { label: string; amounts: string[]; after: string } | null {
  const matches = [...line.matchAll(MONEY)];
  if (matches.length < 2) return null;
  for (let i = 1; i < matches.length; i++) {
    const gap = line.slice(matches[i - 1]!.index + matches[i - 1]![0].length, matches[i]!.index);
    if (!SIDE_BY_SIDE.test(gap)) return null;
  }
  const last = matches.at(-1)!;
  return {
    label: line.slice(0, matches[0]!.index),
    amounts: matches.map((m) => m[0]),
    after: line.slice(last.index + last[0].length),
  };
}

/**
 * The prices of line `at` read as a grid row, with the grid it belongs to (a new one when a header names its
 * columns); null when the line is no grid row, and its prices are read the usual way.
 */
export function gridPrices(
  lines: readonly string[],
  at: number,
  grid: Grid | null,
): { prices: GridPrice[]; grid: Grid } | null {
  const row = rowOf(lines[at]!);
  if (!row) return null;
  const columns = row.amounts.length;
  const found = grid && grid.header.length >= columns ? grid : headerAbove(lines, at, columns);
  if (!found) return null;
  const { header, celled } = found;
  // An empty cell ('—') counts as a cell, so the row's labels are not taken for blank.
  const cells = cellsOf(row.label.replace(/[\s|:]+$/, ''));
  let labels = cells.filter((cell) => !/^[–—-]+$/.test(cell));
  // A row that leaves its first labels blank shares them with the row above (a size spanning four rows).
  const missing = header.length - columns - cells.length;
  if (celled && missing > 0 && grid) labels = [...grid.labels.slice(0, missing), ...labels];
  if (!labels.some((label) => /\p{L}/u.test(label))) return null;
  const names = header.slice(-columns);
  const prices = row.amounts.map((amount, i) => ({ labels, column: names[i]!, amount, after: row.after }));
  return { prices, grid: { header, celled, labels } };
}
