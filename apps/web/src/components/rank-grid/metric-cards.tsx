import type { ScanChange, ScanMetrics } from '@pinpoint/contracts';
import { formatMetric } from './grid-metrics';

type MetricKey = 'arp' | 'atrp' | 'solv' | 'foundIn';

const CARDS: { key: MetricKey; title: string; help: string; lowerIsBetter: boolean }[] = [
  {
    key: 'atrp',
    title: 'ATRP',
    help: 'Average rank over all measured points, not found as 21',
    lowerIsBetter: true,
  },
  {
    key: 'arp',
    title: 'ARP',
    help: 'Average rank where the business was found',
    lowerIsBetter: true,
  },
  { key: 'solv', title: 'SoLV', help: 'Share of points ranked 1–3', lowerIsBetter: false },
  {
    key: 'foundIn',
    title: 'Found in',
    help: 'Points where the business was found',
    lowerIsBetter: false,
  },
];

function Change({
  delta,
  lowerIsBetter,
  metric,
}: {
  delta: number | null;
  lowerIsBetter: boolean;
  metric: MetricKey;
}) {
  if (delta === null) return <span className="small text-body-secondary">No comparison</span>;
  const rounded =
    metric === 'solv' || metric === 'foundIn' ? Math.round(delta) : Math.round(delta * 10) / 10;
  if (rounded === 0) return <span className="small text-body-secondary">No change</span>;
  const better = lowerIsBetter ? rounded < 0 : rounded > 0;
  const amount = metric === 'solv' ? `${Math.abs(rounded)} pts` : String(Math.abs(rounded));
  return (
    <span className={`small fw-semibold ${better ? 'text-success' : 'text-danger'}`}>
      <span aria-hidden="true">{rounded > 0 ? '▲' : '▼'} </span>
      {rounded > 0 ? 'Up' : 'Down'} {amount}: {better ? 'better' : 'worse'}
    </span>
  );
}

/**
 * ARP, ATRP, SoLV and found-in, each with its change since the previous scan of the same
 * settings (lower ARP/ATRP is better; higher SoLV/found-in is better).
 */
export function MetricCards({
  metrics,
  change,
  idPrefix = 'metric',
}: {
  metrics: ScanMetrics | null;
  change: ScanChange | null | undefined;
  idPrefix?: string;
}) {
  return (
    <div className="row row-cols-2 row-cols-lg-4 g-2 mb-3">
      {CARDS.map((card) => {
        const value = metrics ? metrics[card.key] : null;
        return (
          <div className="col" key={card.key}>
            <div className="border rounded p-2 h-100">
              <h3 className="h6 mb-1" title={card.help}>
                {card.title}
              </h3>
              <p
                className="fs-4 fw-bold mb-0"
                data-testid={`${idPrefix}-${card.key}`}
                data-value={value === null ? '' : String(value)}
              >
                {formatMetric(card.key, value)}
                {card.key === 'foundIn' && metrics && (
                  <span className="fs-6 fw-normal text-body-secondary"> of {metrics.measured}</span>
                )}
              </p>
              <Change
                delta={change ? change[card.key] : null}
                lowerIsBetter={card.lowerIsBetter}
                metric={card.key}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}
