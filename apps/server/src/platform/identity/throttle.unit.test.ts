import { describe, expect, it } from 'vitest';
import { retryAfterMs, THROTTLE } from './throttle';

const now = new Date('2026-11-22T12:00:00Z');
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);

describe('failed-login throttling', () => {
  it('lets the first five failures through without delay', () => {
    expect(retryAfterMs({ count: 0, last: null }, now)).toBe(0);
    expect(retryAfterMs({ count: 4, last: secondsAgo(0) }, now)).toBe(0);
  });

  it('then doubles the wait per failure, capped at 60 s', () => {
    expect(retryAfterMs({ count: 5, last: secondsAgo(0) }, now)).toBe(1000);
    expect(retryAfterMs({ count: 7, last: secondsAgo(0) }, now)).toBe(4000);
    expect(retryAfterMs({ count: 19, last: secondsAgo(0) }, now)).toBe(THROTTLE.maxDelayMs);
    expect(retryAfterMs({ count: 7, last: secondsAgo(10) }, now)).toBe(0);
  });

  it('past 20 failures refuses for 15 minutes after the last one, then lets a try through', () => {
    expect(retryAfterMs({ count: 20, last: secondsAgo(60) }, now)).toBe(14 * 60 * 1000);
    expect(retryAfterMs({ count: 35, last: secondsAgo(15 * 60) }, now)).toBe(0);
  });
});
