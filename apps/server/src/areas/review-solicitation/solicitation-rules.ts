import {
  instantToLocalDateTime,
  localDateTimeToInstant,
  SENDING_HOURS,
  SOLICITATION_REPEAT_DAYS,
} from '@pinpoint/contracts';

/**
 * The compliance rules of DECISIONS "Messages to a client's customers" as pure functions:
 * the service, the send job and the SMS webhook share them, and tests call them directly.
 */

const DAY_MS = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');

/** The local calendar day after `date` (`2026-03-07` → `2026-03-08`), zone-free arithmetic. */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1));
  return `${next.getUTCFullYear()}-${two(next.getUTCMonth() + 1)}-${two(next.getUTCDate())}`;
}

/** The recipient's local hour (0–23) at `at`. */
export function localHour(at: Date, timeZone: string): number {
  return Number(instantToLocalDateTime(at, timeZone).slice(11, 13));
}

export function inSendingHours(at: Date, timeZone: string): boolean {
  const hour = localHour(at, timeZone);
  return hour >= SENDING_HOURS.start && hour < SENDING_HOURS.end;
}

/**
 * `at`, or the next start of the sending hours in the recipient's zone when `at` falls
 * outside them: 22:00 waits until 8:00 the next day, 6:30 until 8:00 the same day.
 */
export function intoSendingHours(at: Date, timeZone: string): Date {
  const local = instantToLocalDateTime(at, timeZone);
  const hour = Number(local.slice(11, 13));
  if (hour >= SENDING_HOURS.start && hour < SENDING_HOURS.end) return at;
  const day = local.slice(0, 10);
  const startDay = hour >= SENDING_HOURS.end ? nextDay(day) : day;
  return localDateTimeToInstant(`${startDay}T${two(SENDING_HOURS.start)}:00`, timeZone);
}

/** Requests closer than this to one another (either side) are refused: one per 30 days. */
export const REPEAT_WINDOW_MS = SOLICITATION_REPEAT_DAYS * DAY_MS;

/** "May 3, 2026" in the company's zone, for refusal messages. */
export function formatDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(at);
}

/** The refusal of the 30-day rule, naming when they were asked and when they may be again. */
export function recentMessage(name: string, askedAt: Date, timeZone: string, now: Date): string {
  const again = new Date(askedAt.getTime() + REPEAT_WINDOW_MS);
  const asked =
    askedAt.getTime() > now.getTime()
      ? `is already scheduled to be asked on ${formatDay(askedAt, timeZone)}`
      : `was asked for a review on ${formatDay(askedAt, timeZone)}`;
  return `${name} ${asked}; a customer can be asked once every ${SOLICITATION_REPEAT_DAYS} days, so again from ${formatDay(again, timeZone)}.`;
}

/**
 * Message statuses from least to furthest along: a request's status is its furthest
 * message's ('sending' shows as queued), unless the request was clicked or reviewed.
 */
export const MESSAGE_PROGRESS = [
  'opted_out',
  'failed',
  'scheduled',
  'held',
  'queued',
  'sending',
  'sent',
  'delivered',
] as const;
