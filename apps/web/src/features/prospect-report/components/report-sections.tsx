import type { SalesReport } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { formatRank } from '../../../components/rank-metrics';
import { formatDate } from '../../../lib/format';

const DIRECTORY_STATUS = {
  found: { label: 'Listed', bg: 'success' },
  mismatch: { label: 'Wrong details', bg: 'warning' },
  missing: { label: 'Missing', bg: 'danger' },
} as const;

export function CompetitorsSection({ report }: { report: SalesReport }) {
  return (
    <section aria-labelledby="report-competitors" className="mb-4">
      <h2 id="report-competitors" className="h4">
        Competitors across the maps
      </h2>
      {report.competitors.length === 0 ? (
        <p className="text-body-secondary">No competitor was seen in the grids yet.</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" data-testid="report-competitors">
            <thead>
              <tr>
                <th scope="col">Business</th>
                <th scope="col" className="text-end">
                  Ranks 1–3 at
                </th>
                <th scope="col" className="text-end">
                  Seen at
                </th>
                <th scope="col" className="text-end">
                  Average rank
                </th>
                <th scope="col">Strongest area</th>
              </tr>
            </thead>
            <tbody>
              {report.competitors.map((c, i) => (
                // Names can repeat (branches of a chain); the order is the server's.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                <tr key={i}>
                  <th scope="row" className="fw-normal text-break">
                    {c.name}
                  </th>
                  <td className="text-end">{c.top3Points} points</td>
                  <td className="text-end">{c.points} points</td>
                  <td className="text-end">{formatRank(c.averageRank)}</td>
                  <td>{c.strongestArea ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

export function ListingsSection({ report }: { report: SalesReport }) {
  const listings = report.listings;
  return (
    <section aria-labelledby="report-listings" className="mb-4">
      <h2 id="report-listings" className="h4">
        Business listings
      </h2>
      {!listings ? (
        <p className="text-body-secondary">The directories have not been scanned yet.</p>
      ) : (
        <>
          <p>
            Listings score <strong data-testid="report-listings-score">{listings.score}/100</strong>
            , scanned <time dateTime={listings.scannedAt}>{formatDate(listings.scannedAt)}</time>.
          </p>
          <div className="table-responsive">
            <Table size="sm">
              <thead>
                <tr>
                  <th scope="col">Directory</th>
                  <th scope="col">Status</th>
                  <th scope="col">What differs</th>
                </tr>
              </thead>
              <tbody>
                {listings.directories.map((d) => (
                  <tr key={d.directory}>
                    <th scope="row" className="fw-normal">
                      {d.name}
                    </th>
                    <td>
                      <Badge
                        bg={DIRECTORY_STATUS[d.status].bg}
                        text={d.status === 'mismatch' ? 'dark' : undefined}
                      >
                        {DIRECTORY_STATUS[d.status].label}
                      </Badge>
                    </td>
                    <td>{d.issues.join(', ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}

export function PageSpeedSection({ report }: { report: SalesReport }) {
  const speed = report.pageSpeed;
  if (!speed) return null;
  const scores = [
    ['Performance', speed.performance],
    ['Accessibility', speed.accessibility],
    ['Best practices', speed.bestPractices],
    ['SEO', speed.seo],
  ] as const;
  return (
    <section aria-labelledby="report-page-speed" className="mb-4">
      <h2 id="report-page-speed" className="h4">
        Website page speed
      </h2>
      <p className="small text-body-secondary text-break">
        {speed.url}, {speed.strategy}, measured{' '}
        <time dateTime={speed.measuredAt}>{formatDate(speed.measuredAt)}</time>. 90 and above is
        good, 50–89 needs work, under 50 is poor.
      </p>
      <dl className="row row-cols-2 row-cols-md-4 g-2">
        {scores.map(([label, score]) => (
          <div key={label}>
            <dt className="fw-normal text-body-secondary small">{label}</dt>
            <dd className="h4 mb-0">{score}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function RecommendationsSection({ report }: { report: SalesReport }) {
  return (
    <section aria-labelledby="report-recommendations" className="mb-4">
      <h2 id="report-recommendations" className="h4">
        Recommendations
      </h2>
      {report.recommendations.length === 0 ? (
        <p className="text-body-secondary">No recommendation has been drafted yet.</p>
      ) : (
        <ol className="ps-3" data-testid="report-recommendations">
          {report.recommendations.map((rec, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the order is the report's ranking
            <li key={i} className="mb-3">
              <h3 className="h6 mb-1 text-break">{rec.title}</h3>
              <p className="mb-1 text-break" style={{ whiteSpace: 'pre-line' }}>
                {rec.body}
              </p>
              {rec.evidence.length > 0 && (
                <ul className="small text-body-secondary mb-0">
                  {rec.evidence.map((fact) => (
                    <li key={fact}>{fact}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
