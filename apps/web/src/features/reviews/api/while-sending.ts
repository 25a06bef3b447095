import type { Review } from '@pinpoint/contracts';

/** How often to look again while a reply is on its way, should a realtime event be missed. */
const SENDING_POLL_MS = 5_000;

/**
 * The refetch interval of a query holding these reviews. A `review.write` event refetches
 * as soon as a write's state changes; this is the fallback for a socket that is down, and
 * runs only while some write is still being sent.
 */
export function whileSending(reviews: Review[]): number | false {
  return reviews.some((review) => review.latestWrite?.status === 'pending')
    ? SENDING_POLL_MS
    : false;
}
