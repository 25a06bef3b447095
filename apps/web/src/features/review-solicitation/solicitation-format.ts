import type { RequestStatus } from '@pinpoint/contracts';

/** Bootstrap badge classes by status: the furthest a request got. */
export const STATUS_BADGES: Record<RequestStatus, string> = {
  scheduled: 'text-bg-light border',
  queued: 'text-bg-secondary',
  sent: 'text-bg-info',
  delivered: 'text-bg-primary',
  failed: 'text-bg-danger',
  clicked: 'text-bg-warning',
  reviewed: 'text-bg-success',
  opted_out: 'text-bg-dark',
  held: 'text-bg-light border border-warning',
};

/** Timeline event types as a person reads them. */
export const EVENT_LABELS: Record<string, string> = {
  created: 'Request created',
  waiting: 'Waiting for sending hours',
  queued: 'Queued',
  sent: 'Sent',
  held: 'Kept in the dev outbox',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
  retrying: 'Will retry',
  clicked: 'Review link opened',
  reviewed: 'Review posted',
  opted_out: 'Opted out',
};

export const formatPercent = (rate: number | null) =>
  rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`;
