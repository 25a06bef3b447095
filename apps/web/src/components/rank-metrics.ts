import type { ScanStatus } from '@pinpoint/contracts';
import { NO_FIGURE } from '../lib/format';

/**
 * How the rank grid screens print a scan's numbers (DECISIONS.md "Rank grids"): ranks with one
 * decimal, SoLV as a whole percent, and a dash for a metric with nothing to stand on (null is
 * "no data", never 0).
 */
export function formatRank(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_FIGURE : value.toFixed(1);
}

export function formatSolv(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_FIGURE : `${Math.round(value)}%`;
}

/** "plumber · 7×7 · 5 mi", as the server's `display` says it. */
export function describeSettings(s: {
  keyword: string;
  size: number;
  radius: number;
  unit: string;
}): string {
  return `${s.keyword} · ${s.size}×${s.size} · ${s.radius} ${s.unit}`;
}

export const SCAN_STATUS_LABELS: Record<ScanStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};
