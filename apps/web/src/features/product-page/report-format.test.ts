import { describe, expect, it } from 'vitest';
import { formatAverage, formatMinutes, formatRate } from './report-format';

describe('report formats', () => {
  it('says minutes as hours and days', () => {
    expect(formatMinutes(null)).toBe('No replies yet');
    expect(formatMinutes(45.4)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(200)).toBe('3 h 20 min');
    expect(formatMinutes(24 * 60)).toBe('1 day');
    expect(formatMinutes(52 * 60 + 10)).toBe('2 days 4 h');
  });

  it('rounds rates and averages, and names the empty cases', () => {
    expect(formatRate(0.873)).toBe('87%');
    expect(formatRate(null)).toBe('No reviews');
    expect(formatAverage(4.25)).toBe('4.3 out of 5');
    expect(formatAverage(null)).toBe('No star ratings');
  });
});
