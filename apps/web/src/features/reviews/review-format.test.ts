import { describe, expect, it } from 'vitest';
import { formatReplyTime, timeAgo, writeStatusLabel } from './review-format';

describe('review formats', () => {
  it('writes the median time to reply short', () => {
    expect(formatReplyTime(null)).toBe('—');
    expect(formatReplyTime(42)).toBe('42 min');
    expect(formatReplyTime(180)).toBe('3 h');
    expect(formatReplyTime(2 * 24 * 60 + 100)).toBe('2 d');
  });

  it('says how long ago data was synced', () => {
    const now = Date.parse('2026-03-15T12:00:00Z');
    expect(timeAgo('2026-03-15T11:59:40Z', now)).toBe('just now');
    expect(timeAgo('2026-03-15T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-03-15T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-03-14T11:00:00Z', now)).toBe('yesterday');
  });

  it('names every write state', () => {
    const base = { error: null, action: 'reply' as const };
    expect(writeStatusLabel({ ...base, status: 'awaiting_approval' })).toBe('Waiting for approval');
    expect(writeStatusLabel({ ...base, status: 'pending' })).toBe('Sending…');
    expect(writeStatusLabel({ ...base, status: 'sent' })).toBe('Sent');
    expect(writeStatusLabel({ ...base, status: 'failed', error: 'Access is denied' })).toBe(
      'Failed: Access is denied',
    );
  });
});
