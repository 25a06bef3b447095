import type { Review, ReviewReplyWrite } from '@pinpoint/contracts';

/** A write this person just made, and when its answer came. */
export interface TrackedWrite {
  write: ReviewReplyWrite;
  at: number;
}

/**
 * The reply write to show on a review: its `latestWrite`, except in the moment between the
 * answer to a write made here and the refetch after it, when the data on screen is older
 * than the write and does not know it yet.
 */
export function shownWrite(
  review: Pick<Review, 'latestWrite'>,
  tracked: TrackedWrite | null,
  updatedAt: number,
): ReviewReplyWrite | null {
  const latest = review.latestWrite;
  if (!tracked || latest?.id === tracked.write.id || updatedAt > tracked.at) return latest;
  return tracked.write;
}
