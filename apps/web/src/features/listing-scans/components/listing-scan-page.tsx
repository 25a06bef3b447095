import {
  formatInstantDateTime,
  LISTING_TABLE_FILTERS,
  type ListingScanDataQuery,
  type ListingScanRow,
  type ListingScanSummary,
  type NapField,
} from '@pinpoint/contracts';
import { useId, useState } from 'react';
import { InlineSpinner, LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import {
  useFixListing,
  useListingScanData,
  useListingScanEvents,
  useListingScanSummary,
  useRescan,
} from '../api/listing-scans-api';
import { DirectoryTable } from './directory-table';
import { ScoreHistory } from './score-history';

const FILTER_LABELS: Record<(typeof LISTING_TABLE_FILTERS)[number], string> = {
  all: 'All directories',
  found: 'Found',
  not_found: 'Not found',
  mismatch: 'With mismatches',
  duplicate: 'With duplicates',
};
const PAGE_SIZE = 10;

/** One idempotency key per fix (crypto.randomUUID needs a secure context). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function ScoreCard({ summary, productId }: { summary: ListingScanSummary; productId: number }) {
  const rescan = useRescan(productId);
  const running = summary.running;
  const c = summary.counts;
  return (
    <div className="card mb-3">
      <div className="card-body d-flex flex-wrap gap-4 align-items-start">
        <div>
          <h2 className="h6 text-body-secondary mb-1">NAP consistency score</h2>
          <p className="display-6 mb-0" data-testid="listing-score">
            {summary.score === null ? '—' : summary.score}
            <span className="fs-6 text-body-secondary"> / 100</span>
          </p>
          <p className="small text-body-secondary mb-0">
            {summary.checkedAt
              ? `Last scanned ${formatInstantDateTime(summary.checkedAt)}`
              : 'Not scanned yet'}
          </p>
        </div>
        {summary.checkedAt && (
          <dl className="row small mb-0 flex-grow-1" style={{ maxWidth: '22rem' }}>
            <dt className="col-8 fw-normal">Listed on</dt>
            <dd className="col-4 mb-0 text-end">
              {c.found} of {c.directories}
            </dd>
            <dt className="col-8 fw-normal">With mismatches</dt>
            <dd className="col-4 mb-0 text-end">{c.mismatched}</dd>
            <dt className="col-8 fw-normal">Not found</dt>
            <dd className="col-4 mb-0 text-end">{c.notFound}</dd>
            <dt className="col-8 fw-normal">With duplicates</dt>
            <dd className="col-4 mb-0 text-end">{c.duplicates}</dd>
            {c.unavailable > 0 && (
              <>
                <dt className="col-8 fw-normal">Data unavailable</dt>
                <dd className="col-4 mb-0 text-end">{c.unavailable}</dd>
              </>
            )}
          </dl>
        )}
        <div className="ms-auto" style={{ minWidth: '14rem' }}>
          {running ? (
            <div role="status" aria-live="polite">
              <p className="small mb-1">
                <InlineSpinner /> Scanning: {running.done} of {running.total} directories checked
              </p>
              <div
                className="progress"
                role="progressbar"
                aria-label="Scan progress"
                aria-valuemin={0}
                aria-valuemax={running.total}
                aria-valuenow={running.done}
              >
                <div
                  className="progress-bar"
                  style={{ width: `${(100 * running.done) / Math.max(1, running.total)}%` }}
                />
              </div>
            </div>
          ) : (
            summary.canManage && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={rescan.isPending}
                onClick={() => rescan.mutate()}
              >
                {rescan.isPending && <InlineSpinner className="me-1" />}
                Rescan
              </button>
            )
          )}
          {rescan.error && (
            <p className="text-danger small mt-2 mb-0" role="alert">
              The scan did not start: {rescan.error.message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The listings products' `listings` page: the NAP consistency score now and over time,
 * each directory's result field by field, and for staff "Rescan" (with live progress) and
 * "Fix" (through the outbox).
 */
export default function ListingScanPage({ productId }: { productId: number }) {
  useListingScanEvents(productId);
  const summary = useListingScanSummary(productId);
  const [query, setQuery] = useState<ListingScanDataQuery>({
    status: 'all',
    q: '',
    page: 1,
    pageSize: PAGE_SIZE,
  });
  const data = useListingScanData(productId, query);
  const fix = useFixListing(productId);
  const [fixing, setFixing] = useState<string | null>(null);
  const filterId = useId();
  const searchId = useId();

  if (summary.isPending) return <Loading what="the listings scan" />;
  if (summary.error) {
    return (
      <LoadError what="The listings scan" error={summary.error} onRetry={() => summary.refetch()} />
    );
  }
  const s = summary.data;
  const onFix = (row: ListingScanRow, fields: NapField[]) => {
    setFixing(row.directory);
    fix.mutate(
      { directory: row.directory, fields, idempotencyKey: newKey() },
      { onSettled: () => setFixing(null) },
    );
  };
  const pages = data.data ? Math.max(1, Math.ceil(data.data.total / data.data.pageSize)) : 1;

  return (
    <div>
      <ScoreCard summary={s} productId={productId} />
      <div className="row g-3 mb-3">
        <div className="col-lg-6">
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h6">Score over time</h2>
              {data.data ? (
                <ScoreHistory points={data.data.history} />
              ) : (
                <Loading what="the history" />
              )}
            </div>
          </div>
        </div>
        <div className="col-lg-6">
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h6">Compared with the company's profile in Pinpoint</h2>
              <dl className="row small mb-0">
                {(['name', 'address', 'phone', 'website'] as const).map((f) => (
                  <div className="d-contents" key={f}>
                    <dt className="col-3 fw-normal text-capitalize">{f}</dt>
                    <dd className="col-9">
                      {s.ours[f] ?? <span className="fst-italic">none</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        </div>
      </div>

      <h2 className="h5">Directories</h2>
      <form className="row g-2 align-items-end mb-2" onSubmit={(e) => e.preventDefault()}>
        <div className="col-auto">
          <label htmlFor={filterId} className="form-label small mb-1">
            Show
          </label>
          <select
            id={filterId}
            className="form-select form-select-sm"
            value={query.status}
            onChange={(e) =>
              setQuery({
                ...query,
                page: 1,
                status: e.target.value as ListingScanDataQuery['status'],
              })
            }
          >
            {LISTING_TABLE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <label htmlFor={searchId} className="form-label small mb-1">
            Search
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control form-control-sm"
            placeholder="Directory or value"
            maxLength={100}
            value={query.q}
            onChange={(e) => setQuery({ ...query, page: 1, q: e.target.value })}
          />
        </div>
      </form>
      {fix.error && (
        <p className="text-danger small" role="alert">
          The fix was not queued: {fix.error.message}
        </p>
      )}
      {data.error ? (
        <LoadError what="The directories" error={data.error} onRetry={() => data.refetch()} />
      ) : !data.data ? (
        <Loading what="the directories" />
      ) : data.data.items.length === 0 ? (
        <p className="text-body-secondary">
          {s.checkedAt || s.running
            ? 'No directory matches these filters.'
            : 'No scan yet: the first scan runs within a day of the product starting.'}
        </p>
      ) : (
        <>
          <DirectoryTable
            rows={data.data.items}
            canManage={s.canManage}
            fixing={fixing}
            onFix={onFix}
          />
          <Pager
            label="Directory pages"
            page={query.page}
            pages={pages}
            onPage={(page) => setQuery({ ...query, page })}
          />
        </>
      )}
    </div>
  );
}
