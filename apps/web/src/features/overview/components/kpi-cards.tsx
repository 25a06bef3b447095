import { formatRoiMoney, type OverviewKpi } from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';

const numbers = new Intl.NumberFormat('en-US');

/** A KPI's value as its format says: a count, or cents shown as whole dollars. */
export function formatKpiValue(kpi: OverviewKpi, value: number): string {
  return kpi.format === 'money' ? formatRoiMoney(value, { whole: true }) : numbers.format(value);
}

/** Where a KPI's heading leads, said in words for screen readers (the heading is the link). */
const LINK_NAMES: Record<string, string> = {
  '/dashboard/leads-center': 'open the leads center',
  '/dashboard/roi-center': 'open the ROI center',
};

/** The trend in words (never colour alone), with an arrow and a tone that says good or bad. */
function trendOf(kpi: OverviewKpi): { arrow: string; text: string; tone: string } {
  const { direction, percent } = kpi.trend;
  if (direction === 'new')
    return { arrow: '★', text: 'New: none in the previous period', tone: 'text-primary' };
  if (direction === 'flat') return { arrow: '→', text: 'No change', tone: 'text-body-secondary' };
  const good = kpi.better === null ? null : kpi.better === direction;
  const tone = good === null ? 'text-body-secondary' : good ? 'text-success' : 'text-danger';
  const size = `${Math.abs(percent ?? 0)}%`;
  return direction === 'up'
    ? { arrow: '▲', text: `Up ${size}`, tone }
    : { arrow: '▼', text: `Down ${size}`, tone };
}

/**
 * The lines of a card, shared by the loaded card and its placeholder so both are the same
 * height and the panels below do not move when the figures arrive (layout shift).
 */
const line = {
  label: 'h6 text-body-secondary mb-1',
  value: 'display-6 fw-semibold mb-1',
  trend: 'small mb-1',
  previous: 'small text-body-secondary mb-2',
  description: 'small mb-0',
} as const;
/** Two lines for every description, whether it wraps or not, so cards keep one height. */
const descriptionStyle = { minHeight: '3em' } as const;

function KpiCard({ kpi }: { kpi: OverviewKpi }) {
  const trend = trendOf(kpi);
  const headingId = `kpi-${kpi.key}`;
  return (
    <Card as="article" className="h-100" aria-labelledby={headingId} data-testid="kpi-card">
      <Card.Body>
        <h3 className={line.label}>
          {kpi.link ? (
            // The heading itself links, so a card with a link is no taller than one without;
            // the card is still named by the label alone.
            <Link to={kpi.link}>
              <span id={headingId}>{kpi.label}</span>{' '}
              <span className="visually-hidden">({LINK_NAMES[kpi.link] ?? 'details'})</span>
            </Link>
          ) : (
            <span id={headingId}>{kpi.label}</span>
          )}
        </h3>
        <p className={line.value} data-testid="kpi-value">
          {formatKpiValue(kpi, kpi.value)}
        </p>
        <p className={`${line.trend} ${trend.tone}`}>
          <span aria-hidden="true">{trend.arrow} </span>
          {trend.text}
          {/* "New" already names the previous period; the suffix would only make it wrap. */}
          {kpi.trend.direction !== 'new' && (
            <span className="text-body-secondary"> vs previous period</span>
          )}
        </p>
        <p className={line.previous}>Previous period: {formatKpiValue(kpi, kpi.previous)}</p>
        <p className={line.description} style={descriptionStyle}>
          {kpi.description}
        </p>
      </Card.Body>
    </Card>
  );
}

const grid = { xs: 1, sm: 2, xl: 3 } as const;

/**
 * How many placeholder cards to show: every KPI the server has (kpi-providers.ts). A busy
 * company gets them all for the default 90 days; a quiet range drops the activity types
 * with nothing in either period, and then the space closes up once.
 */
export const KPI_PLACEHOLDER_COUNT = 8;
const placeholderKeys = Array.from({ length: KPI_PLACEHOLDER_COUNT }, (_, n) => `placeholder-${n}`);

/** The KPIs the server returned; sections not built yet return none, so none are shown. */
export function KpiCards({ kpis }: { kpis: OverviewKpi[] }) {
  if (kpis.length === 0) {
    return <p className="text-body-secondary">There are no figures for this company yet.</p>;
  }
  return (
    <Row
      {...grid}
      className="g-3"
      as="ul"
      aria-label="Key figures"
      style={{ listStyle: 'none', paddingLeft: 0 }}
    >
      {kpis.map((kpi) => (
        <Col as="li" key={kpi.key}>
          <KpiCard kpi={kpi} />
        </Col>
      ))}
    </Row>
  );
}

/**
 * Grey cards while the figures load, line for line the size of the loaded ones (same
 * type classes, one grey bar per line), so the page does not jump when they arrive.
 */
export function KpiCardsLoading() {
  const bar = (className: string, xs: number, style?: typeof descriptionStyle) => (
    <Placeholder as="p" animation="glow" className={className} style={style}>
      <Placeholder xs={xs} />
    </Placeholder>
  );
  return (
    <Row {...grid} className="g-3" aria-hidden="true" data-testid="kpi-placeholders">
      {placeholderKeys.map((key) => (
        <Col key={key}>
          <Card className="h-100">
            <Card.Body>
              {bar(line.label, 6)}
              {bar(line.value, 3)}
              {bar(line.trend, 7)}
              {bar(line.previous, 5)}
              {bar(line.description, 10, descriptionStyle)}
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
