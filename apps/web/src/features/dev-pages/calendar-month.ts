/** Month arithmetic for the social calendar, on `YYYY-MM` and `YYYY-MM-DD` strings (UTC-safe). */

export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

export function shiftDay(day: string, by: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The month's weeks, Sunday first; days of other months are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = new Date(`${month}-01T00:00:00Z`);
  const lead = first.getUTCDay();
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= daysInMonth(month); d++)
    cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

export function monthTitle(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Where a key moves the focused day: arrows by day and week, Home/End to the week's ends, PageUp/PageDown by month. */
export function dayAfterKey(day: string, key: string): string | null {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  switch (key) {
    case 'ArrowLeft':
      return shiftDay(day, -1);
    case 'ArrowRight':
      return shiftDay(day, 1);
    case 'ArrowUp':
      return shiftDay(day, -7);
    case 'ArrowDown':
      return shiftDay(day, 7);
    case 'Home':
      return shiftDay(day, -weekday);
    case 'End':
      return shiftDay(day, 6 - weekday);
    case 'PageUp':
    case 'PageDown': {
      const month = shiftMonth(monthOf(day), key === 'PageUp' ? -1 : 1);
      const date = Math.min(Number(day.slice(8)), daysInMonth(month));
      return `${month}-${String(date).padStart(2, '0')}`;
    }
    default:
      return null;
  }
}
