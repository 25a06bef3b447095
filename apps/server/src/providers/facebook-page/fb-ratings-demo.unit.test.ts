import { describe, expect, it } from 'vitest';
import { demoWindowStart } from '../kernel/demo-reviews-core';
import type { ReviewsProvider, VendorReview } from '../kernel/reviews-port';
import { createFbRatingsDemo } from './fb-ratings-demo';

const NOW = new Date('2026-03-01T12:00:00Z');
const PAGE = '104938271650';

async function everything(provider: ReviewsProvider, pageId = PAGE, pageSize = 1_000) {
  const all: VendorReview[] = [];
  let pageToken: string | null = null;
  do {
    const page = await provider.listReviews(
      { externalAccount: pageId, accessToken: null },
      {
        pageToken,
        pageSize,
      },
    );
    all.push(...page.reviews);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return all;
}

describe('Facebook page recommendations (demo)', () => {
  it('is deterministic per page and differs between pages', async () => {
    const first = await everything(createFbRatingsDemo({ now: () => NOW }));
    expect(await everything(createFbRatingsDemo({ now: () => NOW }))).toEqual(first);
    const other = await everything(createFbRatingsDemo({ now: () => NOW }), '999');
    expect(other[0]?.externalId).not.toBe(first[0]?.externalId);
    expect(first.every((r) => r.externalId.startsWith(`${PAGE}_`))).toBe(true);
  });

  it('shows 18 months of recommendations, about 88 % positive, no stars, always some text', async () => {
    const many = (
      await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          everything(createFbRatingsDemo({ now: () => NOW }), `p${i}`),
        ),
      )
    ).flat();
    const from = demoWindowStart(NOW);
    expect(many.every((r) => r.publishedAt.getTime() >= from && r.publishedAt <= NOW)).toBe(true);
    expect(many.every((r) => r.rating === null && r.comment.length > 0)).toBe(true);
    // Graph has no update time: a rating's is its creation time.
    expect(many.every((r) => r.updatedAt.getTime() === r.publishedAt.getTime())).toBe(true);
    const positive = many.filter((r) => r.recommendation === 'positive').length / many.length;
    expect(positive).toBeGreaterThan(0.83);
    expect(positive).toBeLessThan(0.93);
    const replies = many.filter((r) => r.reply);
    expect(replies.length).toBeGreaterThan(many.length * 0.4);
    expect(replies.every((r) => r.reply?.externalId?.startsWith(`${r.externalId}_`))).toBe(true);
  });

  it('pages through all without duplicates', async () => {
    const provider = createFbRatingsDemo({ now: () => NOW });
    const whole = await everything(provider);
    const paged = await everything(provider, PAGE, 11);
    expect(paged.map((r) => r.externalId)).toEqual(whole.map((r) => r.externalId));
    expect(new Set(paged.map((r) => r.externalId)).size).toBe(whole.length);
  });

  it('shows a written reply with a comment id, keeps the id when it is edited, and deletes it', async () => {
    const clock = new Date(NOW.getTime() + 5_000);
    const provider = createFbRatingsDemo({ now: () => clock });
    const target = (await everything(provider)).find((r) => !r.reply);
    if (!target) throw new Error('expected an unanswered recommendation');
    const access = { externalAccount: PAGE, accessToken: null };
    const created = await provider.putReply(
      access,
      { externalId: target.externalId, replyExternalId: null },
      'Thank you!',
    );
    expect(created.externalId).toMatch(new RegExp(`^${target.externalId}_\\d+$`));
    const edited = await provider.putReply(
      access,
      { externalId: target.externalId, replyExternalId: created.externalId },
      'Thanks again!',
    );
    expect(edited.externalId).toBe(created.externalId);
    const shown = (await everything(provider)).find((r) => r.externalId === target.externalId);
    expect(shown?.reply).toEqual({
      text: 'Thanks again!',
      updatedAt: clock,
      externalId: created.externalId,
    });
    expect(shown?.updatedAt).toEqual(clock);
    await provider.deleteReply(access, {
      externalId: target.externalId,
      replyExternalId: created.externalId,
    });
    const gone = (await everything(provider)).find((r) => r.externalId === target.externalId);
    expect(gone?.reply).toBeNull();
  });
});
