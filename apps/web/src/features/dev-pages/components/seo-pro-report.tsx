import {
  formatDay,
  formatInstantDateTime,
  rangeLengthDays,
  type SeoKeywordSeries,
} from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import type { ProductReportProps } from '../../../components/product-report-props';
import { TimeSeriesFigure } from '../../../components/time-series-figure';
import { useSeoProReport, useSeoProSync } from '../api/seo-pro-api';

const COLORS = ['#0d6efd', '#b58100', '#198754', '#d63384', '#6f42c1', '#fd7e14'];
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** A change in places: ▲ 3 moved up, ▼ 2 moved down. */
function Change({ places }: { places: number | null }) {
  if (places === null) return <span className="text-body-secondary">new</span>;
  if (places === 0) return <span className="text-body-secondary">no change</span>;
  return places > 0 ? (
    <span className="text-success">▲ {places} up</span>
  ) : (
    <span className="text-danger">▼ {-places} down</span>
  );
}

function KeywordChart({ keywords }: { keywords: SeoKeywordSeries[] }) {
  const days = keywords[0]?.points.map((p) => p.day) ?? [];
  return (
    <TimeSeriesFigure
      title="Keyword positions (1 is the top result)"
      x={days.map(dayStart)}
      xLabels={days.map(formatDay)}
      xHeader="Day"
      series={keywords.map((k, i) => ({
        label: k.keyword,
        stroke: COLORS[i % COLORS.length] as string,
        points: false,
        values: k.points.map((p) => p.position),
      }))}
      yAxis={{ label: 'Position', atLeast: 20 }}
      height={280}
      className="mb-3"
      newestFirst
    />
  );
}

/**
 * SEO Pro's report (PRODUCT_REPORTS; dev hosts, staff): each keyword's organic position over
 * the last days and the client's pages that rank, as synced from the SEO provider.
 */
export default function SeoProReport({ productId, range }: ProductReportProps) {
  // As many days as the page's range, ending at the last synced day.
  const days = Math.min(365, Math.max(7, rangeLengthDays(range)));
  const report = useSeoProReport(productId, days);
  const sync = useSeoProSync(productId);
  if (report.isPending) return <Loading what="the SEO positions" />;
  if (report.isError)
    return (
      <LoadError
        what="The SEO positions"
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  const data = report.data;
  return (
    <div data-testid="seo-pro-report">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <p className="small text-body-secondary mb-0 me-auto" data-testid="seo-freshness">
          Organic rankings of {data.domain ?? 'the site'} from the SEO rank tracker
          {data.provider === 'demo' ? ' (demo data)' : ''}.{' '}
          {data.synced_at
            ? `Last synced ${formatInstantDateTime(data.synced_at)}.`
            : 'Not synced yet.'}
        </p>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={sync.isPending}
          onClick={() => sync.mutate()}
        >
          {sync.isPending ? 'Syncing…' : 'Sync now'}
        </Button>
      </div>
      {sync.isError && <Alert variant="danger">The sync failed: {sync.error.message}</Alert>}
      {data.keywords.length === 0 ? (
        <p className="text-body-secondary">No keyword positions synced for this product yet.</p>
      ) : (
        <>
          <KeywordChart keywords={data.keywords} />
          <Table size="sm" responsive aria-label="Keywords" data-testid="seo-keywords">
            <thead>
              <tr>
                <th scope="col">Keyword</th>
                <th scope="col" className="text-end">
                  Position
                </th>
                <th scope="col" className="text-end">
                  Best
                </th>
                <th scope="col">Change over the range</th>
              </tr>
            </thead>
            <tbody>
              {data.keywords.map((k) => (
                <tr key={k.keyword}>
                  <th scope="row" className="fw-normal">
                    {k.keyword}
                  </th>
                  <td className="text-end">{k.latest ?? 'not in top 100'}</td>
                  <td className="text-end">{k.best ?? '–'}</td>
                  <td>
                    <Change places={k.change} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
      <h3 className="h6 mt-3">Pages ranking</h3>
      {data.pages.length === 0 ? (
        <p className="text-body-secondary">No page of the site ranks for these keywords yet.</p>
      ) : (
        <Table size="sm" responsive aria-label="Pages ranking" data-testid="seo-pages">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Keyword</th>
              <th scope="col" className="text-end">
                Position
              </th>
              <th scope="col">Change in a week</th>
            </tr>
          </thead>
          <tbody>
            {data.pages.map((p) => (
              <tr key={`${p.url}|${p.keyword}`}>
                <td className="text-break">{p.url}</td>
                <td>{p.keyword}</td>
                <td className="text-end">{p.position}</td>
                <td>
                  <Change places={p.change} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
