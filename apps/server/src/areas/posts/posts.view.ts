import {
  instantToLocalDateTime,
  outboxStatusSchema,
  type Post,
  type PostWrite,
  postCtaTypeSchema,
  postStateSchema,
  postTopicSchema,
} from '@pinpoint/contracts';
import { AMEND_MARGIN_SECONDS, type OutboxRow } from '../../platform/vendor-sync/outbox.repository';
import { atVendor, type PostRow } from './posts.repository';
import { POST_WRITE_KINDS } from './posts.sync';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** States whose post is still ours to change (not at the vendor, not on its way there). */
export const EDITABLE_STATES = new Set([
  'draft',
  'awaiting_approval',
  'scheduled',
  'failed',
  'declined',
]);

export interface PostViewContext {
  timeZone: string;
  names: Map<number, string>;
  /** Our stored image's same-origin URL. */
  imageUrl(imageId: number, companyId: number): string | null;
  now: number;
}

/** What the browser loads for a vendor's image: through our proxy (data URLs as they are). */
export function vendorImageUrl(mediaUrl: string): string {
  return mediaUrl.startsWith('data:')
    ? mediaUrl
    : `/api/main/image/proxy?url=${encodeURIComponent(mediaUrl)}`;
}

/** Whether the post may be edited now: ours, in an editable state, not about to go out. */
export function isEditable(row: PostRow, now: number): boolean {
  if (atVendor(row) || !EDITABLE_STATES.has(row.state)) return false;
  if (row.state !== 'scheduled') return true;
  return (row.scheduledFor?.getTime() ?? 0) - now > AMEND_MARGIN_SECONDS * 1000;
}

export function toPost(
  row: PostRow,
  product: { id: number; slug: string },
  ctx: PostViewContext,
): Post {
  const local = (at: Date) => instantToLocalDateTime(at, ctx.timeZone);
  // A scheduled post whose time has come is on its way: never shown as anything more.
  const due = row.state === 'scheduled' && (row.scheduledFor?.getTime() ?? 0) <= ctx.now;
  return {
    id: row.id,
    productId: product.id,
    productSlug: product.slug,
    source: row.source === 'facebook' ? 'facebook' : 'google',
    topicType: postTopicSchema.catch('STANDARD').parse(row.topicType),
    summary: row.summary,
    ctaType: postCtaTypeSchema.nullable().catch(null).parse(row.ctaType),
    ctaUrl: row.ctaUrl,
    event:
      row.eventStart && row.eventEnd
        ? { title: row.eventTitle ?? '', start: local(row.eventStart), end: local(row.eventEnd) }
        : null,
    offer: row.offer
      ? {
          couponCode: row.offer.couponCode ?? '',
          redeemUrl: row.offer.redeemUrl ?? '',
          terms: row.offer.terms ?? '',
        }
      : null,
    imageId: row.imageId,
    imageUrl:
      row.imageId !== null
        ? ctx.imageUrl(row.imageId, row.companyId)
        : row.mediaUrl
          ? vendorImageUrl(row.mediaUrl)
          : null,
    mediaUrl: row.mediaUrl,
    state: due ? 'publishing' : postStateSchema.catch('failed').parse(row.state),
    scheduledFor: iso(row.scheduledFor),
    scheduledForLocal: row.scheduledFor ? local(row.scheduledFor) : null,
    publishedAt: iso(row.publishedAt),
    failureReason: row.state === 'failed' ? row.failureReason : null,
    declineComment: row.state === 'declined' ? row.declineComment : null,
    searchUrl: row.searchUrl,
    views: row.views,
    clicks: row.clicks,
    createdBy: row.createdBy === null ? null : (ctx.names.get(row.createdBy) ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editable: isEditable(row, ctx.now),
  };
}

/** An outbox row as a post's history shows it. */
export function toPostWrite(row: OutboxRow, names: Map<number, string>): PostWrite {
  const status = outboxStatusSchema.catch('failed').parse(row.status);
  return {
    id: row.id,
    action: row.kind === POST_WRITE_KINDS.delete ? 'delete' : 'publish',
    status,
    // Failed: the vendor's reason; declined: the client's comment.
    error: status === 'failed' || status === 'declined' ? row.lastError : null,
    attempts: row.attempts,
    createdBy: row.createdBy === null ? null : (names.get(row.createdBy) ?? null),
    createdAt: row.createdAt.toISOString(),
    sendAfter: iso(row.sendAfter),
    sentAt: iso(row.sentAt),
  };
}
