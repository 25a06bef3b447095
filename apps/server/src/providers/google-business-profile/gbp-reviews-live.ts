import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { RecordProviderCall } from '../kernel/provider-calls';
import type { ReviewsProvider, VendorReview } from '../kernel/reviews-port';
import { createVendorSend, unexpectedShape, vendorTimestamp } from '../kernel/vendor-http';
import { GBP_VENDOR } from '../kernel/vendor-ids';
import { googleApiHttp } from './google-api-http';

/** The name under which calls are counted on the status page (kept here for its importers). */
export const GBP_DEFAULT_BASE_URL = 'https://mybusiness.googleapis.com';
/** The v4 reviews list refuses more than 50 a page. */
const MAX_PAGE_SIZE = 50;
const LABEL = 'Google Business Profile';
/** What Google itself shows for a reviewer who chose to stay anonymous. */
export const ANONYMOUS_GOOGLE_REVIEWER = 'A Google user';

const STARS = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

const replySchema = z.object({ comment: z.string(), updateTime: vendorTimestamp });

// Optional fields are optional: Google leaves out what a review does not have.
const reviewSchema = z.object({
  name: z.string().optional(),
  reviewId: z.string().min(1),
  reviewer: z
    .object({
      displayName: z.string().optional(),
      profilePhotoUrl: z.string().optional(),
      isAnonymous: z.boolean().optional(),
    })
    .optional(),
  starRating: z.string().optional(),
  comment: z.string().optional(),
  createTime: vendorTimestamp,
  updateTime: vendorTimestamp.optional(),
  reviewReply: replySchema.optional(),
});

const listSchema = z.object({
  reviews: z.array(reviewSchema).optional(),
  averageRating: z.number().optional(),
  totalReviewCount: z.number().optional(),
  nextPageToken: z.string().optional(),
});

export type GbpReview = z.infer<typeof reviewSchema>;

export function toVendorReview(review: GbpReview): VendorReview {
  const reviewer = review.reviewer;
  const name = reviewer?.isAnonymous ? '' : (reviewer?.displayName?.trim() ?? '');
  const rating = STARS[review.starRating as keyof typeof STARS] ?? null;
  const publishedAt = new Date(review.createTime);
  return {
    externalId: review.reviewId,
    reviewerName: name || ANONYMOUS_GOOGLE_REVIEWER,
    rating,
    recommendation: null,
    comment: review.comment ?? '',
    publishedAt,
    updatedAt: review.updateTime ? new Date(review.updateTime) : publishedAt,
    reply: review.reviewReply
      ? {
          text: review.reviewReply.comment,
          updatedAt: new Date(review.reviewReply.updateTime),
          externalId: null,
        }
      : null,
  };
}

export interface GbpReviewsLiveOptions {
  recordCall: RecordProviderCall;
  baseUrl?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/** `accounts/1/locations/2` → each segment escaped, the slashes kept. */
function accountPath(externalAccount: string): string {
  return externalAccount.split('/').map(encodeURIComponent).join('/');
}

/**
 * The Business Profile reviews of one location through the My Business API v4
 * (`accounts.locations.reviews`). Each method sends one request; the token travels only
 * in the Authorization header and never into a message.
 */
export function createGbpReviewsLive(options: GbpReviewsLiveOptions): ReviewsProvider {
  const base = (options.baseUrl ?? GBP_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const send = createVendorSend({ ...options, vendor: GBP_VENDOR, label: LABEL });

  const { headers, failure } = googleApiHttp(LABEL);

  function reviewUrl(access: ConnectionAccess, reviewId: string): string {
    return `${base}/v4/${accountPath(access.externalAccount)}/reviews/${encodeURIComponent(reviewId)}/reply`;
  }

  return {
    vendor: GBP_VENDOR,
    mode: 'live',

    async listReviews(access, page, signal) {
      const pageSize = Math.max(1, Math.min(MAX_PAGE_SIZE, Math.floor(page.pageSize)));
      // Built by hand: URLSearchParams would write the space in the orderBy as '+'.
      const query = [
        `pageSize=${pageSize}`,
        ...(page.pageToken ? [`pageToken=${encodeURIComponent(page.pageToken)}`] : []),
        `orderBy=${encodeURIComponent('updateTime desc')}`,
      ].join('&');
      const response = await send({
        url: `${base}/v4/${accountPath(access.externalAccount)}/reviews?${query}`,
        method: 'GET',
        headers: headers(access),
        signal,
      });
      if (!response.ok) throw failure(response, access);
      const parsed = listSchema.safeParse(response.json);
      if (!parsed.success) throw unexpectedShape(GBP_VENDOR, LABEL);
      return {
        reviews: (parsed.data.reviews ?? []).map(toVendorReview),
        nextPageToken: parsed.data.nextPageToken || null,
      };
    },

    async putReply(access, review, text) {
      const response = await send({
        url: reviewUrl(access, review.externalId),
        method: 'PUT',
        headers: headers(access, true),
        body: JSON.stringify({ comment: text }),
      });
      if (!response.ok) throw failure(response, access);
      const parsed = replySchema.safeParse(response.json);
      if (!parsed.success) throw unexpectedShape(GBP_VENDOR, LABEL);
      return {
        text: parsed.data.comment,
        updatedAt: new Date(parsed.data.updateTime),
        externalId: null,
      };
    },

    async deleteReply(access, review) {
      const response = await send({
        url: reviewUrl(access, review.externalId),
        method: 'DELETE',
        headers: headers(access),
      });
      if (!response.ok) throw failure(response, access);
    },
  };
}
