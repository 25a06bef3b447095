import type { RoiFigures, RoiNotes } from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { formatCount, formatPercent } from '../../../lib/format';
import { formatMoney, formatReturn } from '../roi-format';

interface Figure {
  key: string;
  label: string;
  value: (f: RoiFigures) => string;
  /** A line under the value: what the figure is made of. */
  detail: (f: RoiFigures) => string;
  /** The "how this is counted" texts shown for the figure, in order. */
  notes: (keyof RoiNotes)[];
}

const FIGURES: Figure[] = [
  {
    key: 'spend',
    label: 'Spend',
    value: (f) => formatMoney(f.spendCents),
    detail: (f) => `${formatMoney(f.adSpendCents)} ad spend + ${formatMoney(f.feesCents)} fees`,
    notes: ['spend', 'adSpend', 'fees'],
  },
  {
    key: 'leads',
    label: 'Leads',
    value: (f) => formatCount(f.leads),
    detail: () => 'New inquiries from every source',
    notes: ['leads'],
  },
  {
    key: 'won',
    label: 'Won',
    value: (f) => formatCount(f.won),
    detail: (f) =>
      f.winRate === null ? 'No leads to win' : `${formatPercent(f.winRate)} of leads`,
    notes: ['won'],
  },
  {
    key: 'won-value',
    label: 'Won value',
    value: (f) => formatMoney(f.wonValueCents),
    detail: (f) =>
      f.wonWithoutValue === 0
        ? 'Every won lead has its own value'
        : `Includes ${formatMoney(f.estimatedValueCents)} at the average job value for ${formatCount(f.wonWithoutValue)} won ${f.wonWithoutValue === 1 ? 'lead' : 'leads'} without a value`,
    notes: ['wonValue'],
  },
  {
    key: 'cost-per-lead',
    label: 'Cost per lead',
    value: (f) => formatMoney(f.costPerLeadCents),
    detail: (f) => (f.costPerLeadCents === null ? 'No leads in the range' : 'Spend ÷ leads'),
    notes: ['costPerLead'],
  },
  {
    key: 'return-on-spend',
    label: 'Return on spend',
    value: (f) => formatReturn(f.returnOnSpend),
    detail: (f) => (f.returnOnSpend === null ? 'Nothing spent in the range' : 'Won value ÷ spend'),
    notes: ['returnOnSpend'],
  },
];

/**
 * The range's six key figures. Each says what it is made of and opens "How this is
 * counted" (a native disclosure: Enter or Space on its summary, read in full by screen
 * readers) with the server's own explanation.
 */
export function RoiKeyFigures({ totals, notes }: { totals: RoiFigures; notes: RoiNotes }) {
  return (
    <Row
      xs={1}
      sm={2}
      xl={3}
      className="g-3 mb-4"
      as="ul"
      aria-label="Key figures"
      style={{ listStyle: 'none', paddingLeft: 0 }}
    >
      {FIGURES.map((figure) => {
        const headingId = `roi-figure-${figure.key}`;
        return (
          <Col as="li" key={figure.key}>
            <Card
              as="article"
              className="h-100"
              aria-labelledby={headingId}
              data-testid="roi-figure"
            >
              <Card.Body>
                <h3 id={headingId} className="h6 text-body-secondary mb-1">
                  {figure.label}
                </h3>
                <p className="fs-3 fw-semibold mb-1" data-testid="roi-figure-value">
                  {figure.value(totals)}
                </p>
                <p className="small text-body-secondary mb-2">{figure.detail(totals)}</p>
                <details className="small">
                  <summary>How this is counted</summary>
                  {figure.notes.map((key) => (
                    <p key={key} className="mb-1 mt-1">
                      {notes[key]}
                    </p>
                  ))}
                </details>
              </Card.Body>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
