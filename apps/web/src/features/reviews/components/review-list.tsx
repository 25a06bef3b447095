import { encodeId, type Review } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { paths } from '../../../config/paths';
import { useReviews } from '../api/get-reviews';
import type { ReviewScope } from '../api/review-scope';
import { REVIEWS_PAGE_SIZE, type ReviewFilters } from '../review-filters';
import { ReviewItem } from './review-item';

const numbers = new Intl.NumberFormat('en-US');

/** Encoded ids for the detail links, made once per id so links stay put between renders. */
function useDetailHrefs(reviews: Review[]) {
  const key = reviews.map((r) => `${r.productId}:${r.id}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids are the identity of the page
  return useMemo(() => {
    const hrefs = new Map<number, string>();
    for (const review of reviews) {
      hrefs.set(
        review.id,
        paths.dashboard.reviewDetail.href(
          review.productSlug,
          encodeId(review.productId),
          encodeId(review.id),
        ),
      );
    }
    return hrefs;
  }, [key]);
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
  const hrefs = useDetailHrefs(items);

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
            detailHref={hrefs.get(review.id) ?? ''}
            showProduct={scope.kind === 'company'}
            updatedAt={reviews.dataUpdatedAt}
          />
        ))}
      </div>
      <Pager label="Review pages" page={page} pages={pages} onPage={onPage} />
    </div>
  );
}
