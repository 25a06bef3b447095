import { findProduct, formatInstantDateTime } from '@pinpoint/contracts';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { useReview } from '../api/get-review';
import type { ReviewScope } from '../api/review-scope';
import { useReviewEvents } from '../hooks/use-review-events';
import { ReplyActions } from './reply-actions';
import { ReviewRating } from './review-rating';
import { WriteHistory } from './write-history';

/**
 * One review: what was written, the reply the vendor shows now, the reply box (with an AI
 * draft on request) and every reply write with its state and times.
 */
export function ReviewDetail({
  productId,
  reviewId,
  slug,
  backHref,
}: {
  productId: number;
  reviewId: number;
  slug: string;
  /** The list the review was opened from, or the product's reviews. */
  backHref: string;
}) {
  const detail = useReview(productId, reviewId);
  const scope = useMemo<ReviewScope>(() => ({ kind: 'product', productId }), [productId]);
  // A reply's status change (Sending… → Sent) arrives as an event and refetches.
  useReviewEvents(scope);
  const productName = findProduct(slug)?.name ?? slug;

  const back = (
    <p className="mb-2">
      <Link to={backHref}>
        <span aria-hidden="true">← </span>Back to the reviews
      </Link>
    </p>
  );
  if (detail.isPending)
    return (
      <section>
        {back}
        <h1 className="h3">Review</h1>
        <Loading what="the review" />
      </section>
    );
  if (detail.isError)
    return (
      <section>
        {back}
        <h1 className="h3">Review</h1>
        <LoadError what="The review" error={detail.error} onRetry={() => detail.refetch()} />
      </section>
    );

  const { review, history, approvalRequired } = detail.data;
  return (
    <section>
      {back}
      <h1 className="h3 mb-1">Review by {review.reviewerName}</h1>
      <p className="text-body-secondary mb-3">
        <ReviewRating review={review} /> · {productName} ·{' '}
        <time dateTime={review.publishedAt}>{formatInstantDateTime(review.publishedAt)}</time>
      </p>
      {review.comment ? (
        <blockquote className="fs-5 border-start border-3 ps-3" style={{ whiteSpace: 'pre-line' }}>
          {review.comment}
        </blockquote>
      ) : (
        <p className="fst-italic text-body-secondary">A rating without a comment.</p>
      )}

      <section aria-labelledby="review-reply-heading" className="mb-4">
        <h2 id="review-reply-heading" className="h5">
          Reply
        </h2>
        {review.replyText ? (
          <div className="border-start border-3 ps-3 mb-2" data-testid="review-reply">
            <p className="mb-1" style={{ whiteSpace: 'pre-line' }}>
              {review.replyText}
            </p>
            {review.replyUpdatedAt && (
              <p className="small text-body-secondary mb-0">
                Published {formatInstantDateTime(review.replyUpdatedAt)}
              </p>
            )}
          </div>
        ) : (
          <p className="text-body-secondary mb-2">No reply yet.</p>
        )}
        {approvalRequired && (
          <Alert variant="secondary" className="small py-2">
            This company approves replies written by agency staff before they are sent.
          </Alert>
        )}
        <ReplyActions review={review} updatedAt={detail.dataUpdatedAt} />
      </section>

      <section aria-labelledby="review-history-heading">
        <h2 id="review-history-heading" className="h5">
          Reply history
        </h2>
        <WriteHistory history={history} />
      </section>
    </section>
  );
}
