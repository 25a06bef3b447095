import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import { graphPageHttp } from '../kernel/meta-graph-http';
import type { RecordProviderCall } from '../kernel/provider-calls';
import type { ReviewsProvider, VendorReview } from '../kernel/reviews-port';
import { VendorError } from '../kernel/vendor-errors';
import { createVendorSend, unexpectedShape, vendorTimestamp } from '../kernel/vendor-http';
import { FACEBOOK_VENDOR } from '../kernel/vendor-ids';

/** Kept here for their importers: the vendor name and Graph's error kinds. */
export const FACEBOOK_DEFAULT_BASE_URL = 'https://graph.facebook.com';
export const FACEBOOK_DEFAULT_VERSION = 'v19.0';
/** Graph does not name a reviewer without extra review; this is what we show then. */
export const ANONYMOUS_FACEBOOK_REVIEWER = 'A Facebook user';
const LABEL = 'Facebook';
export const RATINGS_FIELDS =
  'created_time,recommendation_type,review_text,rating,reviewer{name},open_graph_story{id,comments{id,message,created_time,from}}';

const commentSchema = z.object({
  id: z.string(),
  message: z.string().optional(),
  created_time: vendorTimestamp.optional(),
  from: z.object({ id: z.string(), name: z.string().optional() }).optional(),
});

const ratingSchema = z.object({
  created_time: vendorTimestamp,
  recommendation_type: z.enum(['positive', 'negative']).optional(),
  review_text: z.string().optional(),
  rating: z.number().nullable().optional(),
  reviewer: z.object({ name: z.string().optional(), id: z.string().optional() }).optional(),
  open_graph_story: z
    .object({
      id: z.string(),
      comments: z.object({ data: z.array(commentSchema) }).optional(),
    })
    .optional(),
});

const listSchema = z.object({
  data: z.array(ratingSchema),
  paging: z
    .object({
      cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
      next: z.string().optional(),
    })
    .optional(),
});

type GraphRating = z.infer<typeof ratingSchema>;

/**
 * The page's reply is its own comment on the rating's story. With `from` in the answer
 * we know which that is (none may be); without it, the first comment is the best guess.
 */
function pageReply(rating: GraphRating, pageId: string): VendorReview['reply'] {
  const comments = rating.open_graph_story?.comments?.data ?? [];
  const knowsAuthors = comments.some((c) => c.from);
  const reply = knowsAuthors ? comments.find((c) => c.from?.id === pageId) : comments[0];
  if (!reply) return null;
  return {
    text: reply.message ?? '',
    updatedAt: new Date(reply.created_time ?? rating.created_time),
    externalId: reply.id,
  };
}

export function toVendorReview(rating: GraphRating, pageId: string): VendorReview {
  const at = new Date(rating.created_time);
  return {
    externalId: rating.open_graph_story?.id ?? `${pageId}_${rating.created_time}`,
    reviewerName: rating.reviewer?.name?.trim() || ANONYMOUS_FACEBOOK_REVIEWER,
    rating:
      Number.isInteger(rating.rating) && Number(rating.rating) >= 1 && Number(rating.rating) <= 5
        ? Number(rating.rating)
        : null,
    recommendation: rating.recommendation_type ?? null,
    comment: rating.review_text ?? '',
    publishedAt: at,
    updatedAt: at,
    reply: pageReply(rating, pageId),
  };
}

/** Graph's error codes say more than its HTTP status, which is mostly 400 (posts use it too). */
export interface FbRatingsLiveOptions {
  recordCall: RecordProviderCall;
  baseUrl?: string;
  graphVersion?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * A Facebook page's ratings (recommendations) through the Graph API, and the page's
 * replies as comments on each rating's story. One request per method; the page token
 * travels in the Authorization header (Graph accepts it there), never in a URL.
 */
export function createFbRatingsLive(options: FbRatingsLiveOptions): ReviewsProvider {
  const base = `${(options.baseUrl ?? FACEBOOK_DEFAULT_BASE_URL).replace(/\/+$/, '')}/${
    options.graphVersion ?? FACEBOOK_DEFAULT_VERSION
  }`;
  const send = createVendorSend({ ...options, vendor: FACEBOOK_VENDOR, label: LABEL });

  const { headers, failure } = graphPageHttp();

  async function write(
    access: ConnectionAccess,
    method: 'POST' | 'DELETE',
    path: string,
    body?: object,
  ): Promise<unknown> {
    const response = await send({
      url: `${base}/${path.split('/').map(encodeURIComponent).join('/')}`,
      method,
      headers: headers(access, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw failure(response, access);
    return response.json;
  }

  return {
    vendor: FACEBOOK_VENDOR,
    mode: 'live',

    async listReviews(access, page, signal) {
      const query = new URLSearchParams({
        fields: RATINGS_FIELDS,
        limit: String(Math.max(1, Math.floor(page.pageSize))),
      });
      if (page.pageToken) query.set('after', page.pageToken);
      const response = await send({
        url: `${base}/${encodeURIComponent(access.externalAccount)}/ratings?${query}`,
        method: 'GET',
        headers: headers(access),
        signal,
      });
      if (!response.ok) throw failure(response, access);
      const parsed = listSchema.safeParse(response.json);
      if (!parsed.success) throw unexpectedShape(FACEBOOK_VENDOR, LABEL);
      const { data, paging } = parsed.data;
      return {
        reviews: data.map((rating) => toVendorReview(rating, access.externalAccount)),
        // Graph sends cursors on the last page too; only `next` says there is more.
        nextPageToken: paging?.next ? (paging.cursors?.after ?? null) : null,
      };
    },

    async putReply(access, review, text) {
      const at = new Date();
      if (review.replyExternalId) {
        await write(access, 'POST', review.replyExternalId, { message: text });
        return { text, updatedAt: at, externalId: review.replyExternalId };
      }
      const created = z
        .object({ id: z.string() })
        .safeParse(await write(access, 'POST', `${review.externalId}/comments`, { message: text }));
      if (!created.success) throw unexpectedShape(FACEBOOK_VENDOR, LABEL);
      return { text, updatedAt: at, externalId: created.data.id };
    },

    async deleteReply(access, review) {
      // The reply is a comment we only know by its id; without one there is nothing to delete.
      if (!review.replyExternalId) {
        throw new VendorError(
          FACEBOOK_VENDOR,
          'not_found',
          'The reply’s Facebook id is not known.',
        );
      }
      await write(access, 'DELETE', review.replyExternalId);
    },
  };
}
