import type { SalesContainer, SalesListings, SalesPageSpeed } from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { InlineSpinner } from '../../../components/load-states';
import { ScrollingTable } from '../../../components/scrolling-table';
import { formatDateTime } from '../../../lib/format';
import { useMeasurePageSpeed, useScanListings } from '../api/prospect-checks';

const LISTING_STATUS = {
  found: { text: 'Listed', className: 'text-bg-success' },
  mismatch: { text: 'Wrong details', className: 'text-bg-warning' },
  missing: { text: 'Missing', className: 'text-bg-danger' },
} as const;

function ReviewsSummary({ container }: { container: SalesContainer }) {
  const { rating, reviewCount } = container;
  return (
    <section aria-labelledby="sales-reviews-title" className="col-12 col-lg-4">
      <div className="border rounded p-3 h-100">
        <h2 id="sales-reviews-title" className="h6">
          Reviews
        </h2>
        {rating === null && reviewCount === null ? (
          <p className="small text-body-secondary mb-0">
            The places search gave no rating for this business.
          </p>
        ) : (
          <p className="mb-0" data-testid="sales-reviews">
            <span className="fs-4 fw-bold">{rating === null ? '—' : rating.toFixed(1)}</span>
            <span aria-hidden="true"> ★</span>
            <span className="text-body-secondary">
              {' '}
              from {reviewCount === null ? 'an unknown number of' : reviewCount.toLocaleString()}{' '}
              {reviewCount === 1 ? 'review' : 'reviews'} on Google
            </span>
          </p>
        )}
      </div>
    </section>
  );
}

function ListingsResult({ listings }: { listings: SalesListings }) {
  return (
    <>
      <p className="mb-2" data-testid="sales-listings-score">
        Listings score <strong>{listings.score}</strong> / 100 · scanned{' '}
        {formatDateTime(listings.scannedAt)}
      </p>
      <ScrollingTable label="Listings by directory">
        <Table size="sm" className="mb-0 small">
          <caption className="visually-hidden">Directories</caption>
          <thead>
            <tr>
              <th scope="col">Directory</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {listings.directories.map((d) => (
              <tr key={d.directory}>
                <th scope="row" className="fw-normal">
                  {d.name}
                </th>
                <td>
                  <span className={`badge ${LISTING_STATUS[d.status].className}`}>
                    {LISTING_STATUS[d.status].text}
                  </span>
                  {d.issues.length > 0 && ` ${d.issues.join(', ')}`}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollingTable>
    </>
  );
}

function PageSpeedResult({ pageSpeed }: { pageSpeed: SalesPageSpeed }) {
  const scores = [
    ['Performance', pageSpeed.performance],
    ['Accessibility', pageSpeed.accessibility],
    ['Best practices', pageSpeed.bestPractices],
    ['SEO', pageSpeed.seo],
  ] as const;
  return (
    <>
      <dl className="row row-cols-2 g-2 mb-2" data-testid="sales-page-speed">
        {scores.map(([label, value]) => (
          <div key={label} className="col">
            <dt className="small fw-normal text-body-secondary">{label}</dt>
            <dd className={`fs-5 fw-bold mb-0 ${value < 50 ? 'text-danger' : ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="small text-body-secondary mb-0 text-break">
        {pageSpeed.strategy === 'mobile' ? 'Mobile' : 'Desktop'} · {pageSpeed.url} ·{' '}
        {formatDateTime(pageSpeed.measuredAt)}
      </p>
    </>
  );
}

/** Reviews (from the places search), the listings scan and the page speed of the prospect. */
export function ProspectChecks({ container }: { container: SalesContainer }) {
  const listings = useScanListings(container.id);
  const speed = useMeasurePageSpeed(container.id);
  // A client's listings and speed are measured from its own pages.
  const won = container.stage === 'won';
  return (
    <div className="row g-3 mb-4">
      <ReviewsSummary container={container} />
      <section aria-labelledby="sales-listings-title" className="col-12 col-lg-4">
        <div className="border rounded p-3 h-100">
          <h2 id="sales-listings-title" className="h6">
            Listings
          </h2>
          {container.listings ? (
            <ListingsResult listings={container.listings} />
          ) : (
            <p className="small text-body-secondary">
              Not scanned yet: the scan looks the business up in the main directories.
            </p>
          )}
          <Button
            size="sm"
            variant="outline-primary"
            className="mt-2"
            hidden={won}
            disabled={listings.isPending}
            onClick={() => listings.mutate()}
          >
            {listings.isPending && <InlineSpinner className="me-1" />}
            {container.listings ? 'Scan listings again' : 'Scan listings'}
          </Button>
          {listings.error && (
            <Alert variant="danger" className="mt-2 mb-0 small">
              {listings.error.message}
            </Alert>
          )}
        </div>
      </section>
      <section aria-labelledby="sales-speed-title" className="col-12 col-lg-4">
        <div className="border rounded p-3 h-100">
          <h2 id="sales-speed-title" className="h6">
            Page speed
          </h2>
          {container.pageSpeed ? (
            <PageSpeedResult pageSpeed={container.pageSpeed} />
          ) : (
            <p className="small text-body-secondary">
              {container.website
                ? 'Not measured yet: Lighthouse scores of the website’s home page.'
                : 'The places search found no website for this business.'}
            </p>
          )}
          <Button
            size="sm"
            variant="outline-primary"
            className="mt-2"
            hidden={won}
            disabled={speed.isPending}
            onClick={() => speed.mutate()}
          >
            {speed.isPending && <InlineSpinner className="me-1" />}
            {container.pageSpeed ? 'Measure page speed again' : 'Measure page speed'}
          </Button>
          {speed.error && (
            <Alert variant="warning" className="mt-2 mb-0 small" data-testid="page-speed-error">
              {speed.error.message}
            </Alert>
          )}
        </div>
      </section>
    </div>
  );
}
