import type { ConnectionAccess } from './connection-access';

export type VendorPostTopic = 'STANDARD' | 'EVENT' | 'OFFER';

/**
 * One post as every posts vendor is mapped to it: a Business Profile local post or a
 * Facebook page post.
 */
export interface VendorPost {
  /** Google: the local post's `name` (`accounts/…/locations/…/localPosts/…`); Facebook: the post id. */
  externalId: string;
  topicType: VendorPostTopic;
  summary: string;
  /** Google's callToAction; Facebook has none (its link travels in ctaUrl with no type). */
  ctaType: string | null;
  ctaUrl: string | null;
  /**
   * EVENT and OFFER: Google's schedule is civil time without a zone (the location's own), so
   * it stays a local date-time (`2026-11-23T14:30`) until the company's zone is known.
   */
  event: { title: string; start: string; end: string } | null;
  offer: { couponCode?: string; redeemUrl?: string; terms?: string } | null;
  /** The vendor's copy of the image (Google's googleUrl, Facebook's full_picture). */
  mediaUrl: string | null;
  /** LIVE → published, PROCESSING → publishing, REJECTED → failed; Facebook: published or scheduled. */
  state: 'published' | 'publishing' | 'failed' | 'scheduled';
  failureReason: string | null;
  searchUrl: string | null;
  createdAt: Date;
  /** Google `updateTime`; Facebook `updated_time`. Pages come newest change first. */
  updatedAt: Date;
  /** Insights where the vendor gives them (Google local post insights, Facebook post insights). */
  views: number | null;
  clicks: number | null;
}

export interface PostPage {
  posts: VendorPost[];
  /** Null on the last page. */
  nextPageToken: string | null;
}

/** A post as it is sent: our fields, the image as the vendor can reach it. */
export interface PostDraft {
  topicType: VendorPostTopic;
  summary: string;
  ctaType: string | null;
  ctaUrl: string | null;
  /** Civil date-times in the location's zone (Google's event schedule). */
  event: { title: string; start: string; end: string } | null;
  offer: { couponCode?: string; redeemUrl?: string; terms?: string } | null;
  /**
   * The image: an address the vendor fetches (our signed public link to an upload, or a
   * profile photo's URL), or an upload only the demo adapter can take without an address.
   */
  media: { url: string } | { imageId: number } | null;
}

/** What the vendor answered to a published post. */
export interface PublishedPost {
  externalId: string;
  searchUrl: string | null;
  publishedAt: Date;
  /** Google may hold a post for review (PROCESSING) before it goes LIVE. */
  state: 'published' | 'publishing';
  mediaUrl: string | null;
}

export interface PostsProvider {
  /** The vendor as counted on the status page: 'google-business-profile' | 'facebook-page'. */
  readonly vendor: string;
  readonly mode: 'demo' | 'live';
  listPosts(
    access: ConnectionAccess,
    page: { pageToken: string | null; pageSize: number },
    signal?: AbortSignal,
  ): Promise<PostPage>;
  createPost(access: ConnectionAccess, draft: PostDraft): Promise<PublishedPost>;
  /** Deletes the post at the vendor; a post already gone is a VendorError `not_found`. */
  deletePost(access: ConnectionAccess, externalId: string): Promise<void>;
}
