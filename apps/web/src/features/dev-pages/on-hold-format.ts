import { formatDay } from '@pinpoint/contracts';
import { formatCents } from '../../lib/format';

export const formatMonthly = (cents: number) => `${formatCents(cents)}/mo`;

/** Calendar days from one day to another, both `YYYY-MM-DD`. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The viewer's local calendar day of an instant, as `YYYY-MM-DD`. */
function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * "03/02/2026 (18 days)": the day a hold started and how long ago, in whole calendar days of
 * the viewer's own day (an evening in the US is still that day, not the next UTC one).
 */
export function formatSince(day: string | null, today = new Date()): string {
  if (!day) return 'Not recorded';
  const days = daysBetween(day, localDay(today));
  return `${formatDay(day)} (${days} day${days === 1 ? '' : 's'})`;
}
