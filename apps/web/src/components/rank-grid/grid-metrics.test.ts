import { describe, expect, it } from 'vitest';
import { formatMetric, metricsFromPoints } from './grid-metrics';

describe('metrics from the points shown', () => {
  it('counts ARP over found, ATRP with not found as 21, SoLV over measured', () => {
    const metrics = metricsFromPoints([
      { index: 0, enabled: true, state: 'found', rank: 1 },
      { index: 1, enabled: true, state: 'found', rank: 5 },
      { index: 2, enabled: true, state: 'not_found', rank: null },
      { index: 3, enabled: true, state: 'error', rank: null },
      { index: 4, enabled: false, state: 'unmeasured', rank: null },
    ]);
    expect(metrics).toMatchObject({
      measured: 3,
      found: 2,
      foundIn: 2,
      arp: 3,
      atrp: 9,
      errors: 1,
    });
    expect(metrics.solv).toBeCloseTo(100 / 3);
    expect(metrics.points).toBe(4);
  });

  it('formats the cards: one decimal, whole percent, a dash for no data', () => {
    expect(formatMetric('atrp', 9)).toBe('9.0');
    expect(formatMetric('solv', 100 / 3)).toBe('33%');
    expect(formatMetric('foundIn', 2)).toBe('2');
    expect(formatMetric('arp', null)).toBe('—');
  });
});
