import type { OutboxStatus, ReviewReplyWrite } from '@pinpoint/contracts';

/** Median time to reply, short: "45 min", "3 h", "2 d". */
export function formatReplyTime(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / (24 * 60))} d`;
}

export function formatPercent(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

export function formatAverage(average: number | null): string {
  return average === null ? '—' : average.toFixed(1);
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday", "just now": how fresh the synced data is. */
export function timeAgo(instant: string, now: number = Date.now()): string {
  let value = (now - new Date(instant).getTime()) / 60_000;
  if (value < 1) return 'just now';
  for (const [unit, size] of STEPS) {
    if (value < size) return relative.format(-Math.floor(value), unit);
    value /= size;
  }
  return relative.format(-Math.floor(value), 'year');
}

/** What a reply write's state means to the person who wrote it. */
export function writeStatusLabel(write: Pick<ReviewReplyWrite, 'status' | 'error' | 'action'>) {
  switch (write.status) {
    case 'awaiting_approval':
      return 'Waiting for approval';
    case 'pending':
      return write.action === 'delete' ? 'Deleting…' : 'Sending…';
    case 'sent':
      return write.action === 'delete' ? 'Deleted' : 'Sent';
    case 'failed':
      return `Failed: ${write.error ?? 'the vendor refused it'}`;
    case 'declined':
      return 'Declined';
    case 'cancelled':
      return 'Withdrawn';
  }
}

/** Badge colours; the words always say the state too, so colour is never the only sign. */
export const WRITE_STATUS_BADGES: Record<OutboxStatus, { bg: string; text?: 'dark' }> = {
  awaiting_approval: { bg: 'warning', text: 'dark' },
  pending: { bg: 'info', text: 'dark' },
  sent: { bg: 'success' },
  failed: { bg: 'danger' },
  declined: { bg: 'secondary' },
  cancelled: { bg: 'secondary' },
};

/** One idempotency key per compose session (crypto.randomUUID needs a secure context). */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
