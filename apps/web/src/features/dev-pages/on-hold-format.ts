import { formatDay } from '@pinpoint/contracts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatMonthly = (cents: number) => `${dollars.format(cents / 100)}/mo`;

/** "03/02/2026 (18 days)": the day a hold started and how long ago, in whole days. */
export function formatSince(day: string | null, today = new Date()): string {
  if (!day) return 'Not recorded';
  const days = Math.floor((today.getTime() - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
  return `${formatDay(day)} (${days} day${days === 1 ? '' : 's'})`;
}
