import { describe, expect, it } from 'vitest';
import {
  checkRange,
  formatDay,
  formatInstantDateTime,
  formatInstantDay,
  formatRange,
  MAX_RANGE_DAYS,
  presetRange,
  previousPeriod,
  rangeInstants,
  rangeLengthDays,
  todayIn,
} from './date-ranges';
import { kpiTrend, overviewQuerySchema } from './overview';

describe('presets', () => {
  it('90 and 30 days end today and count today as one of their days', () => {
    expect(presetRange('90_days', '2025-06-15')).toEqual({ from: '2025-03-18', to: '2025-06-15' });
    expect(rangeLengthDays(presetRange('90_days', '2025-06-15'))).toBe(90);
    expect(presetRange('30_days', '2025-03-01')).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(rangeLengthDays(presetRange('30_days', '2024-03-01'))).toBe(30);
  });

  it('calendar months take whole months, across year ends and leap years', () => {
    expect(presetRange('previous_month', '2025-03-31')).toEqual({
      from: '2025-02-01',
      to: '2025-02-28',
    });
    expect(presetRange('previous_month', '2024-03-01')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(presetRange('previous_month', '2025-01-15')).toEqual({
      from: '2024-12-01',
      to: '2024-12-31',
    });
    expect(presetRange('2_months_ago', '2025-01-31')).toEqual({
      from: '2024-11-01',
      to: '2024-11-30',
    });
    expect(presetRange('2_months_ago', '2024-04-30')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });

  it('last month runs from the day after the same day a month ago, to today', () => {
    expect(presetRange('last_month', '2025-03-15')).toEqual({
      from: '2025-02-16',
      to: '2025-03-15',
    });
    // 03/31 minus a month is 02/28 (no 02/31), so the range is March so far.
    expect(presetRange('last_month', '2025-03-31')).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
    });
    expect(presetRange('last_month', '2024-01-01')).toEqual({
      from: '2023-12-02',
      to: '2024-01-01',
    });
  });

  it('count calendar days across DST changes, whatever the zone this runs in', () => {
    // US DST starts 03/09/2025 and ends 11/02/2025.
    expect(presetRange('30_days', '2025-03-20')).toEqual({ from: '2025-02-19', to: '2025-03-20' });
    expect(presetRange('90_days', '2025-11-02')).toEqual({ from: '2025-08-05', to: '2025-11-02' });
    expect(presetRange('30_days', '2025-11-10')).toEqual({ from: '2025-10-12', to: '2025-11-10' });
  });
});

describe('the previous period', () => {
  it('has the same length and ends the day before the range starts', () => {
    const range = presetRange('90_days', '2025-06-15');
    const previous = previousPeriod(range);
    expect(previous).toEqual({ from: '2024-12-18', to: '2025-03-17' });
    expect(rangeLengthDays(previous)).toBe(90);
  });

  it('of a calendar month is as many days, not the month before', () => {
    expect(previousPeriod({ from: '2025-02-01', to: '2025-02-28' })).toEqual({
      from: '2025-01-04',
      to: '2025-01-31',
    });
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-31' })).toEqual({
      from: '2024-01-30',
      to: '2024-02-29',
    });
    expect(previousPeriod({ from: '2025-01-01', to: '2025-01-01' })).toEqual({
      from: '2024-12-31',
      to: '2024-12-31',
    });
  });
});

describe('formatting', () => {
  it('writes days as MM/dd/yyyy', () => {
    expect(formatDay('2025-03-09')).toBe('03/09/2025');
    expect(formatRange({ from: '2024-12-18', to: '2025-03-17' })).toBe('12/18/2024 – 03/17/2025');
    expect(formatInstantDay('2025-03-10T03:30:00Z', 'America/Chicago')).toBe('03/09/2025');
    expect(formatInstantDay('2025-03-10T03:30:00Z', 'UTC')).toBe('03/10/2025');
    expect(() => formatDay('2025-02-30')).toThrow(RangeError);
    expect(formatInstantDateTime('2025-03-10T03:30:00Z', 'America/Chicago')).toBe(
      '03/09/2025 10:30 PM',
    );
    expect(formatInstantDateTime('2025-07-04T16:05:00Z', 'UTC')).toBe('07/04/2025 4:05 PM');
    expect(formatInstantDateTime('2025-07-04T00:00:00Z', 'UTC')).toBe('07/04/2025 12:00 AM');
    expect(formatInstantDateTime('2025-07-04T12:30:00Z', 'UTC')).toBe('07/04/2025 12:30 PM');
  });
});

describe('today in a zone', () => {
  it('is the local calendar day of that zone', () => {
    const lateEvening = new Date('2025-01-01T04:30:00Z'); // 12/31 23:30 in New York
    expect(todayIn('America/New_York', lateEvening)).toBe('2024-12-31');
    expect(todayIn('UTC', lateEvening)).toBe('2025-01-01');
    expect(todayIn('Asia/Tokyo', new Date('2025-03-31T15:00:00Z'))).toBe('2025-04-01');
  });
});

describe('instants of a range', () => {
  it('run from local midnight to the local midnight after the last day', () => {
    const { start, end } = rangeInstants(
      { from: '2025-01-01', to: '2025-01-31' },
      'America/Chicago',
    );
    expect(start.toISOString()).toBe('2025-01-01T06:00:00.000Z');
    expect(end.toISOString()).toBe('2025-02-01T06:00:00.000Z');
  });

  it('are 23 hours on the spring-forward day and 25 on the fall-back day', () => {
    const spring = rangeInstants({ from: '2025-03-09', to: '2025-03-09' }, 'America/New_York');
    expect(spring.start.toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const fall = rangeInstants({ from: '2025-11-02', to: '2025-11-02' }, 'America/New_York');
    expect((fall.end.getTime() - fall.start.getTime()) / 3_600_000).toBe(25);
    const utc = rangeInstants({ from: '2025-03-09', to: '2025-03-10' }, 'UTC');
    expect(utc.start.toISOString()).toBe('2025-03-09T00:00:00.000Z');
    expect(utc.end.toISOString()).toBe('2025-03-11T00:00:00.000Z');
  });
});

describe('a typed range', () => {
  const today = '2025-06-15';
  it('accepts a real range up to today', () => {
    expect(checkRange('2025-06-01', '2025-06-15', today)).toEqual({
      ok: true,
      range: { from: '2025-06-01', to: '2025-06-15' },
    });
    expect(checkRange('2025-06-15', '2025-06-15', today).ok).toBe(true);
  });

  it('names the field that is wrong', () => {
    expect(checkRange('', '2025-06-01', today)).toEqual({
      ok: false,
      errors: { from: 'Enter a start date.' },
    });
    expect(checkRange('2025-02-30', '', today)).toEqual({
      ok: false,
      errors: { from: 'Enter a real start date.', to: 'Enter an end date.' },
    });
    expect(checkRange('2025-06-10', '2025-06-01', today)).toEqual({
      ok: false,
      errors: { to: 'The end date must be on or after the start.' },
    });
    expect(checkRange('2025-06-01', '2025-06-16', today)).toEqual({
      ok: false,
      errors: { to: 'The end date cannot be in the future.' },
    });
    expect(checkRange('1999-12-31', '2025-06-01', today).ok).toBe(false);
    expect(checkRange('2023-06-14', '2025-06-15', today)).toEqual({
      ok: false,
      errors: { to: `Choose at most ${MAX_RANGE_DAYS} days.` },
    });
    expect(checkRange('2023-06-15', '2025-06-14', today).ok).toBe(true);
  });
});

describe('the overview query', () => {
  it('takes both days or neither, in order, within the longest span', () => {
    expect(overviewQuerySchema.safeParse({}).success).toBe(true);
    expect(
      overviewQuerySchema.safeParse({ from: '2025-01-01', to: '2025-01-31', tz: 'America/Chicago' })
        .success,
    ).toBe(true);
    expect(overviewQuerySchema.safeParse({ from: '2025-01-01' }).success).toBe(false);
    expect(overviewQuerySchema.safeParse({ from: '2025-02-01', to: '2025-01-31' }).success).toBe(
      false,
    );
    expect(overviewQuerySchema.safeParse({ from: '2020-01-01', to: '2025-01-31' }).success).toBe(
      false,
    );
    expect(overviewQuerySchema.safeParse({ from: '2025-1-1', to: '2025-01-31' }).success).toBe(
      false,
    );
    expect(overviewQuerySchema.safeParse({ tz: 'Mars/Olympus' }).success).toBe(false);
  });
});

describe('KPI trends', () => {
  it('give direction and whole percent, and "new" instead of infinity', () => {
    expect(kpiTrend(12, 10)).toEqual({ direction: 'up', percent: 20 });
    expect(kpiTrend(5, 10)).toEqual({ direction: 'down', percent: -50 });
    expect(kpiTrend(7, 7)).toEqual({ direction: 'flat', percent: 0 });
    expect(kpiTrend(3, 0)).toEqual({ direction: 'new', percent: null });
    expect(kpiTrend(0, 0)).toEqual({ direction: 'flat', percent: 0 });
    expect(kpiTrend(0, 4)).toEqual({ direction: 'down', percent: -100 });
  });
});
