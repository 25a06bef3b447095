import { describe, expect, it } from 'vitest';
import { demoWindowStart } from '../kernel/demo-reviews-core';
import type { ReviewsProvider, VendorReview } from '../kernel/reviews-port';
import { VendorError } from '../kernel/vendor-errors';
import { createGbpReviewsDemo } from './gbp-reviews-demo';

const NOW = new Date('2026-03-01T12:00:00Z');
const ACCOUNT = 'accounts/1001/locations/2002';
const DAY = 86_400_000;

function access(externalAccount = ACCOUNT) {
  return { externalAccount, accessToken: null };
}

async function everything(provider: ReviewsProvider, account = ACCOUNT, pageSize = 1_000) {
  const all: VendorReview[] = [];
  let pageToken: string | null = null;
  let pages = 0;
  do {
    const page = await provider.listReviews(access(account), { pageToken, pageSize });
    all.push(...page.reviews);
    pageToken = page.nextPageToken;
    pages++;
  } while (pageToken && pages < 1_000);
  return { all, pages };
}

describe('Business Profile reviews (demo)', () => {
  it('gives the same reviews for the same account, seed and clock, and others for another account', async () => {
    const first = await everything(createGbpReviewsDemo({ now: () => NOW }));
    const second = await everything(createGbpReviewsDemo({ now: () => NOW }));
    expect(second.all).toEqual(first.all);
    const other = await everything(
      createGbpReviewsDemo({ now: () => NOW }),
      'accounts/1/locations/9',
    );
    expect(other.all.map((r) => r.externalId)).not.toEqual(first.all.map((r) => r.externalId));
    const reseeded = await everything(createGbpReviewsDemo({ now: () => NOW, seed: 'other' }));
    expect(reseeded.all[0]?.externalId).not.toBe(first.all[0]?.externalId);
  });

  it('shows 18 months of reviews, mostly five stars, in several lengths, about 60 % of older ones answered', async () => {
    const { all } = await everything(createGbpReviewsDemo({ now: () => NOW }));
    const from = demoWindowStart(NOW);
    expect(from).toBe(Date.parse('2024-09-01T12:00:00Z'));
    expect(all.length).toBeGreaterThan(120);
    expect(all.length).toBeLessThan(300);
    for (const review of all) {
      expect(review.publishedAt.getTime()).toBeGreaterThanOrEqual(from);
      expect(review.publishedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.recommendation).toBeNull();
      if (review.reply) {
        expect(review.reply.updatedAt.getTime()).toBeGreaterThan(review.publishedAt.getTime());
        expect(review.reply.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
    }
    // Across many locations: the rating mix and the reply share hold.
    const many = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          everything(createGbpReviewsDemo({ now: () => NOW }), `accounts/7/locations/${i}`),
        ),
      )
    ).flatMap((r) => r.all);
    const share = (test: (r: VendorReview) => boolean, of = many) =>
      of.filter(test).length / of.length;
    expect(share((r) => r.rating === 5)).toBeGreaterThan(0.62);
    expect(share((r) => r.rating === 5)).toBeLessThan(0.78);
    expect(share((r) => r.rating !== null && r.rating <= 2)).toBeGreaterThan(0.04);
    expect(share((r) => r.comment === '')).toBeGreaterThan(0.03);
    expect(share((r) => r.comment.length > 120)).toBeGreaterThan(0.05);
    const older = many.filter((r) => r.publishedAt.getTime() < NOW.getTime() - 10 * DAY);
    expect(share((r) => r.reply !== null, older)).toBeGreaterThan(0.5);
    expect(share((r) => r.reply !== null, older)).toBeLessThan(0.7);
    expect(new Set(many.map((r) => r.reviewerName)).size).toBeGreaterThan(300);
  });

  it('keeps each review the same as time passes, and new ones appear', async () => {
    const before = (await everything(createGbpReviewsDemo({ now: () => NOW }))).all;
    const later = new Date(NOW.getTime() + 30 * DAY);
    const after = (await everything(createGbpReviewsDemo({ now: () => later }))).all;
    const byId = new Map(after.map((r) => [r.externalId, r]));
    const stillShown = before.filter((r) => r.publishedAt.getTime() >= demoWindowStart(later));
    expect(stillShown.length).toBeGreaterThan(50);
    for (const review of stillShown) {
      expect(byId.get(review.externalId)).toMatchObject({
        reviewerName: review.reviewerName,
        rating: review.rating,
        comment: review.comment,
        publishedAt: review.publishedAt,
      });
    }
    expect(after.filter((r) => r.publishedAt > NOW).length).toBeGreaterThan(3);
  });

  it('pages newest change first, covering every review once, pageSize honoured', async () => {
    const provider = createGbpReviewsDemo({ now: () => NOW });
    const whole = (await everything(provider)).all;
    const paged = await everything(provider, ACCOUNT, 7);
    expect(paged.pages).toBe(Math.ceil(whole.length / 7));
    expect(paged.all.map((r) => r.externalId)).toEqual(whole.map((r) => r.externalId));
    expect(new Set(paged.all.map((r) => r.externalId)).size).toBe(whole.length);
    const times = paged.all.map((r) => r.updatedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = await provider.listReviews(access(), { pageToken: null, pageSize: 7 });
    expect(first.reviews).toHaveLength(7);
    await expect(
      provider.listReviews(access(), { pageToken: 'not-a-token', pageSize: 7 }),
    ).rejects.toMatchObject({ code: 'invalid' });
  });

  it('shows a written reply on the next list, moves the review to the front, and deletes it', async () => {
    let clock = NOW;
    const provider = createGbpReviewsDemo({ now: () => clock });
    const { all } = await everything(provider);
    const target = all.find((r) => !r.reply && r.publishedAt < new Date(NOW.getTime() - 30 * DAY));
    if (!target) throw new Error('expected an unanswered older review');
    clock = new Date(NOW.getTime() + 60_000);
    const reply = await provider.putReply(
      access(),
      { externalId: target.externalId, replyExternalId: null },
      'Thank you!',
    );
    expect(reply).toEqual({ text: 'Thank you!', updatedAt: clock, externalId: null });
    const page = await provider.listReviews(access(), { pageToken: null, pageSize: 1 });
    expect(page.reviews[0]).toMatchObject({
      externalId: target.externalId,
      updatedAt: clock,
      reply: { text: 'Thank you!', updatedAt: clock, externalId: null },
    });
    // Another instance (another process) keeps no memory of it.
    const fresh = await everything(createGbpReviewsDemo({ now: () => clock }));
    expect(fresh.all.find((r) => r.externalId === target.externalId)?.reply).toBeNull();

    await provider.deleteReply(access(), { externalId: target.externalId, replyExternalId: null });
    const again = await everything(provider);
    expect(again.all.find((r) => r.externalId === target.externalId)?.reply).toBeNull();
    const missing = await provider
      .putReply(access(), { externalId: 'nope', replyExternalId: null }, 'Hi')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(VendorError);
    expect((missing as VendorError).code).toBe('not_found');
  });

  it('signs some replies with the business name it is told', async () => {
    const { all } = await everything(
      createGbpReviewsDemo({
        now: () => NOW,
        describe: () => ({ businessName: 'Peak Plumbing', trade: 'plumber' }),
      }),
    );
    expect(all.some((r) => r.reply?.text.endsWith('- Peak Plumbing'))).toBe(true);
    expect(all.some((r) => /leak|water heater|drain/.test(r.comment))).toBe(true);
  });

  it('lists 18 months of one location in well under 10 ms', async () => {
    const provider = createGbpReviewsDemo({ now: () => NOW });
    await everything(provider, 'accounts/warm/locations/up');
    // CPU time, and the median of several locations never listed before: other test files
    // share the machine, so wall-clock time would measure them too.
    const costs: number[] = [];
    for (let i = 0; i < 15; i++) {
      const before = process.cpuUsage();
      await everything(provider, `accounts/speed/locations/${i}`);
      const spent = process.cpuUsage(before);
      costs.push((spent.user + spent.system) / 1000);
    }
    costs.sort((a, b) => a - b);
    expect(costs[7]).toBeLessThan(10);
  });
});
