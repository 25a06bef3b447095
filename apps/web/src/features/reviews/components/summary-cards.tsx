import type { ReviewSummary } from '@pinpoint/contracts';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { formatAverage, formatPercent, formatReplyTime } from '../review-format';
import { StarRating } from './review-rating';

const numbers = new Intl.NumberFormat('en-US');

/** The share of Facebook recommendations that are positive. */
function recommendShare({ positive, negative }: ReviewSummary['recommendations']): string {
  const all = positive + negative;
  return all === 0 ? '—' : `${Math.round((positive / all) * 100)}%`;
}

function SummaryCard({
  name,
  label,
  value,
  extra,
  previous,
}: {
  name: string;
  label: string;
  value: string;
  extra?: ReactNode;
  /** The same figure for the period before (the range picker's comparison). */
  previous: string | null;
}) {
  const headingId = `review-card-${name}`;
  return (
    <Card as="article" className="h-100" aria-labelledby={headingId} data-testid={`card-${name}`}>
      <Card.Body>
        <h3 id={headingId} className="h6 text-body-secondary mb-1">
          {label}
        </h3>
        <p className="fs-2 fw-semibold mb-1" data-testid="card-value">
          {value}
        </p>
        {extra}
        {previous !== null && (
          <p className="small text-body-secondary mb-0">Previous period: {previous}</p>
        )}
      </Card.Body>
    </Card>
  );
}

/**
 * The period's figures: the average rating (with stars), or for Facebook, which has no
 * stars, the recommendations; the count; the share with a reply; the median time to reply.
 * Each card names the previous period's figure too.
 */
export function SummaryCards({
  summary,
  previous,
}: {
  summary: ReviewSummary;
  previous: ReviewSummary | undefined;
}) {
  const { positive, negative } = summary.recommendations;
  const showStars = summary.average !== null || positive + negative === 0;
  const showRecommendations = positive + negative > 0;
  const before = <T,>(pick: (s: ReviewSummary) => T, format: (v: T) => string) =>
    previous ? format(pick(previous)) : null;

  return (
    <Row xs={1} sm={2} xl={4} className="g-3" as="ul" style={{ listStyle: 'none', padding: 0 }}>
      {showStars && (
        <Col as="li">
          <SummaryCard
            name="average"
            label="Average rating"
            value={formatAverage(summary.average)}
            extra={
              summary.average !== null && (
                <p className="mb-1">
                  <StarRating rating={summary.average} />
                </p>
              )
            }
            previous={before((s) => s.average, formatAverage)}
          />
        </Col>
      )}
      {showRecommendations && (
        <Col as="li">
          <SummaryCard
            name="recommendations"
            label="Recommend the business"
            value={recommendShare(summary.recommendations)}
            extra={
              <p className="small mb-1">
                {numbers.format(positive)} recommend, {numbers.format(negative)} do not
              </p>
            }
            previous={before(
              (s) => s.recommendations,
              (r) =>
                `${recommendShare(r)} (${numbers.format(r.positive)} of ${numbers.format(r.positive + r.negative)})`,
            )}
          />
        </Col>
      )}
      <Col as="li">
        <SummaryCard
          name="count"
          label="Reviews"
          value={numbers.format(summary.count)}
          previous={before(
            (s) => s.count,
            (n) => numbers.format(n),
          )}
        />
      </Col>
      <Col as="li">
        <SummaryCard
          name="response-rate"
          label="Response rate"
          value={formatPercent(summary.responseRate)}
          previous={before((s) => s.responseRate, formatPercent)}
        />
      </Col>
      <Col as="li">
        <SummaryCard
          name="reply-time"
          label="Median time to reply"
          value={formatReplyTime(summary.medianReplyMinutes)}
          previous={before((s) => s.medianReplyMinutes, formatReplyTime)}
        />
      </Col>
    </Row>
  );
}
