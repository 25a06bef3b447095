import { hash32 } from '../../kernel/demo/random';
import {
  type DemoBusinessHint,
  type DemoMood,
  demoComment,
  demoOwnerReply,
  demoReviewerName,
  demoServices,
  demoStaff,
} from '../kernel/demo-review-text';
import { createDemoReviewsProvider } from '../kernel/demo-reviews-core';
import type { ReviewsProvider } from '../kernel/reviews-port';
import { FACEBOOK_VENDOR } from '../kernel/vendor-ids';

export interface FbRatingsDemoOptions {
  /** The demo's seed; the same seed and page always give the same recommendations. */
  seed?: string;
  now?: () => Date;
  /** The business behind a page, when known, so its recommendations and replies fit it. */
  describe?: (pageId: string) => DemoBusinessHint | null | undefined;
}

/** Graph ids are digits; these are made from a hash, padded to a steady length. */
function digits(value: number, length: number): string {
  return value.toString().padStart(length, '0').slice(-length);
}

/**
 * Facebook page recommendations without Facebook: the same timeline as the Google demo
 * (see demo-reviews-core) in Facebook's terms: recommended or not (about 88 % yes), no
 * star rating, always some text, and the page's reply as a comment with an id.
 */
export function createFbRatingsDemo(options: FbRatingsDemoOptions = {}): ReviewsProvider {
  return createDemoReviewsProvider({
    vendor: FACEBOOK_VENDOR,
    seed: `${options.seed ?? 'pinpoint-demo'}/facebook`,
    now: options.now ?? (() => new Date()),
    replyRate: 0.55,
    replyDelayHours: [1, 120],
    // Graph gives ratings no update time: a reply does not move the rating.
    replyBumpsUpdatedAt: false,
    // A rating's open graph story id: `{page}_{digits}`.
    externalId: (pageId, bits) => {
      const [a = 0, b = 0] = bits(2);
      return `${pageId}_${digits(a, 8)}${digits(b, 8)}`;
    },
    // The page's comment on the story: `{story}_{digits}`, stable for a given story.
    replyId: (storyId, existing) => existing ?? `${storyId}_${digits(hash32(storyId), 10)}`,
    describeAccount: (random, pageId) => {
      const hint = options.describe?.(pageId) ?? null;
      return { hint, staff: demoStaff(random), services: demoServices(hint) };
    },
    generate: (random, { hint, staff, services }) => {
      const positive = random.chance(0.88);
      const mood: DemoMood = positive
        ? random.chance(0.8)
          ? 'great'
          : 'good'
        : random.chance(0.5)
          ? 'poor'
          : 'bad';
      const reviewerName = demoReviewerName(random);
      return {
        reviewerName,
        rating: null,
        recommendation: positive ? 'positive' : 'negative',
        // Facebook asks for text with every recommendation.
        comment: demoComment(random, mood, { staff, services, allowEmpty: false }),
        replyText: demoOwnerReply(random, mood, reviewerName, hint),
      };
    },
  });
}
