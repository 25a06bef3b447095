import type { Review, ReviewReplyWrite } from '@pinpoint/contracts';
import { outboxStatusSchema } from '@pinpoint/contracts';
import type { OutboxRow } from '../../platform/vendor-sync/outbox.repository';
import type { ReviewRow } from './reviews.repository';
import { REVIEW_WRITE_KINDS } from './reviews.sync';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** An outbox row as a review's history shows it. */
export function toReplyWrite(row: OutboxRow, names: Map<number, string>): ReviewReplyWrite {
  const text = typeof row.payload.text === 'string' ? row.payload.text : null;
  return {
    id: row.id,
    action: row.kind === REVIEW_WRITE_KINDS.deleteReply ? 'delete' : 'reply',
    text,
    status: outboxStatusSchema.catch('failed').parse(row.status),
    error: row.status === 'failed' ? row.lastError : null,
    attempts: row.attempts,
    createdBy: row.createdBy === null ? null : (names.get(row.createdBy) ?? null),
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
  };
}

export function toReview(
  row: ReviewRow,
  product: { id: number; slug: string },
  latestWrite: ReviewReplyWrite | null,
  fromRequest = false,
): Review {
  return {
    id: row.id,
    productId: product.id,
    productSlug: product.slug,
    source: row.source === 'facebook' ? 'facebook' : 'google',
    reviewerName: row.reviewerName,
    rating: row.rating,
    recommendation:
      row.recommendation === 'positive' || row.recommendation === 'negative'
        ? row.recommendation
        : null,
    comment: row.comment,
    publishedAt: row.publishedAt.toISOString(),
    replyText: row.replyText,
    replyUpdatedAt: iso(row.replyUpdatedAt),
    latestWrite,
    fromRequest,
  };
}
