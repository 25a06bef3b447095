import type { GoogleAdsMetrics } from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { formatCents, formatCount, formatPercent } from '../../../lib/format';
import { trendWords } from '../google-ads-format';

interface Figure {
  key: string;
  label: string;
  /** The number compared with the previous period. */
  raw: (m: GoogleAdsMetrics) => number | null;
  format: (m: GoogleAdsMetrics) => string;
  /** Which way is good: more clicks, cheaper conversions; spend is neither. */
  better: 'up' | 'down' | null;
}

const FIGURES: Figure[] = [
  {
    key: 'spend',
    label: 'Spend',
    raw: (m) => m.costCents,
    format: (m) => formatCents(m.costCents),
    better: null,
  },
  {
    key: 'impressions',
    label: 'Impressions',
    raw: (m) => m.impressions,
    format: (m) => formatCount(m.impressions),
    better: 'up',
  },
  {
    key: 'clicks',
    label: 'Clicks',
    raw: (m) => m.clicks,
    format: (m) => formatCount(m.clicks),
    better: 'up',
  },
  {
    key: 'ctr',
    label: 'CTR',
    raw: (m) => m.ctr,
    format: (m) => formatPercent(m.ctr, 2),
    better: 'up',
  },
  {
    key: 'average-cpc',
    label: 'Average CPC',
    raw: (m) => m.averageCpcCents,
    format: (m) => formatCents(m.averageCpcCents),
    better: 'down',
  },
  {
    key: 'conversions',
    label: 'Conversions',
    raw: (m) => m.conversions,
    format: (m) => formatCount(m.conversions),
    better: 'up',
  },
  {
    key: 'cost-per-conversion',
    label: 'Cost per conversion',
    raw: (m) => m.costPerConversionCents,
    format: (m) => formatCents(m.costPerConversionCents),
    better: 'down',
  },
];

/** The account's figures for the range, each with its change against the previous period. */
export function GoogleAdsFigures({
  current,
  previous,
}: {
  current: GoogleAdsMetrics;
  previous: GoogleAdsMetrics;
}) {
  return (
    <>
      <Row xs={1} sm={2} xl={4} className="g-3 mb-2">
        {FIGURES.map((figure) => {
          const trend = trendWords(figure.raw(current), figure.raw(previous), figure.better);
          const headingId = `gads-figure-${figure.key}`;
          return (
            <Col key={figure.key}>
              <Card
                as="article"
                className="h-100"
                aria-labelledby={headingId}
                data-testid="report-figure"
                data-figure={figure.key}
              >
                <Card.Body>
                  <h3 id={headingId} className="h6 text-body-secondary mb-1">
                    {figure.label}
                  </h3>
                  <p className="fs-4 fw-semibold mb-1" data-testid="figure-value">
                    {figure.format(current)}
                  </p>
                  <p className={`small mb-1 ${trend.tone}`}>
                    {trend.arrow && <span aria-hidden="true">{trend.arrow} </span>}
                    {trend.text}
                  </p>
                  <p className="small text-body-secondary mb-0">
                    Previous period: {figure.format(previous)}
                  </p>
                </Card.Body>
              </Card>
            </Col>
          );
        })}
      </Row>
      <p className="small text-body-secondary">
        {formatCount(current.calls)} calls and {formatCount(current.forms)} forms make the
        conversions. Spend is what Google charged for the period; average CPC and cost per
        conversion divide it by the clicks and the conversions.
      </p>
    </>
  );
}
