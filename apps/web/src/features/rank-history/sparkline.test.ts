import { describe, expect, it } from 'vitest';
import { describeTrend, sparklineGeometry } from './sparkline';

describe('sparklineGeometry', () => {
  it('draws the best (lowest) ATRP at the top and the worst at the bottom', () => {
    const { path, last } = sparklineGeometry([12, 8, 10], 100, 20, 0);
    expect(path).toBe('M0 20 L50 0 L100 10');
    expect(last).toEqual({ x: 100, y: 10 });
  });

  it('breaks the line at a scan without an ATRP instead of drawing it as 0', () => {
    expect(sparklineGeometry([5, null, 7, 9], 30, 10, 0).path).toBe('M0 0 M20 5 L30 10');
  });

  it('puts a flat line and a single value in the middle, and draws nothing without values', () => {
    expect(sparklineGeometry([4, 4], 10, 10, 0).path).toBe('M0 5 L10 5');
    expect(sparklineGeometry([4], 10, 10, 0).path).toBe('M5 5');
    expect(sparklineGeometry([null, null], 10, 10)).toEqual({ path: '', last: null });
  });
});

describe('describeTrend', () => {
  it('says where the ATRP went, lower being better', () => {
    expect(describeTrend([12, 10, 8])).toBe(
      'ATRP over the last 3 scans: from 12.0 to 8.0, better (lower).',
    );
    expect(describeTrend([8, null, 9.5])).toBe(
      'ATRP over the last 2 scans: from 8.0 to 9.5, worse (higher).',
    );
    expect(describeTrend([7])).toBe('ATRP 7.0 in 1 scan.');
    expect(describeTrend([])).toBe('No finished scans with an ATRP yet.');
  });
});
