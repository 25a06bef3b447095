import { encodeId, type Review } from '@pinpoint/contracts';
import { useState } from 'react';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { paths } from '../../../config/paths';
import { useReviews } from '../api/get-reviews';
import type { ReviewScope } from '../api/review-scope';
import { REVIEWS_PAGE_SIZE, type ReviewFilters } from '../review-filters';
import { ReviewItem } from './review-item';

const numbers = new Intl.NumberFormat('en-US');

/**
 * Detail links. An encoded id differs on every encoding, so each id is encoded once for the
 * life of the list: a review keeps its link while filters and pages change around it.
 */
function useDetailHref() {
  // A cache, not state: filling it in changes nothing on screen, so it never re-renders.
  const [encoded] = useState(() => ({
    products: new Map<number, string>(),
    reviews: new Map<number, string>(),
  }));
  return (review: Review) => {
    const once = (cache: Map<number, string>, id: number) => {
      let value = cache.get(id);
      if (!value) {
        value = encodeId(id);
        cache.set(id, value);
      }
      return value;
    };
    return paths.dashboard.reviewDetail.href(
      review.productSlug,
      once(encoded.products, review.productId),
      once(encoded.reviews, review.id),
    );
  };
}

/** One page of reviews for the filters, with the count, paging and the empty state. */
export function ReviewList({
  scope,
  filters,
  onPage,
  filtered,
}: {
  scope: ReviewScope;
  filters: ReviewFilters;
  onPage: (page: number) => void;
  /** Whether any list filter is on, to word the empty state. */
  filtered: boolean;
}) {
  const reviews = useReviews(scope, filters);
  const items = reviews.data?.items ?? [];
  const detailHref = useDetailHref();

  if (reviews.isPending) return <Loading what="the reviews" />;
  if (reviews.isError)
    return <LoadError what="The reviews" error={reviews.error} onRetry={() => reviews.refetch()} />;

  const { total, page, pageSize } = reviews.data;
  const pages = Math.max(1, Math.ceil(total / (pageSize || REVIEWS_PAGE_SIZE)));
  if (total === 0) {
    return (
      <p className="text-body-secondary" data-testid="reviews-empty">
        {filtered ? 'No reviews match these filters in this period.' : 'No reviews in this period.'}
      </p>
    );
  }
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, first + items.length - 1);
  return (
    <div aria-busy={reviews.isFetching}>
      <p className="small text-body-secondary mb-0" data-testid="reviews-count">
        {numbers.format(first)}–{numbers.format(last)} of {numbers.format(total)} review
        {total === 1 ? '' : 's'}
      </p>
      {/* Items are articles, each named by its reviewer's heading. */}
      <div data-testid="review-list">
        {items.map((review) => (
          <ReviewItem
            key={review.id}
            review={review}
            detailHref={detailHref(review)}
            showProduct={scope.kind === 'company'}
            updatedAt={reviews.dataUpdatedAt}
          />
        ))}
      </div>
      <Pager label="Review pages" page={page} pages={pages} onPage={onPage} />
    </div>
  );
}
