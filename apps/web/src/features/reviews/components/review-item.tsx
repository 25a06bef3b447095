import { findProduct, formatInstantDay, type Review } from '@pinpoint/contracts';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { ReplyActions } from './reply-actions';
import { ReviewRating } from './review-rating';

/**
 * One review in a list: who, the verdict, when, what they wrote, the reply the vendor
 * shows now, and its reply actions with the state of a reply change on its way.
 */
export function ReviewItem({
  review,
  detailHref,
  showProduct,
  updatedAt,
}: {
  review: Review;
  /** When the list holding this review was fetched (ReplyActions). */
  updatedAt: number;
  detailHref: string;
  /** On the company page, which product the review belongs to. */
  showProduct: boolean;
}) {
  const id = useId();
  // The detail page's "back" returns here, filters and page included.
  const location = useLocation();
  return (
    <article aria-labelledby={`${id}-name`} className="py-3 border-bottom" data-testid="review">
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <h3 id={`${id}-name`} className="h6 mb-0">
          {review.reviewerName}
        </h3>
        <ReviewRating review={review} />
        <time dateTime={review.publishedAt} className="small text-body-secondary">
          {formatInstantDay(review.publishedAt)}
        </time>
        {review.fromRequest && (
          <span className="badge text-bg-info" data-testid="review-from-request">
            From a review request
          </span>
        )}
        {showProduct && (
          <span className="small text-body-secondary">
            · {findProduct(review.productSlug)?.name ?? review.productSlug}
          </span>
        )}
      </div>
      {review.comment ? (
        <p className="mt-1 mb-2" data-testid="review-text" style={{ whiteSpace: 'pre-line' }}>
          {review.comment}
        </p>
      ) : (
        <p className="mt-1 mb-2 fst-italic text-body-secondary">A rating without a comment.</p>
      )}
      {review.replyText && (
        <div className="border-start border-3 ps-3 mb-2" data-testid="review-reply">
          <p className="small fw-semibold mb-1">
            Reply from the business
            {review.replyUpdatedAt && (
              <span className="fw-normal text-body-secondary">
                {' '}
                · {formatInstantDay(review.replyUpdatedAt)}
              </span>
            )}
          </p>
          <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
            {review.replyText}
          </p>
        </div>
      )}
      <ReplyActions review={review} updatedAt={updatedAt} />
      <Link
        to={detailHref}
        state={{ from: `${location.pathname}${location.search}` }}
        className="small d-inline-block mt-1"
      >
        Details and history
        <span className="visually-hidden"> of the review by {review.reviewerName}</span>
      </Link>
    </article>
  );
}
