import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { PostDraft, PostsProvider, PublishedPost, VendorPost } from '../kernel/posts-port';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import { createVendorSend, unexpectedShape, vendorTimestamp } from '../kernel/vendor-http';
import { GBP_VENDOR } from '../kernel/vendor-ids';
import { GBP_DEFAULT_BASE_URL } from './gbp-reviews-live';
import { googleApiHttp } from './google-api-http';

const LABEL = 'Google Business Profile';
/** localPosts.list answers at most 100 a page. */
const MAX_PAGE_SIZE = 100;
export const GBP_POST_METRICS = ['LOCAL_POST_VIEWS_SEARCH', 'LOCAL_POST_ACTIONS_CALL_TO_ACTION'];
export const GBP_REJECTED_REASON =
  'Google rejected this post (it may break Google’s content policy).';
const CTA_TYPES = new Set(['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL']);

const dateSchema = z.object({ year: z.number(), month: z.number(), day: z.number() });
const timeSchema = z.object({ hours: z.number().optional(), minutes: z.number().optional() });

// Optional fields are optional: Google leaves out what a post does not have.
const localPostSchema = z.object({
  name: z.string().min(1),
  languageCode: z.string().optional(),
  summary: z.string().optional(),
  callToAction: z.object({ actionType: z.string(), url: z.string().optional() }).optional(),
  createTime: vendorTimestamp,
  updateTime: vendorTimestamp.optional(),
  event: z
    .object({
      title: z.string().optional(),
      schedule: z
        .object({
          startDate: dateSchema,
          startTime: timeSchema.optional(),
          endDate: dateSchema,
          endTime: timeSchema.optional(),
        })
        .optional(),
    })
    .optional(),
  state: z.string().optional(),
  media: z
    .array(
      z.object({
        mediaFormat: z.string().optional(),
        googleUrl: z.string().optional(),
        sourceUrl: z.string().optional(),
      }),
    )
    .optional(),
  searchUrl: z.string().optional(),
  topicType: z.string().optional(),
  offer: z
    .object({
      couponCode: z.string().optional(),
      redeemOnlineUrl: z.string().optional(),
      termsConditions: z.string().optional(),
    })
    .optional(),
});
type LocalPost = z.infer<typeof localPostSchema>;

const listSchema = z.object({
  localPosts: z.array(localPostSchema).optional(),
  nextPageToken: z.string().optional(),
});

const insightsSchema = z.object({
  localPostMetrics: z
    .array(
      z.object({
        localPostName: z.string(),
        metricValues: z
          .array(
            z.object({
              metric: z.string().optional(),
              // int64 values travel as strings in Google's JSON.
              totalValue: z.object({ value: z.union([z.string(), z.number()]).optional() }),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});

const two = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
function civil(date: z.infer<typeof dateSchema>, time?: z.infer<typeof timeSchema>): string {
  return `${String(date.year).padStart(4, '0')}-${two(date.month)}-${two(date.day)}T${two(
    time?.hours,
  )}:${two(time?.minutes)}`;
}
function toDateTime(local: string) {
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0] = local.split(/[-T:]/).map(Number);
  return { date: { year: y, month: mo, day: d }, time: { hours: h, minutes: mi } };
}

export function toVendorPost(post: LocalPost): VendorPost {
  const createdAt = new Date(post.createTime);
  const topic =
    post.topicType === 'EVENT' || post.topicType === 'OFFER' ? post.topicType : 'STANDARD';
  const schedule = post.event?.schedule;
  const cta = post.callToAction;
  const media = post.media?.find((m) => m.googleUrl || m.sourceUrl);
  return {
    externalId: post.name,
    topicType: topic,
    summary: post.summary ?? '',
    ctaType: cta && CTA_TYPES.has(cta.actionType) ? cta.actionType : null,
    ctaUrl: cta?.url ?? null,
    event:
      schedule && topic !== 'STANDARD'
        ? {
            title: post.event?.title ?? '',
            start: civil(schedule.startDate, schedule.startTime),
            end: civil(schedule.endDate, schedule.endTime),
          }
        : null,
    offer: post.offer
      ? {
          couponCode: post.offer.couponCode,
          redeemUrl: post.offer.redeemOnlineUrl,
          terms: post.offer.termsConditions,
        }
      : null,
    mediaUrl: media?.googleUrl ?? media?.sourceUrl ?? null,
    state:
      post.state === 'REJECTED'
        ? 'failed'
        : post.state === 'PROCESSING'
          ? 'publishing'
          : 'published',
    failureReason: post.state === 'REJECTED' ? GBP_REJECTED_REASON : null,
    searchUrl: post.searchUrl ?? null,
    createdAt,
    updatedAt: post.updateTime ? new Date(post.updateTime) : createdAt,
    views: null,
    clicks: null,
  };
}

/** Our post in the shape localPosts.create takes. */
export function toLocalPostBody(draft: PostDraft): Record<string, unknown> {
  const media = draft.media && 'url' in draft.media ? draft.media : null;
  const event = draft.event
    ? (() => {
        const start = toDateTime(draft.event.start);
        const end = toDateTime(draft.event.end);
        return {
          title: draft.event.title,
          schedule: {
            startDate: start.date,
            startTime: start.time,
            endDate: end.date,
            endTime: end.time,
          },
        };
      })()
    : undefined;
  return {
    languageCode: 'en-US',
    summary: draft.summary,
    topicType: draft.topicType,
    ...(draft.ctaType && {
      callToAction: {
        actionType: draft.ctaType,
        ...(draft.ctaType !== 'CALL' && draft.ctaUrl ? { url: draft.ctaUrl } : {}),
      },
    }),
    ...(event && { event }),
    ...(draft.topicType === 'OFFER' &&
      draft.offer && {
        offer: {
          ...(draft.offer.couponCode && { couponCode: draft.offer.couponCode }),
          ...(draft.offer.redeemUrl && { redeemOnlineUrl: draft.offer.redeemUrl }),
          ...(draft.offer.terms && { termsConditions: draft.offer.terms }),
        },
      }),
    ...(media && { media: [{ mediaFormat: 'PHOTO', sourceUrl: media.url }] }),
  };
}

export interface GbpPostsLiveOptions {
  recordCall: RecordProviderCall;
  baseUrl?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/** `accounts/1/locations/2` → each segment escaped, the slashes kept. */
const resourcePath = (name: string) => name.split('/').map(encodeURIComponent).join('/');

/**
 * A location's local posts through the My Business API v4 (`accounts.locations.localPosts`):
 * list (with each page's insights from `localPosts:reportInsights`), create and delete. One
 * request per call, except a list page, which also asks for its live posts' insights.
 */
export function createGbpPostsLive(options: GbpPostsLiveOptions): PostsProvider {
  const base = (options.baseUrl ?? GBP_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const send = createVendorSend({ ...options, vendor: GBP_VENDOR, label: LABEL });

  const { headers, failure } = googleApiHttp(LABEL);

  const postsUrl = (access: ConnectionAccess) =>
    `${base}/v4/${resourcePath(access.externalAccount)}/localPosts`;

  async function insights(access: ConnectionAccess, posts: VendorPost[], signal?: AbortSignal) {
    const live = posts.filter((p) => p.state === 'published');
    if (live.length === 0) return;
    const oldest = Math.min(...live.map((p) => p.createdAt.getTime()));
    const response = await send({
      url: `${postsUrl(access)}:reportInsights`,
      method: 'POST',
      headers: headers(access, true),
      body: JSON.stringify({
        localPostNames: live.map((p) => p.externalId),
        basicRequest: {
          metricRequests: GBP_POST_METRICS.map((metric) => ({ metric })),
          timeRange: {
            startTime: new Date(oldest).toISOString(),
            endTime: new Date().toISOString(),
          },
        },
      }),
      signal,
    });
    if (!response.ok) throw failure(response, access);
    const parsed = insightsSchema.safeParse(response.json);
    if (!parsed.success) throw unexpectedShape(GBP_VENDOR, LABEL);
    const byName = new Map(live.map((p) => [p.externalId, p]));
    for (const metrics of parsed.data.localPostMetrics ?? []) {
      const post = byName.get(metrics.localPostName);
      if (!post) continue;
      const value = (metric: string) => {
        const found = metrics.metricValues?.find((m) => m.metric === metric)?.totalValue.value;
        return found === undefined ? 0 : Number(found) || 0;
      };
      post.views = value('LOCAL_POST_VIEWS_SEARCH');
      post.clicks = value('LOCAL_POST_ACTIONS_CALL_TO_ACTION');
    }
  }

  return {
    vendor: GBP_VENDOR,
    mode: 'live',

    async listPosts(access, page, signal) {
      const pageSize = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(page.pageSize)));
      const query = [
        `pageSize=${pageSize}`,
        ...(page.pageToken ? [`pageToken=${encodeURIComponent(page.pageToken)}`] : []),
      ].join('&');
      const response = await send({
        url: `${postsUrl(access)}?${query}`,
        method: 'GET',
        headers: headers(access),
        signal,
      });
      if (!response.ok) throw failure(response, access);
      const parsed = listSchema.safeParse(response.json);
      if (!parsed.success) throw unexpectedShape(GBP_VENDOR, LABEL);
      const posts = (parsed.data.localPosts ?? []).map(toVendorPost);
      await insights(access, posts, signal);
      return { posts, nextPageToken: parsed.data.nextPageToken || null };
    },

    async createPost(access, draft): Promise<PublishedPost> {
      if (draft.media && !('url' in draft.media)) {
        throw new VendorError(
          GBP_VENDOR,
          'invalid',
          'Google fetches a post’s image from a public address, and this server has none (set PUBLIC_URL).',
        );
      }
      const response = await send({
        url: postsUrl(access),
        method: 'POST',
        headers: headers(access, true),
        body: JSON.stringify(toLocalPostBody(draft)),
      });
      if (!response.ok) throw failure(response, access);
      const parsed = localPostSchema.safeParse(response.json);
      if (!parsed.success) throw unexpectedShape(GBP_VENDOR, LABEL);
      const post = toVendorPost(parsed.data);
      if (post.state === 'failed')
        throw new VendorError(GBP_VENDOR, 'invalid', GBP_REJECTED_REASON);
      return {
        externalId: post.externalId,
        searchUrl: post.searchUrl,
        publishedAt: post.createdAt,
        state: post.state === 'publishing' ? 'publishing' : 'published',
        mediaUrl: post.mediaUrl,
      };
    },

    async deletePost(access, externalId) {
      // A post's name starts with its location's: never delete another location's post.
      if (!externalId.startsWith(`${access.externalAccount}/localPosts/`)) {
        throw new VendorError(GBP_VENDOR, 'invalid', 'This post is not of this location.');
      }
      const response = await send({
        url: `${base}/v4/${resourcePath(externalId)}`,
        method: 'DELETE',
        headers: headers(access),
      });
      if (!response.ok) throw failure(response, access);
    },
  };
}
