import type { PageSpeedVitals, Vital } from '@pinpoint/contracts';

const NAMES: Record<keyof PageSpeedVitals, { name: string; abbr: string }> = {
  lcp: { name: 'Largest Contentful Paint', abbr: 'LCP' },
  inp: { name: 'Interaction to Next Paint', abbr: 'INP' },
  cls: { name: 'Cumulative Layout Shift', abbr: 'CLS' },
  tbt: { name: 'Total Blocking Time', abbr: 'TBT' },
};
const RATING: Record<Vital['rating'], { text: string; badge: string }> = {
  good: { text: 'Good', badge: 'text-bg-success' },
  'needs-improvement': { text: 'Needs improvement', badge: 'text-bg-warning' },
  poor: { text: 'Poor', badge: 'text-bg-danger' },
};

function formatValue(metric: keyof PageSpeedVitals, value: number): string {
  if (metric === 'cls') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** Core Web Vitals of the shown run: real users' figures where Google has them, else the lab's. */
export function PageSpeedVitalsTable({ vitals }: { vitals: PageSpeedVitals }) {
  const rows = (Object.keys(NAMES) as (keyof PageSpeedVitals)[]).filter((k) => vitals[k] !== null);
  if (rows.length === 0)
    return <p className="text-body-secondary small">No Core Web Vitals for this run.</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <caption className="small">
          Core Web Vitals. “Real users” is the 75th percentile of Chrome visitors over 28 days;
          “Lab” is this run’s own measurement. INP needs real visitors.
        </caption>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col" className="text-end">
              Value
            </th>
            <th scope="col">Rating</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((metric) => {
            const vital = vitals[metric] as Vital;
            return (
              <tr key={metric}>
                <th scope="row" className="fw-normal">
                  {NAMES[metric].name}{' '}
                  <span className="text-body-secondary">({NAMES[metric].abbr})</span>
                </th>
                <td className="text-end">{formatValue(metric, vital.value)}</td>
                <td>
                  <span className={`badge ${RATING[vital.rating].badge}`}>
                    {RATING[vital.rating].text}
                  </span>
                </td>
                <td>{vital.source === 'field' ? 'Real users' : 'Lab'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
