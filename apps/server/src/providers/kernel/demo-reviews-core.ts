import type { Random } from '../../kernel/demo/random';
import { DemoRandom, hashLabel, hashUnit } from './demo-random';
import type { ReviewPage, ReviewsProvider, VendorReview } from './reviews-port';
import { VendorError } from './vendor-errors';

/**
 * What the Google and Facebook demo adapters share: a location's reviews on a timeline
 * walked from a fixed epoch (so a review is the same whatever day it is, and new ones
 * appear as time passes), the last 18 months of it shown, paged newest change first,
 * and an in-memory overlay that makes accepted writes visible.
 */
export const DEMO_EPOCH = Date.UTC(2020, 0, 1);
export const DEMO_WINDOW_MONTHS = 18;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The words of one review, written only when it is on a page asked for. */
export interface DemoReviewContent {
  reviewerName: string;
  rating: number | null;
  recommendation: 'positive' | 'negative' | null;
  comment: string;
  /** The owner's reply, shown if the review was answered and the reply's time has come. */
  replyText: string;
}

export interface DemoReviewsCoreOptions<Context> {
  vendor: string;
  /** Different seeds give different reviews for the same account. */
  seed: string;
  now: () => Date;
  /** The share of reviews the owner answers, and how long after (log-uniform, hours). */
  replyRate: number;
  replyDelayHours: [number, number];
  /** Google moves updateTime when a reply is written; Facebook has no such time. */
  replyBumpsUpdatedAt: boolean;
  /** The review's id at the vendor, from a hash of it (`bits(n)`: n well-mixed 32-bit numbers). */
  externalId(account: string, bits: (n: number) => number[]): string;
  /** The id of the owner's reply at the vendor (Facebook: a comment id); null for Google. */
  replyId(reviewExternalId: string, existing: string | null): string | null;
  /** What stays the same across an account's reviews (its staff, its trade). */
  describeAccount(random: Random, externalAccount: string): Context;
  generate(random: Random, context: Context): DemoReviewContent;
}

/** One review's place on the timeline: cheap to compute for all, before any words. */
interface Slot {
  at: number;
  externalId: string;
  /** When the owner replies, or null if never. */
  replyAt: number | null;
}

interface Written {
  text: string | null;
  at: number;
  externalId: string | null;
}

interface AccountTimeline {
  walk: DemoRandom;
  /** Mean gap between reviews: 2–4 days, the account's own pace. */
  pace: number;
  /** Review times so far, ascending; `next` is the first one beyond them. */
  times: number[];
  next: number;
  /** Ids and reply times, worked out only for reviews that were in a window. */
  slots: Map<number, Slot>;
  contextKey: string;
  content: Map<number, DemoReviewContent>;
}

/** Accounts kept in memory at once; beyond it the cache starts afresh (it is only a cache). */
const MAX_CACHED_ACCOUNTS = 1_000;

/** The first moment of the window: 18 calendar months before now. */
export function demoWindowStart(now: Date): number {
  const start = new Date(now.getTime());
  start.setUTCMonth(start.getUTCMonth() - DEMO_WINDOW_MONTHS);
  return start.getTime();
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

export function createDemoReviewsProvider<Context>(
  options: DemoReviewsCoreOptions<Context>,
): ReviewsProvider {
  const seed = hashLabel(0, options.seed);
  const [minDelay, maxDelay] = options.replyDelayHours.map(Math.log) as [number, number];
  const overlay = new Map<string, Written>();
  const key = (account: string, id: string) => `${account}\n${id}`;
  const timelines = new Map<string, AccountTimeline>();

  /** Walks the account's timeline up to `until`, in exponential gaps. */
  function slotsUntil(account: string, until: number): AccountTimeline {
    const step = (t: AccountTimeline) => Math.max(HOUR / 3, -Math.log(1 - t.walk.float()) * t.pace);
    let timeline = timelines.get(account);
    if (!timeline) {
      if (timelines.size >= MAX_CACHED_ACCOUNTS) timelines.clear();
      timeline = {
        walk: new DemoRandom(seed, `walk/${account}`),
        pace: new DemoRandom(seed, `pace/${account}`).between(2, 4) * DAY,
        times: [],
        slots: new Map(),
        next: DEMO_EPOCH,
        contextKey: '',
        content: new Map(),
      };
      timeline.next += step(timeline);
      timelines.set(account, timeline);
    }
    while (timeline.next <= until) {
      timeline.times.push(timeline.next);
      timeline.next += step(timeline);
    }
    return timeline;
  }

  /**
   * A review's id and reply time, from hashes of its own time: none depends on how many
   * came before it, and only the reviews in a window are ever worked out.
   */
  function slotAt(account: string, timeline: AccountTimeline, at: number): Slot {
    let slot = timeline.slots.get(at);
    if (!slot) {
      const label = `${account}/${at}`;
      const replied = hashUnit(seed, `replied/${label}`) < options.replyRate;
      const delay = Math.exp(minDelay + hashUnit(seed, `delay/${label}`) * (maxDelay - minDelay));
      slot = {
        at,
        externalId: options.externalId(account, (n) =>
          Array.from({ length: n }, (_, i) => hashLabel(seed, `id${i}/${label}`)),
        ),
        replyAt: replied ? at + Math.round(delay * HOUR) : null,
      };
      timeline.slots.set(at, slot);
    }
    return slot;
  }

  /** The window's reviews as sort keys: newest change first, the id breaking ties. */
  function listing(account: string) {
    const now = options.now().getTime();
    const from = demoWindowStart(new Date(now));
    const timeline = slotsUntil(account, now);
    // Drawn afresh on each call (it is cheap), so a renamed business shows its new name.
    const context = options.describeAccount(new DemoRandom(seed, `account/${account}`), account);
    const contextKey = JSON.stringify(context);
    if (contextKey !== timeline.contextKey) {
      timeline.content.clear();
      timeline.contextKey = contextKey;
    }
    const rows = [];
    for (const at of timeline.times) {
      if (at < from || at > now) continue;
      const slot = slotAt(account, timeline, at);
      const written = overlay.get(key(account, slot.externalId));
      const replied = slot.replyAt !== null && slot.replyAt <= now;
      let updatedAt = replied && options.replyBumpsUpdatedAt ? (slot.replyAt as number) : slot.at;
      if (written) updatedAt = Math.max(updatedAt, written.at);
      rows.push({ slot, updatedAt, replied, written });
    }
    rows.sort((a, b) =>
      a.updatedAt !== b.updatedAt
        ? b.updatedAt - a.updatedAt
        : a.slot.externalId < b.slot.externalId
          ? -1
          : 1,
    );
    return { timeline, context, rows };
  }

  type Row = ReturnType<typeof listing>['rows'][number];

  function toReview(
    account: string,
    { timeline, context }: { timeline: AccountTimeline; context: Context },
    row: Row,
  ): VendorReview {
    const { slot, written } = row;
    let content = timeline.content.get(slot.at);
    if (!content) {
      content = options.generate(new DemoRandom(seed, `review/${account}/${slot.at}`), context);
      timeline.content.set(slot.at, content);
    }
    const { replyText, ...words } = content;
    let reply: VendorReview['reply'] = row.replied
      ? {
          text: replyText,
          updatedAt: new Date(slot.replyAt as number),
          externalId: options.replyId(slot.externalId, null),
        }
      : null;
    if (written) {
      reply =
        written.text === null
          ? null
          : { text: written.text, updatedAt: new Date(written.at), externalId: written.externalId };
    }
    return {
      externalId: slot.externalId,
      ...words,
      publishedAt: new Date(slot.at),
      updatedAt: new Date(row.updatedAt),
      reply,
    };
  }

  function find(account: string, externalId: string): VendorReview {
    const list = listing(account);
    const row = list.rows.find((r) => r.slot.externalId === externalId);
    if (!row)
      throw new VendorError(options.vendor, 'not_found', 'The review no longer exists.', 404);
    return toReview(account, list, row);
  }

  return {
    vendor: options.vendor,
    mode: 'demo',

    async listReviews(access, page): Promise<ReviewPage> {
      const account = access.externalAccount;
      const list = listing(account);
      const { rows } = list;
      let start = 0;
      if (page.pageToken) {
        const [updated, id] = decodeCursor(options.vendor, page.pageToken);
        const index = rows.findIndex(
          (r) => r.updatedAt < updated || (r.updatedAt === updated && r.slot.externalId > id),
        );
        start = index === -1 ? rows.length : index;
      }
      const size = Math.max(1, Math.floor(page.pageSize));
      const slice = rows.slice(start, start + size);
      const last = slice[slice.length - 1];
      return {
        // Only the page's reviews get their words written: listing stays fast.
        reviews: slice.map((row) => toReview(account, list, row)),
        nextPageToken:
          last && start + size < rows.length
            ? encodeCursor(last.updatedAt, last.slot.externalId)
            : null,
      };
    },

    async putReply(access, review, text) {
      const current = find(access.externalAccount, review.externalId);
      const written: Written = {
        text,
        at: options.now().getTime(),
        externalId: options.replyId(
          review.externalId,
          review.replyExternalId ?? current.reply?.externalId ?? null,
        ),
      };
      overlay.set(key(access.externalAccount, review.externalId), written);
      return { text, updatedAt: new Date(written.at), externalId: written.externalId };
    },

    async deleteReply(access, review) {
      find(access.externalAccount, review.externalId);
      overlay.set(key(access.externalAccount, review.externalId), {
        text: null,
        at: options.now().getTime(),
        externalId: null,
      });
    },
  };
}
