import type { QaAnswerState } from '@pinpoint/contracts';

/** MM/dd/yyyy in the viewer's local time (DECISIONS.md "Data"). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  });
}

/** Today in the viewer's local time, as a date input's value (yyyy-MM-dd). */
export function localToday(now: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

export const numberFormat = new Intl.NumberFormat('en-US');

/** Badge colours; the words always say the state too, so colour is never the only sign. */
export const QA_STATE_BADGES: Record<QaAnswerState, { bg: string; text?: 'dark' }> = {
  none: { bg: 'warning', text: 'dark' },
  to_publish: { bg: 'info', text: 'dark' },
  live: { bg: 'success' },
};
