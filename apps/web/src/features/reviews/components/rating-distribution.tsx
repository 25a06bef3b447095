import type { ReviewSummary } from '@pinpoint/contracts';

const numbers = new Intl.NumberFormat('en-US');

/**
 * How many reviews gave each star rating, 5 stars first. Each row says its numbers in
 * words; the bar only repeats them for the eye, so it is hidden from screen readers.
 */
export function RatingDistribution({ summary }: { summary: ReviewSummary }) {
  const rated = summary.distribution.reduce((sum, n) => sum + n, 0);
  if (rated === 0) {
    return <p className="text-body-secondary">No star ratings in this period.</p>;
  }
  const rows = [5, 4, 3, 2, 1].map((stars) => {
    const count = summary.distribution[stars - 1] ?? 0;
    return { stars, count, share: count / rated };
  });
  return (
    <ul className="list-unstyled mb-0" aria-label="Reviews by star rating">
      {rows.map(({ stars, count, share }) => (
        <li
          key={stars}
          className="d-flex align-items-center gap-2 mb-1"
          data-testid="distribution-row"
        >
          <span style={{ minWidth: '4.5rem' }}>
            {stars} star{stars === 1 ? '' : 's'}
          </span>
          <span
            aria-hidden="true"
            className="flex-grow-1 bg-body-secondary rounded"
            style={{ height: '0.75rem', maxWidth: '24rem' }}
          >
            <span
              className="d-block bg-warning rounded h-100"
              style={{ width: `${Math.round(share * 100)}%` }}
            />
          </span>
          <span className="text-end" style={{ minWidth: '7.5rem' }}>
            {numbers.format(count)}{' '}
            <span className="text-body-secondary">({Math.round(share * 100)}%)</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
