import type { ConnectionAccess } from './connection-access';

/** One review as every reviews vendor is mapped to it. */
export interface VendorReview {
  /** Google `reviewId`; Facebook: the rating's open graph story id. */
  externalId: string;
  reviewerName: string;
  /** 1–5 (Google `ONE`…`FIVE`, Facebook `rating` when given); null otherwise. */
  rating: number | null;
  /** Facebook `recommendation_type`; null for Google. */
  recommendation: 'positive' | 'negative' | null;
  comment: string;
  publishedAt: Date;
  /** Google `updateTime`; Facebook has none, so its creation time. */
  updatedAt: Date;
  reply: { text: string; updatedAt: Date; externalId: string | null } | null;
}

/**
 * One page of reviews, newest change first (Google `orderBy=updateTime desc`; Facebook
 * answers newest first). `nextPageToken` is null on the last page.
 */
export interface ReviewPage {
  reviews: VendorReview[];
  nextPageToken: string | null;
}

export interface ReviewsProvider {
  /** The vendor as counted on the status page: 'google-business-profile' | 'facebook-page'. */
  readonly vendor: string;
  /** 'demo' or 'live', shown to staff and in logs. */
  readonly mode: 'demo' | 'live';
  listReviews(
    access: ConnectionAccess,
    page: { pageToken: string | null; pageSize: number },
    signal?: AbortSignal,
  ): Promise<ReviewPage>;
  /** Creates or replaces the reply; answers what the vendor now shows. */
  putReply(
    access: ConnectionAccess,
    review: { externalId: string; replyExternalId: string | null },
    text: string,
  ): Promise<{ text: string; updatedAt: Date; externalId: string | null }>;
  deleteReply(
    access: ConnectionAccess,
    review: { externalId: string; replyExternalId: string | null },
  ): Promise<void>;
}
