/** Lower-case words without the punctuation around them. */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}$]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length > 0);
}

/**
 * Word accuracy: the expected words found, in order (the longest common subsequence), over the expected words.
 * A word read wrong, missed, or out of reading order counts against it.
 */
export function wordAccuracy(expected: string, actual: string): number {
  const a = tokens(expected);
  const b = tokens(actual);
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      current[j] = word === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    previous = current;
  }
  return a.length === 0 ? 1 : previous[b.length]! / a.length;
}

/** Whether each "item price" row of the expected text is one line of the read text. */
export function rowsKept(expected: string, actual: string): { kept: number; rows: number } {
  const rows = expected.split('\n').filter((line) => /\$\d+$/.test(line));
  const lines = actual.split('\n').map((line) => tokens(line).join(' '));
  const kept = rows.filter((row) => lines.some((line) => line.includes(tokens(row).join(' ')))).length;
  return { kept, rows: rows.length };
}
