import { describe, expect, it } from 'vitest';
import { formatChange, formatDuration } from './format';

describe('formatDuration', () => {
  it('writes seconds, minutes and hours, leaving out a zero remainder', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3_959)).toBe('1 h 5 min');
    expect(formatDuration(7 * 3600 + 59)).toBe('7 h');
  });
});

describe('formatChange', () => {
  it('signs an ATRP change, with a true minus for a gain', () => {
    expect(formatChange(-1.234)).toBe('−1.23');
    expect(formatChange(0.5)).toBe('+0.50');
    expect(formatChange(0)).toBe('0.00');
    expect(formatChange(2.25, 1)).toBe('+2.3');
  });
});
