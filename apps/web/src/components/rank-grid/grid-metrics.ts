import { computeScanMetrics, type PointOutcome, type ScanMetrics } from '@pinpoint/contracts';
import { formatCount } from '../../lib/format';
import { formatRank, formatSolv } from '../rank-metrics';

export interface MeasuredPoint {
  index: number;
  enabled: boolean;
  state: PointOutcome['state'];
  rank: number | null;
}

/**
 * The metrics of the points as shown, through the contracts' own functions (never re-derived
 * here), so a screen can check its cards against its pins. Switched-off points are no outcome.
 */
export function metricsFromPoints(points: readonly MeasuredPoint[]): ScanMetrics {
  return computeScanMetrics(
    points
      .filter((point) => point.enabled)
      .map((point) => ({ index: point.index, state: point.state, rank: point.rank })),
  );
}

/** Display rounding of the cards, as every rank grid screen prints them. */
export function formatMetric(key: 'arp' | 'atrp' | 'solv' | 'foundIn', value: number | null) {
  if (key === 'solv') return formatSolv(value);
  if (key === 'foundIn') return formatCount(value);
  return formatRank(value);
}
