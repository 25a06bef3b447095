import type { OverviewKpi } from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';

const numbers = new Intl.NumberFormat('en-US');

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

function KpiCard({ kpi }: { kpi: OverviewKpi }) {
  const trend = trendOf(kpi);
  const headingId = `kpi-${kpi.key}`;
  return (
    <Card as="article" className="h-100" aria-labelledby={headingId} data-testid="kpi-card">
      <Card.Body>
        <h3 id={headingId} className="h6 text-body-secondary mb-1">
          {kpi.label}
        </h3>
        <p className="display-6 fw-semibold mb-1" data-testid="kpi-value">
          {numbers.format(kpi.value)}
        </p>
        <p className={`small mb-1 ${trend.tone}`}>
          <span aria-hidden="true">{trend.arrow} </span>
          {trend.text}
          <span className="text-body-secondary"> vs previous period</span>
        </p>
        <p className="small text-body-secondary mb-2">
          Previous period: {numbers.format(kpi.previous)}
        </p>
        <p className="small mb-0">{kpi.description}</p>
      </Card.Body>
    </Card>
  );
}

const grid = { xs: 1, sm: 2, xl: 3 } as const;

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

/** Three grey cards while the figures load, so the page does not jump. */
export function KpiCardsLoading() {
  return (
    <Row {...grid} className="g-3" aria-hidden="true">
      {[0, 1, 2].map((n) => (
        <Col key={n}>
          <Card className="h-100">
            <Card.Body>
              <Placeholder as="p" animation="glow" className="mb-2">
                <Placeholder xs={6} />
              </Placeholder>
              <Placeholder as="p" animation="glow" className="mb-2">
                <Placeholder xs={3} size="lg" />
              </Placeholder>
              <Placeholder as="p" animation="glow" className="mb-0">
                <Placeholder xs={8} size="sm" />
              </Placeholder>
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
