import { describe, expect, it } from 'vitest';
import { demoWindowStart } from '../kernel/demo-reviews-core';
import type { PostsProvider, VendorPost } from '../kernel/posts-port';
import { VendorError } from '../kernel/vendor-errors';
import { createFbPostsDemo } from './fb-posts-demo';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400_000;
const access = (externalAccount: string) => ({ externalAccount, accessToken: null });

async function everything(provider: PostsProvider, account: string) {
  const all: VendorPost[] = [];
  let pageToken: string | null = null;
  do {
    const page = await provider.listPosts(access(account), { pageToken, pageSize: 50 });
    all.push(...page.posts);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return all;
}

describe('Facebook page posts (demo)', () => {
  it('shows a created post on the next list and hides a deleted one', async () => {
    const demo = createFbPostsDemo({ now: () => NOW });
    const before = await everything(demo, '100200300');
    const weeks = (NOW.getTime() - demoWindowStart(NOW)) / (7 * DAY);
    expect(before.length / weeks).toBeGreaterThan(2.6);
    const created = await demo.createPost(access('100200300'), {
      topicType: 'STANDARD',
      summary: 'Hello from the demo.',
      ctaType: null,
      ctaUrl: null,
      event: null,
      offer: null,
      media: { imageId: 5 },
    });
    const after = await everything(demo, '100200300');
    expect(after[0]).toMatchObject({
      externalId: created.externalId,
      summary: 'Hello from the demo.',
    });
    await demo.deletePost(access('100200300'), before[3]?.externalId ?? '');
    await demo.deletePost(access('100200300'), created.externalId);
    const last = await everything(demo, '100200300');
    expect(last).toHaveLength(before.length - 1);
    const error = await demo.deletePost(access('100200300'), created.externalId).catch((e) => e);
    expect(error).toBeInstanceOf(VendorError);
    expect((error as VendorError).code).toBe('not_found');
  });
});
