import type { EstimatorResponse } from '@pinpoint/contracts';
import { formatCents, formatCount } from '../../../lib/format';

const day = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
};

/** The forecast as cards, the source line, and the keyword ideas as a table. */
export function EstimatorResults({ result }: { result: EstimatorResponse }) {
  const { forecast, source } = result;
  const cards = [
    { label: 'Impressions', value: formatCount(forecast.impressions) },
    { label: 'Clicks', value: formatCount(forecast.clicks) },
    { label: 'Cost', value: formatCents(forecast.costCents) },
    { label: 'Conversions', value: forecast.conversions.toLocaleString('en-US') },
    { label: 'Average CPC', value: formatCents(forecast.averageCpcCents) },
  ];
  return (
    <section aria-labelledby="estimate-heading">
      <h2 id="estimate-heading" className="h5">
        Forecast for {result.geoTarget.canonicalName.replace(/,/g, ', ')},{' '}
        {day(forecast.period.from)}–{day(forecast.period.to)}
      </h2>
      <p className="small" data-testid="estimator-source">
        Answered by <strong>{source.label}</strong>
        {source.sampleSize !== null && ` (${formatCount(source.sampleSize)} samples)`}.{' '}
        <span className="text-body-secondary">{source.detail}</span>
      </p>
      <div className="row row-cols-2 row-cols-md-5 g-3 mb-4">
        {cards.map((card) => (
          <div key={card.label} className="col">
            {/* One term per card: a <dl> may hold only its terms, not layout boxes. */}
            <dl className="card card-body h-100 mb-0">
              <dt className="small text-body-secondary fw-normal">{card.label}</dt>
              <dd className="fs-4 fw-semibold mb-0">{card.value}</dd>
            </dl>
          </div>
        ))}
      </div>
      <h2 className="h5">Keyword ideas</h2>
      {result.ideas.length === 0 ? (
        <p className="text-body-secondary">No keyword ideas for these keywords.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <caption className="visually-hidden">Keyword ideas</caption>
            <thead>
              <tr>
                <th scope="col">Keyword</th>
                <th scope="col" className="text-end">
                  Monthly searches
                </th>
                <th scope="col">Competition</th>
                <th scope="col" className="text-end">
                  Top-of-page bid
                </th>
              </tr>
            </thead>
            <tbody>
              {result.ideas.map((idea) => (
                <tr key={idea.text}>
                  <th scope="row" className="fw-normal">
                    {idea.text}
                  </th>
                  <td className="text-end">
                    {idea.monthlySearches === null ? '—' : formatCount(idea.monthlySearches)}
                  </td>
                  <td>{idea.competition.charAt(0) + idea.competition.slice(1).toLowerCase()}</td>
                  <td className="text-end">
                    {formatCents(idea.lowBidCents)} – {formatCents(idea.highBidCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
