/** Prints rows as an aligned text table. */
export function printTable(title: string, rows: (string | number)[][]): void {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => String(row[col]).length)));
  console.log(`\n${title}`);
  rows.forEach((row, i) => {
    console.log(row.map((cell, col) => String(cell).padEnd(widths[col]!)).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
