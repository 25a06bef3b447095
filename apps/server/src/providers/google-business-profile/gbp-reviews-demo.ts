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
import { GBP_VENDOR } from '../kernel/vendor-ids';
import { ANONYMOUS_GOOGLE_REVIEWER } from './gbp-reviews-live';

export interface GbpReviewsDemoOptions {
  /** The demo's seed; the same seed and account always give the same reviews. */
  seed?: string;
  now?: () => Date;
  /** The business behind an account, when known, so its reviews and replies fit it. */
  describe?: (externalAccount: string) => DemoBusinessHint | null | undefined;
}

const MOODS: Record<number, DemoMood> = { 5: 'great', 4: 'good', 3: 'mixed', 2: 'poor', 1: 'bad' };

/** About 70 % five stars, 15 % four, 7 % three, 4 % two, 4 % one. */
function stars(draw: number): number {
  if (draw < 0.7) return 5;
  if (draw < 0.85) return 4;
  if (draw < 0.92) return 3;
  if (draw < 0.96) return 2;
  return 1;
}

/**
 * Business Profile reviews without Google: each location's reviews come from the seed
 * and the clock (see demo-reviews-core), and replies written through it show on the
 * next list, as they would at Google.
 */
export function createGbpReviewsDemo(options: GbpReviewsDemoOptions = {}): ReviewsProvider {
  return createDemoReviewsProvider({
    vendor: GBP_VENDOR,
    seed: options.seed ?? 'pinpoint-demo',
    now: options.now ?? (() => new Date()),
    // About 60 % answered, from two hours to six days later.
    replyRate: 0.6,
    replyDelayHours: [2, 144],
    replyBumpsUpdatedAt: true,
    // Google's review ids are long url-safe strings.
    externalId: (_account, bits) =>
      `Ci9DQUlR${Buffer.from(new Uint32Array(bits(5)).buffer).toString('base64url')}`,
    // Google keeps one reply per review and gives it no id of its own.
    replyId: () => null,
    describeAccount: (random, externalAccount) => {
      const hint = options.describe?.(externalAccount) ?? null;
      return { hint, staff: demoStaff(random), services: demoServices(hint) };
    },
    generate: (random, { hint, staff, services }) => {
      const rating = stars(random.float());
      const mood = MOODS[rating] ?? 'great';
      const reviewerName = random.chance(0.03)
        ? ANONYMOUS_GOOGLE_REVIEWER
        : demoReviewerName(random);
      return {
        reviewerName,
        rating,
        recommendation: null,
        comment: demoComment(random, mood, { staff, services, allowEmpty: true }),
        replyText: demoOwnerReply(random, mood, reviewerName, hint),
      };
    },
  });
}
