import type { ReviewReplyWrite } from '@pinpoint/contracts';
import { describe, expect, it } from 'vitest';
import { shownWrite } from './write-tracking';

const write = (id: number, status: ReviewReplyWrite['status']): ReviewReplyWrite => ({
  id,
  action: 'reply',
  text: 'Thank you!',
  status,
  error: null,
  attempts: 0,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00Z',
  sentAt: null,
});

describe('shownWrite', () => {
  it('shows the review’s latest write when nothing was written here', () => {
    expect(shownWrite({ latestWrite: write(1, 'sent') }, null, 5)?.status).toBe('sent');
    expect(shownWrite({ latestWrite: null }, null, 5)).toBeNull();
  });

  it('shows a write made here until data fetched after it arrives', () => {
    const tracked = { write: write(2, 'pending'), at: 10 };
    expect(shownWrite({ latestWrite: write(1, 'sent') }, tracked, 10)?.id).toBe(2);
    expect(shownWrite({ latestWrite: null }, tracked, 9)?.status).toBe('pending');
  });

  it('follows the write in newer data', () => {
    const tracked = { write: write(2, 'pending'), at: 10 };
    expect(shownWrite({ latestWrite: write(2, 'sent') }, tracked, 11)?.status).toBe('sent');
    expect(shownWrite({ latestWrite: write(2, 'awaiting_approval') }, tracked, 3)?.status).toBe(
      'awaiting_approval',
    );
    expect(shownWrite({ latestWrite: write(3, 'pending') }, tracked, 11)?.id).toBe(3);
  });
});
