import type { Random } from '../../kernel/demo/random';
import type { DemoPostContent } from './demo-post-text';
import { DemoRandom, hashLabel, hashUnit } from './demo-random';
import type { DemoBusinessHint } from './demo-review-text';
import { DEMO_EPOCH, demoWindowStart } from './demo-reviews-core';
import type { PostDraft, PostPage, PostsProvider, PublishedPost, VendorPost } from './posts-port';
import { VendorError } from './vendor-errors';

const DAY = 86_400_000;

export interface DemoPostsCoreOptions {
  vendor: string;
  /** Different seeds give different posts for the same account. */
  seed: string;
  now: () => Date;
  /** The mean gap between an account's posts (Google about 2 a week, Facebook 3). */
  everyDays: number;
  /** What a post reaches after a few weeks: views from … to …. */
  reach: [number, number];
  describe?: (externalAccount: string) => DemoBusinessHint | null | undefined;
  /** The post's id at the vendor, from well-mixed 32-bit numbers. */
  externalId(account: string, bits: (n: number) => number[]): string;
  searchUrl(externalId: string): string;
  generate(random: Random, hint: DemoBusinessHint | null | undefined, at: number): DemoPostContent;
}

function encodeCursor(updatedAt: number, externalId: string): string {
  return Buffer.from(JSON.stringify([updatedAt, externalId])).toString('base64url');
}

function decodeCursor(vendor: string, token: string): [number, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString());
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string') {
      return [value[0], value[1]];
    }
  } catch {
    // falls through to the refusal below
  }
  throw new VendorError(vendor, 'invalid', 'The page token is not one this provider gave.', 400);
}

/**
 * What the Google and Facebook demo posts adapters share: an account's posts on slots of a
 * fixed timeline from a fixed epoch (slot k falls somewhere in the k-th gap, by a hash), so
 * a post is the same whatever day it is and new ones appear as time passes; the last 18
 * months of it shown, newest first; insights that grow with a post's age; and an in-memory
 * overlay that makes accepted writes (new posts, deletions) visible, as at the vendor.
 */
export function createDemoPostsProvider(options: DemoPostsCoreOptions): PostsProvider {
  const seed = hashLabel(0, options.seed);
  const gap = options.everyDays * DAY;
  const created = new Map<string, VendorPost[]>();
  const deleted = new Set<string>();
  const key = (account: string, id: string) => `${account}\n${id}`;
  let serial = 0;

  function insights(label: string, at: number, now: number, hasCta: boolean) {
    const [low, high] = options.reach;
    const reach = low + hashUnit(seed, `reach/${label}`) * (high - low);
    const ageDays = Math.max(0, (now - at) / DAY);
    const views = Math.round(reach * (1 - Math.exp(-ageDays / 7)));
    const rate = hasCta ? 0.02 + 0.04 * hashUnit(seed, `ctr/${label}`) : 0.004;
    return { views, clicks: Math.round(views * rate) };
  }

  function slotPost(account: string, k: number, now: number): VendorPost | null {
    const label = `${account}/${k}`;
    const at = Math.round(DEMO_EPOCH + (k + 0.15 + 0.7 * hashUnit(seed, `slot/${label}`)) * gap);
    const externalId = options.externalId(account, (n) =>
      Array.from({ length: n }, (_, i) => hashLabel(seed, `id${i}/${label}`)),
    );
    if (deleted.has(key(account, externalId))) return null;
    const content = options.generate(
      new DemoRandom(seed, `post/${label}`),
      options.describe?.(account),
      at,
    );
    return {
      externalId,
      ...content,
      mediaUrl: null,
      state: 'published',
      failureReason: null,
      searchUrl: options.searchUrl(externalId),
      createdAt: new Date(at),
      updatedAt: new Date(at),
      ...insights(label, at, now, content.ctaType !== null || content.ctaUrl !== null),
    };
  }

  /** The window's posts, newest change first, the id breaking ties. */
  function listing(account: string): VendorPost[] {
    const now = options.now().getTime();
    const from = demoWindowStart(new Date(now));
    const posts: VendorPost[] = [];
    const first = Math.max(0, Math.floor((from - DEMO_EPOCH) / gap) - 1);
    const last = Math.floor((now - DEMO_EPOCH) / gap);
    for (let k = first; k <= last; k++) {
      const post = slotPost(account, k, now);
      const at = post?.createdAt.getTime() ?? 0;
      if (post && at >= from && at <= now) posts.push(post);
    }
    for (const post of created.get(account) ?? []) {
      if (deleted.has(key(account, post.externalId))) continue;
      const label = `${account}/${post.externalId}`;
      const at = post.createdAt.getTime();
      posts.push({ ...post, ...insights(label, at, now, post.ctaType !== null) });
    }
    return posts.sort((a, b) =>
      a.updatedAt.getTime() !== b.updatedAt.getTime()
        ? b.updatedAt.getTime() - a.updatedAt.getTime()
        : a.externalId < b.externalId
          ? -1
          : 1,
    );
  }

  return {
    vendor: options.vendor,
    mode: 'demo',

    async listPosts(access, page): Promise<PostPage> {
      const rows = listing(access.externalAccount);
      let start = 0;
      if (page.pageToken) {
        const [updated, id] = decodeCursor(options.vendor, page.pageToken);
        const index = rows.findIndex(
          (r) =>
            r.updatedAt.getTime() < updated ||
            (r.updatedAt.getTime() === updated && r.externalId > id),
        );
        start = index === -1 ? rows.length : index;
      }
      const size = Math.max(1, Math.floor(page.pageSize));
      const slice = rows.slice(start, start + size);
      const tail = slice[slice.length - 1];
      return {
        posts: slice,
        nextPageToken:
          tail && start + size < rows.length
            ? encodeCursor(tail.updatedAt.getTime(), tail.externalId)
            : null,
      };
    },

    async createPost(access, draft: PostDraft): Promise<PublishedPost> {
      const account = access.externalAccount;
      const at = options.now();
      const externalId = options.externalId(account, (n) =>
        Array.from({ length: n }, (_, i) =>
          hashLabel(seed, `created${i}/${account}/${at.getTime()}/${++serial}`),
        ),
      );
      const mediaUrl = draft.media && 'url' in draft.media ? draft.media.url : null;
      const post: VendorPost = {
        externalId,
        topicType: draft.topicType,
        summary: draft.summary,
        ctaType: draft.ctaType,
        ctaUrl: draft.ctaUrl,
        event: draft.event,
        offer: draft.offer,
        mediaUrl,
        state: 'published',
        failureReason: null,
        searchUrl: options.searchUrl(externalId),
        createdAt: at,
        updatedAt: at,
        views: 0,
        clicks: 0,
      };
      const list = created.get(account) ?? [];
      list.push(post);
      created.set(account, list);
      return {
        externalId,
        searchUrl: post.searchUrl,
        publishedAt: at,
        state: 'published',
        mediaUrl,
      };
    },

    async deletePost(access, externalId) {
      const account = access.externalAccount;
      if (deleted.has(key(account, externalId))) {
        throw new VendorError(options.vendor, 'not_found', 'The post no longer exists.', 404);
      }
      const known =
        (created.get(account) ?? []).some((p) => p.externalId === externalId) ||
        listing(account).some((p) => p.externalId === externalId);
      if (!known)
        throw new VendorError(options.vendor, 'not_found', 'The post no longer exists.', 404);
      deleted.add(key(account, externalId));
    },
  };
}
