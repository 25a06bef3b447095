import type { SolicitationTotals } from '@pinpoint/contracts';

const CARDS: { key: keyof SolicitationTotals; label: string }[] = [
  { key: 'requests', label: 'Requests' },
  { key: 'sent', label: 'Sent' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'clicked', label: 'Clicked' },
  { key: 'reviewed', label: 'Reviewed' },
  { key: 'optedOut', label: 'Opted out' },
  { key: 'failed', label: 'Failed' },
];

/** The range's totals; "kept in the dev outbox" only when some were, never counted as sent. */
export function TotalsCards({ totals }: { totals: SolicitationTotals }) {
  const cards =
    totals.held > 0 ? [...CARDS, { key: 'held' as const, label: 'Not sent (dev outbox)' }] : CARDS;
  return (
    <ul
      className="list-unstyled d-flex flex-wrap gap-2 mb-3"
      aria-label="Totals in this period"
      data-testid="solicitation-totals"
    >
      {cards.map(({ key, label }) => (
        <li key={key} className="border rounded px-3 py-2 text-center" style={{ minWidth: '7rem' }}>
          <div className="small text-body-secondary">{label}</div>
          <strong className="fs-5" data-testid={`total-${key}`}>
            {totals[key].toLocaleString('en-US')}
          </strong>
        </li>
      ))}
    </ul>
  );
}
