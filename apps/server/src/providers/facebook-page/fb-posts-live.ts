import { z } from 'zod';
import { graphPageHttp } from '../kernel/meta-graph-http';
import type { PostsProvider, PublishedPost, VendorPost } from '../kernel/posts-port';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import { createVendorSend, unexpectedShape, vendorTimestamp } from '../kernel/vendor-http';
import { FACEBOOK_VENDOR } from '../kernel/vendor-ids';
import { FACEBOOK_DEFAULT_BASE_URL, FACEBOOK_DEFAULT_VERSION } from './fb-ratings-live';

const LABEL = 'Facebook';
/** Insights come with the feed through field expansion: one request a page, not one a post. */
export const FEED_FIELDS =
  'id,message,created_time,updated_time,full_picture,permalink_url,is_published,insights.metric(post_impressions,post_clicks)';
export const FB_POST_METRICS = { views: 'post_impressions', clicks: 'post_clicks' } as const;

const metricSchema = z.object({
  name: z.string(),
  values: z.array(z.object({ value: z.union([z.number(), z.string()]).optional() })).optional(),
});

const feedPostSchema = z.object({
  id: z.string().min(1),
  message: z.string().optional(),
  created_time: vendorTimestamp,
  updated_time: vendorTimestamp.optional(),
  full_picture: z.string().optional(),
  permalink_url: z.string().optional(),
  is_published: z.boolean().optional(),
  insights: z.object({ data: z.array(metricSchema) }).optional(),
});
type FeedPost = z.infer<typeof feedPostSchema>;

const feedSchema = z.object({
  data: z.array(feedPostSchema),
  paging: z
    .object({
      cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
      next: z.string().optional(),
    })
    .optional(),
});

function metric(post: FeedPost, name: string): number | null {
  const found = post.insights?.data.find((m) => m.name === name);
  const value = found?.values?.[0]?.value;
  return value === undefined ? null : Number(value) || 0;
}

export function toVendorPost(post: FeedPost): VendorPost {
  const createdAt = new Date(post.created_time);
  return {
    externalId: post.id,
    topicType: 'STANDARD',
    summary: post.message ?? '',
    ctaType: null,
    ctaUrl: null,
    event: null,
    offer: null,
    mediaUrl: post.full_picture ?? null,
    // The feed lists a post Facebook holds for its own scheduled time as not published.
    state: post.is_published === false ? 'scheduled' : 'published',
    failureReason: null,
    searchUrl: post.permalink_url ?? null,
    createdAt,
    updatedAt: post.updated_time ? new Date(post.updated_time) : createdAt,
    views: metric(post, FB_POST_METRICS.views),
    clicks: metric(post, FB_POST_METRICS.clicks),
  };
}

export interface FbPostsLiveOptions {
  recordCall: RecordProviderCall;
  baseUrl?: string;
  graphVersion?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * A Facebook page's feed through the Graph API: the page's posts with their insights, a new
 * post (`/{page-id}/feed` with message and link, or `/{page-id}/photos` with the image's url
 * and a caption), and deleting one. One request per call; the page token travels in the
 * Authorization header, never in a URL.
 */
export function createFbPostsLive(options: FbPostsLiveOptions): PostsProvider {
  const base = `${(options.baseUrl ?? FACEBOOK_DEFAULT_BASE_URL).replace(/\/+$/, '')}/${
    options.graphVersion ?? FACEBOOK_DEFAULT_VERSION
  }`;
  const send = createVendorSend({ ...options, vendor: FACEBOOK_VENDOR, label: LABEL });

  const { headers, failure } = graphPageHttp();

  const path = (...parts: string[]) => `${base}/${parts.map(encodeURIComponent).join('/')}`;

  return {
    vendor: FACEBOOK_VENDOR,
    mode: 'live',

    async listPosts(access, page, signal) {
      const query = new URLSearchParams({
        fields: FEED_FIELDS,
        limit: String(Math.max(1, Math.min(100, Math.floor(page.pageSize)))),
      });
      if (page.pageToken) query.set('after', page.pageToken);
      const response = await send({
        url: `${path(access.externalAccount, 'feed')}?${query}`,
        method: 'GET',
        headers: headers(access),
        signal,
      });
      if (!response.ok) throw failure(response, access);
      const parsed = feedSchema.safeParse(response.json);
      if (!parsed.success) throw unexpectedShape(FACEBOOK_VENDOR, LABEL);
      const { data, paging } = parsed.data;
      return {
        posts: data.map(toVendorPost),
        // Graph sends cursors on the last page too; only `next` says there is more.
        nextPageToken: paging?.next ? (paging.cursors?.after ?? null) : null,
      };
    },

    async createPost(access, draft): Promise<PublishedPost> {
      if (draft.media && !('url' in draft.media)) {
        throw new VendorError(
          FACEBOOK_VENDOR,
          'invalid',
          'Facebook fetches a post’s image from a public address, and this server has none (set PUBLIC_URL).',
        );
      }
      const photo = draft.media && 'url' in draft.media ? draft.media.url : null;
      // A link has no place on a photo post: it goes into the caption.
      const caption = draft.ctaUrl ? `${draft.summary}\n\n${draft.ctaUrl}` : draft.summary;
      const response = await send({
        url: path(access.externalAccount, photo ? 'photos' : 'feed'),
        method: 'POST',
        headers: headers(access, true),
        body: JSON.stringify(
          photo
            ? { url: photo, caption, published: true }
            : {
                message: draft.summary,
                ...(draft.ctaUrl && { link: draft.ctaUrl }),
                published: true,
              },
        ),
      });
      if (!response.ok) throw failure(response, access);
      const created = z
        .object({ id: z.string(), post_id: z.string().optional() })
        .safeParse(response.json);
      if (!created.success) throw unexpectedShape(FACEBOOK_VENDOR, LABEL);
      // A photo answers with the photo's id and the post's; the post is what the feed lists.
      const externalId = created.data.post_id ?? created.data.id;
      return {
        externalId,
        searchUrl: `https://www.facebook.com/${externalId}`,
        publishedAt: new Date(),
        state: 'published',
        mediaUrl: photo,
      };
    },

    async deletePost(access, externalId) {
      // A page post's id starts with the page's: never delete another page's post.
      if (!externalId.startsWith(`${access.externalAccount}_`)) {
        throw new VendorError(FACEBOOK_VENDOR, 'invalid', 'This post is not of this page.');
      }
      const response = await send({
        url: path(externalId),
        method: 'DELETE',
        headers: headers(access),
      });
      if (!response.ok) throw failure(response, access);
    },
  };
}
