import { describe, expect, it } from 'vitest';
import { demoWindowStart } from '../kernel/demo-reviews-core';
import type { PostsProvider, VendorPost } from '../kernel/posts-port';
import { createGbpPostsDemo } from './gbp-posts-demo';

const NOW = new Date('2026-03-01T12:00:00Z');
const ACCOUNT = 'accounts/1001/locations/2002';
const DAY = 86_400_000;
const access = (externalAccount = ACCOUNT) => ({ externalAccount, accessToken: null });

async function everything(provider: PostsProvider, account = ACCOUNT, pageSize = 40) {
  const all: VendorPost[] = [];
  let pageToken: string | null = null;
  do {
    const page = await provider.listPosts(access(account), { pageToken, pageSize });
    all.push(...page.posts);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return all;
}

describe('Business Profile local posts (demo)', () => {
  it('gives the same posts for the same account, seed and clock, about two a week over 18 months', async () => {
    const first = await everything(createGbpPostsDemo({ now: () => NOW }));
    expect(await everything(createGbpPostsDemo({ now: () => NOW }))).toEqual(first);
    const other = await everything(
      createGbpPostsDemo({ now: () => NOW }),
      'accounts/1/locations/9',
    );
    expect(other[0]?.externalId).not.toBe(first[0]?.externalId);
    const weeks = (NOW.getTime() - demoWindowStart(NOW)) / (7 * DAY);
    expect(first.length / weeks).toBeGreaterThan(1.7);
    expect(first.length / weeks).toBeLessThan(2.3);
    // Newest first, within the window, every kind of post, ids of this location.
    const times = first.map((p) => p.updatedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(demoWindowStart(NOW));
    expect(new Set(first.map((p) => p.topicType))).toEqual(new Set(['STANDARD', 'EVENT', 'OFFER']));
    expect(first.every((p) => p.externalId.startsWith(`${ACCOUNT}/localPosts/`))).toBe(true);
    const withButton = first.filter((p) => p.ctaType && p.ctaType !== 'CALL');
    expect(withButton.every((p) => p.ctaUrl?.startsWith('https://'))).toBe(true);
  });

  it('lets insights grow with a post’s age', async () => {
    const early = await everything(createGbpPostsDemo({ now: () => NOW }));
    const later = await everything(
      createGbpPostsDemo({ now: () => new Date(NOW.getTime() + 20 * DAY) }),
    );
    const post = early[0];
    const again = later.find((p) => p.externalId === post?.externalId);
    expect(again?.views ?? 0).toBeGreaterThan(post?.views ?? 0);
  });
});
