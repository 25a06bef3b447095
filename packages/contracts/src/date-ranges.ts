import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, endOfMonth, startOfMonth, subMonths } from 'date-fns';
import { z } from 'zod';

/**
 * Date ranges of the dashboards (SPEC §4 "Date range presets", §5 "formatted MM/dd/yyyy").
 *
 * A range is a pair of calendar days, `from` and `to`, both included, written `yyyy-MM-dd`.
 * Days are computed in the user's local time (DECISIONS.md "Data"): the browser decides what
 * "today" is, and the server turns days into UTC instants in the time zone it is given
 * (`rangeInstants`). Calendar arithmetic itself runs on UTC dates, so a DST change in the
 * process's own zone can never shift a day.
 */
export const DATE_RANGE_PRESETS = [
  '90_days',
  '30_days',
  'previous_month',
  '2_months_ago',
  'last_month',
  'custom',
] as const;
export const dateRangePresetSchema = z.enum(DATE_RANGE_PRESETS);
export type DateRangePreset = z.infer<typeof dateRangePresetSchema>;
export type FixedDateRangePreset = Exclude<DateRangePreset, 'custom'>;
export const DEFAULT_DATE_RANGE_PRESET: FixedDateRangePreset = '90_days';

export const DATE_RANGE_PRESET_LABELS: Record<DateRangePreset, string> = {
  '90_days': 'Last 90 days',
  '30_days': 'Last 30 days',
  previous_month: 'Previous calendar month',
  '2_months_ago': 'Calendar month two months ago',
  last_month: 'Last month, to today',
  custom: 'Custom range',
};

/** The longest range anyone may ask for: two years (its comparison period doubles it). */
export const MAX_RANGE_DAYS = 731;
/** Nothing the agency tracks is older than this; earlier days are a typing slip. */
export const EARLIEST_DAY = '2000-01-01';

export interface DayRange {
  from: string;
  to: string;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `yyyy-MM-dd` calendar day as a UTC midnight (no DST), or null when it is not a real day. */
function parseDay(day: string): TZDate | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new TZDate(year, month - 1, date, 'UTC');
  // 2025-02-30 would roll over to March: refuse it rather than guess.
  if (value.getFullYear() !== year || value.getMonth() !== month - 1 || value.getDate() !== date)
    return null;
  return value;
}

function mustParse(day: string): TZDate {
  const value = parseDay(day);
  if (!value) throw new RangeError(`Not a calendar day: ${day}`);
  return value;
}

const two = (n: number) => String(n).padStart(2, '0');
/*
 * Fixed patterns written by hand rather than with date-fns `format`, whose pattern parser and
 * locale would ride along into every page's bundle for three patterns. A TZDate's getters
 * answer in its own zone, a plain Date's in the runtime's.
 */
const iso = (value: Date) =>
  `${value.getFullYear()}-${two(value.getMonth() + 1)}-${two(value.getDate())}`;
const usDay = (value: Date) =>
  `${two(value.getMonth() + 1)}/${two(value.getDate())}/${value.getFullYear()}`;
function usTime(value: Date): string {
  const hours = value.getHours() % 12 || 12;
  return `${hours}:${two(value.getMinutes())} ${value.getHours() < 12 ? 'AM' : 'PM'}`;
}
const inZone = (value: Date, timeZone?: string): Date =>
  timeZone ? new TZDate(value.getTime(), timeZone) : value;

export function isCalendarDay(day: string): boolean {
  return parseDay(day) !== null;
}

export const calendarDaySchema = z
  .string()
  .refine(isCalendarDay, { message: 'Use a real date written as YYYY-MM-DD.' });

/** Whether the runtime knows an IANA time zone name (Intl throws on unknown ones). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .refine(isValidTimeZone, { message: 'Use an IANA time zone such as America/Chicago.' });

/** Today's calendar day in `timeZone`, or in the runtime's local zone when none is given. */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  return iso(inZone(now, timeZone));
}

export function addCalendarDays(day: string, amount: number): string {
  return iso(addDays(mustParse(day), amount));
}

/** Days in a range, both ends included (a one-day range has length 1). */
export function rangeLengthDays(range: DayRange): number {
  return differenceInCalendarDays(mustParse(range.to), mustParse(range.from)) + 1;
}

/** The days a fixed preset covers when `today` is the given day. */
export function presetRange(preset: FixedDateRangePreset, today: string): DayRange {
  const day = mustParse(today);
  switch (preset) {
    case '90_days':
      return { from: iso(addDays(day, -89)), to: today };
    case '30_days':
      return { from: iso(addDays(day, -29)), to: today };
    case 'previous_month': {
      const month = subMonths(startOfMonth(day), 1);
      return { from: iso(month), to: iso(endOfMonth(month)) };
    }
    case '2_months_ago': {
      const month = subMonths(startOfMonth(day), 2);
      return { from: iso(month), to: iso(endOfMonth(month)) };
    }
    case 'last_month':
      // One month back, to today: 03/31 → 03/01–03/31; 03/15 → 02/16–03/15.
      return { from: iso(addDays(subMonths(day, 1), 1)), to: today };
  }
}

/** The trend range: the same number of days, ending the day before `range` starts (SPEC §4). */
export function previousPeriod(range: DayRange): DayRange {
  const length = rangeLengthDays(range);
  const to = addDays(mustParse(range.from), -1);
  return { from: iso(addDays(to, -(length - 1))), to: iso(to) };
}

/** `yyyy-MM-dd` → `MM/dd/yyyy` (SPEC §5). */
export function formatDay(day: string): string {
  return usDay(mustParse(day));
}

export function formatRange(range: DayRange): string {
  return `${formatDay(range.from)} – ${formatDay(range.to)}`;
}

/** An instant shown as MM/dd/yyyy in the runtime's local zone (or in `timeZone`). */
export function formatInstantDay(instant: string | Date, timeZone?: string): string {
  const value = typeof instant === 'string' ? new Date(instant) : instant;
  return usDay(inZone(value, timeZone));
}

/** An instant shown as `MM/dd/yyyy h:mm AM` in the runtime's local zone (or in `timeZone`). */
export function formatInstantDateTime(instant: string | Date, timeZone?: string): string {
  const value = typeof instant === 'string' ? new Date(instant) : instant;
  const local = inZone(value, timeZone);
  return `${usDay(local)} ${usTime(local)}`;
}

/**
 * A range's UTC instants in `timeZone`: from the first day's local midnight to the local
 * midnight after the last day (exclusive). On a DST day the local day is 23 or 25 hours long.
 */
export function rangeInstants(range: DayRange, timeZone: string): { start: Date; end: Date } {
  const at = (day: TZDate) =>
    new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), timeZone).getTime());
  return { start: at(mustParse(range.from)), end: at(addDays(mustParse(range.to), 1)) };
}

export type RangeField = 'from' | 'to';
export type RangeCheck =
  | { ok: true; range: DayRange }
  | { ok: false; errors: Partial<Record<RangeField, string>> };

/**
 * A range someone typed: both days real, from ≤ to, not after `today`, not before
 * EARLIEST_DAY, at most MAX_RANGE_DAYS long. Messages name the field they belong to.
 */
export function checkRange(from: string, to: string, today: string): RangeCheck {
  const errors: Partial<Record<RangeField, string>> = {};
  if (!from) errors.from = 'Enter a start date.';
  else if (!isCalendarDay(from)) errors.from = 'Enter a real start date.';
  else if (from < EARLIEST_DAY) errors.from = `Start on or after ${formatDay(EARLIEST_DAY)}.`;
  else if (from > today) errors.from = 'The start date cannot be in the future.';
  if (!to) errors.to = 'Enter an end date.';
  else if (!isCalendarDay(to)) errors.to = 'Enter a real end date.';
  else if (to > today) errors.to = 'The end date cannot be in the future.';
  if (errors.from || errors.to) return { ok: false, errors };
  if (from > to)
    return { ok: false, errors: { to: 'The end date must be on or after the start.' } };
  if (rangeLengthDays({ from, to }) > MAX_RANGE_DAYS)
    return { ok: false, errors: { to: `Choose at most ${MAX_RANGE_DAYS} days.` } };
  return { ok: true, range: { from, to } };
}

/**
 * The one check of an optional day range in a query (overview, grid report): both days or
 * neither, in order, at most MAX_RANGE_DAYS long. Zod runs refinements even when a day was
 * already refused, so the length is measured only for two real days.
 */
export function refineDayRange(
  range: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if ((range.from === undefined) !== (range.to === undefined)) {
    const missing = range.from === undefined ? 'from' : 'to';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'Give both from and to, or neither.',
    });
    return;
  }
  if (!range.from || !range.to || !parseDay(range.from) || !parseDay(range.to)) return;
  if (range.from > range.to) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end date must be on or after the start.',
    });
  } else if (rangeLengthDays({ from: range.from, to: range.to }) > MAX_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `Choose at most ${MAX_RANGE_DAYS} days.`,
    });
  }
}
