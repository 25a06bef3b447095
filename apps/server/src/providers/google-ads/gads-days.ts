/**
 * Calendar-day arithmetic on `yyyy-MM-dd` strings, in UTC so no DST ever shifts a day
 * (the days themselves are the account's local days, `segments.date`).
 */
const DAY_MS = 86_400_000;

export function dayToUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function utcToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcToDay(dayToUtc(day) + days * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((dayToUtc(to) - dayToUtc(from)) / DAY_MS);
}

/** Every day of the range, both ends included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = dayToUtc(from), end = dayToUtc(to); at <= end; at += DAY_MS)
    days.push(utcToDay(at));
  return days;
}

/** The first day of the day's month. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function daysInMonth(month: string): number {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
