import { describe, expect, it } from 'vitest';
import { requestAge } from './request-age';

describe('requestAge', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('says the age in the largest whole unit', () => {
    expect(requestAge('2026-03-10T11:59:40Z', now)).toBe('just now');
    expect(requestAge('2026-03-10T11:55:00Z', now)).toBe('5 min ago');
    expect(requestAge('2026-03-10T09:00:00Z', now)).toBe('3 h ago');
    expect(requestAge('2026-03-09T11:00:00Z', now)).toBe('1 day ago');
    expect(requestAge('2026-03-01T12:00:00Z', now)).toBe('9 days ago');
  });
  it('never says a negative age (a clock slightly behind the server)', () => {
    expect(requestAge('2026-03-10T12:01:00Z', now)).toBe('just now');
  });
});
