/** Rows as an aligned text table under its title. */
export function tableText(title: string, rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => String(row[col]).length)));
  const lines = [`\n${title}`];
  rows.forEach((row, i) => {
    lines.push(row.map((cell, col) => String(cell).padEnd(widths[col]!)).join('  '));
    if (i === 0) lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
  });
  return lines.join('\n');
}

/** Prints rows as an aligned text table. */
export function printTable(title: string, rows: (string | number)[][]): void {
  console.log(tableText(title, rows));
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
