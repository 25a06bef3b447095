/**
 * The one set of formatters the screens share (DECISIONS.md "Data"): money is stored in
 * integer cents, ratios as 0–1, days and times are shown in the viewer's local time, and a
 * figure with nothing to stand on prints as a dash, never as 0.
 */
export const NO_FIGURE = '—';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

/** Integer cents as dollars: 12345 → "$123.45"; null → `empty` (a dash unless told). */
export function formatCents(cents: number | null, empty = NO_FIGURE): string {
  return cents === null ? empty : money.format(cents / 100);
}

/** 1234 → "1,234"; null or undefined → a dash. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_FIGURE : count.format(value);
}

/** A 0–1 ratio as a percentage with `digits` decimals: 0.1234 → "12%" or "12.34%"; null → a dash. */
export function formatPercent(rate: number | null, digits = 0): string {
  return rate === null ? NO_FIGURE : `${(rate * 100).toFixed(digits)}%`;
}

/** MM/dd/yyyy in the viewer's local time. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  });
}

/** MM/dd/yyyy and the time, in the viewer's local time: "03/04/2026 2:05 PM". */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
  })}`;
}

/** "2025-03" → "March 2025", or "Mar 2025" when `short` (months are calendar months). */
export function formatMonth(month: string, length: 'long' | 'short' = 'long'): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleString('en-US', {
    month: length,
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A duration in whole seconds as minutes and seconds: 95 → "1:35"; null → a dash. */
export function formatMinutesSeconds(seconds: number | null): string {
  if (seconds === null) return NO_FIGURE;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
