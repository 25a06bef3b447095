import type { Review } from '@pinpoint/contracts';

/** Stars as a picture with one spoken name: "4 out of 5 stars". */
export function StarRating({ rating, size }: { rating: number; size?: 'lg' }) {
  const rounded = Math.round(rating);
  const label = `${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5 stars`;
  return (
    <span
      role="img"
      aria-label={label}
      className={size === 'lg' ? 'fs-4 text-warning' : 'text-warning'}
      style={{ letterSpacing: '0.05em' }}
    >
      {'★'.repeat(rounded)}
      <span className="text-body-tertiary">{'★'.repeat(5 - rounded)}</span>
    </span>
  );
}

/** A review's verdict: stars (Google), or a recommendation (Facebook has no stars). */
export function ReviewRating({ review }: { review: Pick<Review, 'rating' | 'recommendation'> }) {
  if (review.rating !== null) return <StarRating rating={review.rating} />;
  if (review.recommendation === 'positive')
    return <span className="text-success fw-semibold">Recommends</span>;
  if (review.recommendation === 'negative')
    return <span className="text-danger fw-semibold">Doesn't recommend</span>;
  return null;
}
