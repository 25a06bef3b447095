/** Whole cents as dollars, e.g. 1234 → "$12.34". */
export function formatDollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** MM/dd/yyyy in the viewer's local time (DECISIONS.md "Data"). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  });
}

/** MM/dd/yyyy and the time, in the viewer's local time. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
  })}`;
}

/** An average rank to one decimal, or a dash when there is none. */
export function formatRank(value: number | null): string {
  return value === null ? '—' : (Math.round(value * 10) / 10).toFixed(1);
}
