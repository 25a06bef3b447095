import type { ReviewSummary } from '@pinpoint/contracts';

const numbers = new Intl.NumberFormat('en-US');

/**
 * How many reviews gave each star rating, 5 stars first. Each row says its numbers in
 * words; the bar only repeats them for the eye, so it is hidden from screen readers.
 */
export function RatingDistribution({ summary }: { summary: ReviewSummary }) {
  const rated = summary.distribution.reduce((sum, n) => sum + n, 0);
  const { positive, negative } = summary.recommendations;
  // Facebook has recommendations instead of stars: the same bars, two of them.
  const rows =
    rated > 0
      ? [5, 4, 3, 2, 1].map((stars) => ({
          key: stars,
          label: `${stars} star${stars === 1 ? '' : 's'}`,
          count: summary.distribution[stars - 1] ?? 0,
          of: rated,
        }))
      : [
          { key: 'positive', label: 'Recommends', count: positive, of: positive + negative },
          { key: 'negative', label: "Doesn't recommend", count: negative, of: positive + negative },
        ];
  if (rows.every((row) => row.of === 0)) {
    return <p className="text-body-secondary">No ratings in this period.</p>;
  }
  return (
    <ul
      className="list-unstyled mb-0"
      aria-label={rated > 0 ? 'Reviews by star rating' : 'Reviews by recommendation'}
    >
      {rows.map(({ key, label, count, of }) => {
        const share = count / of;
        return (
          <li
            key={key}
            className="d-flex align-items-center gap-2 mb-1"
            data-testid="distribution-row"
          >
            <span style={{ minWidth: '9rem' }}>{label}</span>
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
        );
      })}
    </ul>
  );
}
