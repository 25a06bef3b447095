import { type CsvCell, formatDay, type PerformanceSeries, toCsv } from '@pinpoint/contracts';

export const PERFORMANCE_CSV_HEADER = ['source', 'date', 'metric', 'value'] as const;

/**
 * The loaded report as CSV, one row per (source, day, metric), days as MM/dd/yyyy (SPEC §5);
 * the shared writer (contracts `toCsv`) quotes and defuses formula-like cells.
 */
export function performanceCsv(series: PerformanceSeries[]): string {
  const rows: CsvCell[][] = [];
  for (const s of series) {
    for (const d of s.days) {
      for (const m of s.metrics)
        rows.push([s.title, formatDay(d.day), csvMetric(m), csvValue(m.key, d.values[m.key] ?? 0)]);
    }
  }
  return toCsv(PERFORMANCE_CSV_HEADER, rows);
}

/** Money is stored in cents; the CSV gives dollars and says so in the metric's name. */
const csvMetric = (m: { key: string; label: string }) =>
  m.key.endsWith('Cents') ? `${m.label} (USD)` : m.label;
const csvValue = (key: string, value: number) =>
  key.endsWith('Cents') ? (value / 100).toFixed(2) : value;
