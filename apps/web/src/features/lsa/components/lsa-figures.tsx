import type { LsaMetrics } from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { formatCents, formatCount } from '../../../lib/format';

const FIGURES: { label: string; value: (m: LsaMetrics) => string }[] = [
  { label: 'Leads', value: (m) => formatCount(m.leads) },
  { label: 'Charged leads', value: (m) => formatCount(m.chargedLeads) },
  { label: 'Cost per lead', value: (m) => formatCents(m.costPerLeadCents) },
  { label: 'Spend', value: (m) => formatCents(m.spendCents) },
];

/** The account's four figures for the range, each beside the previous period's. */
export function LsaFigures({ current, previous }: { current: LsaMetrics; previous?: LsaMetrics }) {
  return (
    <>
      <Row xs={1} sm={2} xl={4} className="g-3 mb-2">
        {FIGURES.map((figure) => (
          <Col key={figure.label}>
            <Card className="h-100" data-testid="report-figure">
              <Card.Body>
                <h3 className="h6 text-body-secondary mb-1">{figure.label}</h3>
                <p className="fs-4 fw-semibold mb-1">{figure.value(current)}</p>
                {previous && (
                  <p className="small text-body-secondary mb-0">
                    Previous period: {figure.value(previous)}
                  </p>
                )}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <p className="small text-body-secondary">
        {formatCount(current.phoneLeads)} phone, {formatCount(current.messageLeads)} message and{' '}
        {formatCount(current.bookingLeads)} booking leads; {formatCount(current.phoneCalls)} calls
        from {formatCount(current.impressions)} impressions. Spend is what Google billed for the
        period; cost per lead divides it by the charged leads.
      </p>
    </>
  );
}
