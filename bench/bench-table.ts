/** One figure of a benchmark; the table prints value/baseline as the ratio. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  baselineName: string;
}

/** value / baseline: above 1 means slower (or, for a rate, higher) than the baseline. */
export function benchRatio(row: BenchRow): number {
  return row.baseline === 0 ? Number.NaN : row.value / row.baseline;
}

function figure(value: number): string {
  if (!Number.isFinite(value)) return '–';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) < 0.1 && value !== 0) return value.toPrecision(2);
  return value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}

/** The one table `npm run bench` prints: name, value, unit, baseline (named), ratio. */
export function formatBenchTable(rows: readonly BenchRow[]): string {
  const header = ['benchmark', 'value', 'unit', 'baseline', 'baseline is', 'ratio'];
  const body = rows.map((row) => [
    row.name,
    figure(row.value),
    row.unit,
    figure(row.baseline),
    row.baselineName,
    figure(benchRatio(row)),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => (cells[i] ?? '').length)),
  );
  const numeric = new Set([1, 3, 5]);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        numeric.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
