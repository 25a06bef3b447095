import { describe, expect, it } from 'vitest';
import {
  dayAfterKey,
  daysInMonth,
  monthOf,
  monthTitle,
  monthWeeks,
  shiftDay,
  shiftMonth,
} from './calendar-month';

describe('calendar month arithmetic', () => {
  it('moves by months across years, and by days across months and leap days', () => {
    expect(monthOf('2026-03-10')).toBe('2026-03');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-03', 14)).toBe('2027-05');
    expect(shiftDay('2026-02-28', 1)).toBe('2026-03-01');
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    // A DST change in the US does not shift the day (the arithmetic is in UTC).
    expect(shiftDay('2026-03-07', 7)).toBe('2026-03-14');
  });

  it('counts the days of a month', () => {
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-04')).toBe(30);
    expect(daysInMonth('2026-12')).toBe(31);
  });

  it('lays a month out in weeks from Sunday, with blanks for other months', () => {
    const march = monthWeeks('2026-03');
    expect(march).toHaveLength(5);
    expect(march[0]).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(march[4]).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', null, null, null, null]);
    const may = monthWeeks('2026-05');
    // May 1, 2026 is a Friday.
    expect(may[0]).toEqual([null, null, null, null, null, '2026-05-01', '2026-05-02']);
    expect(may).toHaveLength(6);
    expect(monthWeeks('2026-02')).toHaveLength(4);
  });

  it('names a month', () => {
    expect(monthTitle('2026-03')).toBe('March 2026');
    expect(monthTitle('2027-01')).toBe('January 2027');
  });
});

describe('dayAfterKey', () => {
  // Wednesday, March 11, 2026.
  const day = '2026-03-11';

  it('moves by day, by week, and to the week’s ends', () => {
    expect(dayAfterKey(day, 'ArrowLeft')).toBe('2026-03-10');
    expect(dayAfterKey(day, 'ArrowRight')).toBe('2026-03-12');
    expect(dayAfterKey(day, 'ArrowUp')).toBe('2026-03-04');
    expect(dayAfterKey(day, 'ArrowDown')).toBe('2026-03-18');
    expect(dayAfterKey(day, 'Home')).toBe('2026-03-08');
    expect(dayAfterKey(day, 'End')).toBe('2026-03-14');
    expect(dayAfterKey('2026-03-31', 'ArrowRight')).toBe('2026-04-01');
  });

  it('moves by month to the same date, or the month’s last when it is shorter', () => {
    expect(dayAfterKey(day, 'PageDown')).toBe('2026-04-11');
    expect(dayAfterKey(day, 'PageUp')).toBe('2026-02-11');
    expect(dayAfterKey('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(dayAfterKey('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(dayAfterKey('2025-12-15', 'PageDown')).toBe('2026-01-15');
  });

  it('ignores other keys', () => {
    expect(dayAfterKey(day, 'Enter')).toBeNull();
    expect(dayAfterKey(day, 'a')).toBeNull();
  });
});
