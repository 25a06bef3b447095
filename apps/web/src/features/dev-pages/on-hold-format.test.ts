import { describe, expect, it } from 'vitest';
import { formatMonthly, formatSince } from './on-hold-format';

describe('on-hold formatting', () => {
  it('writes a monthly price from cents', () => {
    expect(formatMonthly(49_900)).toBe('$499.00/mo');
    expect(formatMonthly(1_234_567)).toBe('$12,345.67/mo');
    expect(formatMonthly(0)).toBe('$0.00/mo');
  });

  it('writes the day a hold started and how many whole days ago', () => {
    const today = new Date('2026-03-20T15:00:00Z');
    expect(formatSince('2026-03-02', today)).toBe('03/02/2026 (18 days)');
    expect(formatSince('2026-03-19', today)).toBe('03/19/2026 (1 day)');
    expect(formatSince('2026-03-20', today)).toBe('03/20/2026 (0 days)');
    expect(formatSince('2025-03-20', today)).toBe('03/20/2025 (365 days)');
  });

  it('counts in the viewer’s calendar days: a US evening is still that day', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Chicago';
    try {
      // 11:30 PM on 03/20 in Chicago is already 03/21 in UTC.
      const evening = new Date('2026-03-21T04:30:00Z');
      expect(formatSince('2026-03-20', evening)).toBe('03/20/2026 (0 days)');
      expect(formatSince('2026-03-19', evening)).toBe('03/19/2026 (1 day)');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('says when the start was not recorded', () => {
    expect(formatSince(null)).toBe('Not recorded');
  });
});
