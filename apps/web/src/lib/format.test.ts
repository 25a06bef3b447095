import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCount,
  formatDate,
  formatMinutesSeconds,
  formatMonth,
  formatPercent,
} from './format';

describe('the shared formatters', () => {
  it('prints cents as dollars, and a chosen mark for no figure', () => {
    expect(formatCents(12_345)).toBe('$123.45');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-500)).toBe('-$5.00');
    expect(formatCents(null)).toBe('—');
    expect(formatCents(null, '')).toBe('');
  });

  it('groups counts and prints a dash for none, never 0', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe('—');
    expect(formatCount(undefined)).toBe('—');
  });

  it('prints ratios as percentages with the asked decimals', () => {
    expect(formatPercent(0.1234)).toBe('12%');
    expect(formatPercent(0.1234, 2)).toBe('12.34%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(null)).toBe('—');
  });

  it('prints calendar months long or short, whatever the viewer’s zone', () => {
    expect(formatMonth('2025-03')).toBe('March 2025');
    expect(formatMonth('2025-12', 'short')).toBe('Dec 2025');
    expect(formatMonth('not a month')).toBe('not a month');
  });

  it('prints days as MM/dd/yyyy and durations as minutes:seconds', () => {
    expect(formatDate('2026-03-04T12:00:00')).toBe('03/04/2026');
    expect(formatMinutesSeconds(95)).toBe('1:35');
    expect(formatMinutesSeconds(5)).toBe('0:05');
    expect(formatMinutesSeconds(null)).toBe('—');
  });
});
