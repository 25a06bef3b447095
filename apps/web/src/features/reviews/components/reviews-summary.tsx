import type { DayRange } from '@pinpoint/contracts';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { LoadError, Loading } from '../../../components/load-states';
import { useReviewSummary } from '../api/get-review-summary';
import type { ReviewScope } from '../api/review-scope';
import { DataFreshness } from './data-freshness';
import { RatingChart } from './rating-chart';
import { RatingDistribution } from './rating-distribution';
import { SummaryCards } from './summary-cards';

/**
 * The period at a glance: where the data comes from and how fresh it is, the figures
 * (against the previous period), the spread of star ratings and the rating over time.
 */
export function ReviewsSummary({
  scope,
  range,
  previousRange,
}: {
  scope: ReviewScope;
  range: DayRange;
  previousRange: DayRange;
}) {
  const summary = useReviewSummary(scope, range);
  const previous = useReviewSummary(scope, previousRange);

  return (
    <section
      aria-labelledby="reviews-summary-heading"
      aria-busy={summary.isFetching}
      className="mb-4"
    >
      <h2 id="reviews-summary-heading" className="h5 mb-2">
        Summary
      </h2>
      {summary.isPending && <Loading what="the review figures" />}
      {summary.isError && (
        <LoadError
          what="The review figures"
          error={summary.error}
          onRetry={() => summary.refetch()}
        />
      )}
      {summary.data && (
        <>
          <DataFreshness connections={summary.data.connections} />
          <SummaryCards summary={summary.data} previous={previous.data} />
          <Row xs={1} lg={2} className="g-4 mt-1">
            <Col as="section" aria-labelledby="reviews-distribution-heading">
              <h3 id="reviews-distribution-heading" className="h6">
                Rating distribution
              </h3>
              <RatingDistribution summary={summary.data} />
            </Col>
            <Col as="section" aria-labelledby="reviews-trend-heading">
              <h3 id="reviews-trend-heading" className="h6">
                {summary.data.months.some((m) => m.average !== null)
                  ? 'Rating over time'
                  : 'Reviews over time'}
              </h3>
              <RatingChart months={summary.data.months} />
            </Col>
          </Row>
        </>
      )}
    </section>
  );
}
