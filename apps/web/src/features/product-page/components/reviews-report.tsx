import type { DayRange, ReviewSummary } from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { LoadError, Loading } from '../../../components/load-states';
import { formatCount } from '../../../lib/format';
import { useReviewSummary } from '../api/get-review-summary';
import { formatAverage, formatMinutes, formatRate, formatRecommendations } from '../report-format';

interface Figure {
  label: string;
  value: string;
  previous: string | null;
}

function figuresOf(summary: ReviewSummary, previous: ReviewSummary | undefined): Figure[] {
  const figures: Figure[] = [
    {
      label: 'Reviews',
      value: formatCount(summary.count),
      previous: previous ? formatCount(previous.count) : null,
    },
  ];
  const recommendations = formatRecommendations(summary);
  // Google gives stars, Facebook recommendations: show what the range actually has.
  if (summary.average !== null || !recommendations) {
    figures.push({
      label: 'Average rating',
      value: formatAverage(summary.average),
      previous: previous ? formatAverage(previous.average) : null,
    });
  }
  if (recommendations) {
    figures.push({
      label: 'Recommendations',
      value: recommendations,
      previous: previous ? (formatRecommendations(previous) ?? 'None') : null,
    });
  }
  figures.push(
    {
      label: 'Response rate',
      value: formatRate(summary.responseRate),
      previous: previous ? formatRate(previous.responseRate) : null,
    },
    {
      label: 'Median time to reply',
      value: formatMinutes(summary.medianReplyMinutes),
      previous: previous ? formatMinutes(previous.medianReplyMinutes) : null,
    },
  );
  return figures;
}

/** Most products have four cards (figuresOf); drawn empty while the figures load. */
const PLACEHOLDERS = ['reviews', 'rating', 'rate', 'reply'];

/** The reviews summary of a product for the range, beside the same figures one period back. */
export function ReviewsReport({
  productId,
  range,
  previousRange,
  timeZone,
}: {
  productId: number;
  range: DayRange;
  previousRange: DayRange;
  timeZone?: string;
}) {
  const summary = useReviewSummary(productId, range, timeZone);
  const previous = useReviewSummary(productId, previousRange, timeZone);
  // Both ranges before any card, with cards of their final size meanwhile: figures that
  // arrive in turn would otherwise grow the cards and move the page (layout shift).
  if (summary.isPending || (previous.isPending && !summary.isError)) {
    return (
      <div>
        <Loading what="the reviews summary" className="visually-hidden" />
        <Row xs={1} sm={2} xl={4} className="g-3" aria-hidden="true">
          {PLACEHOLDERS.map((key) => (
            <Col key={key}>
              <Card className="h-100">
                <Card.Body>
                  <p className="h6 mb-1">{'\u00a0'}</p>
                  <p className="fs-4 fw-semibold mb-1">{'\u00a0'}</p>
                  <p className="small mb-0">{'\u00a0'}</p>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </div>
    );
  }
  if (summary.isError) {
    return (
      <LoadError
        what="The reviews summary"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  return (
    <Row xs={1} sm={2} xl={4} className="g-3" aria-busy={summary.isFetching}>
      {figuresOf(summary.data, previous.data).map((figure) => (
        <Col key={figure.label}>
          <Card className="h-100" data-testid="report-figure">
            <Card.Body>
              <h3 className="h6 text-body-secondary mb-1">{figure.label}</h3>
              <p className="fs-4 fw-semibold mb-1">{figure.value}</p>
              {figure.previous !== null && (
                <p className="small text-body-secondary mb-0">Previous period: {figure.previous}</p>
              )}
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
