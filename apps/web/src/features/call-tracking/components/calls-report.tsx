import { type CtmFreshness, type CtmSummary, formatInstantDateTime } from '@pinpoint/contracts';
import { LoadError, Loading } from '../../../components/load-states';
import type { ProductReportProps } from '../../../components/product-report-props';
import { useCtmSummary } from '../api/get-ctm';
import { formatPhone } from '../calls-format';
import { CallFigures } from './call-figures';
import { CallsBySourceChart } from './calls-by-source-chart';
import { CallsTable } from './calls-table';

/** Where the calls come from and how fresh they are; an unusable account says so. */
function Freshness({ freshness }: { freshness: CtmFreshness }) {
  const when = freshness.lastSyncedAt ? formatInstantDateTime(freshness.lastSyncedAt) : null;
  if (freshness.status === 'needs_attention' || freshness.status === 'disconnected') {
    return (
      <div className="alert alert-warning small" role="status" data-testid="ctm-freshness">
        The call-tracking account{' '}
        {freshness.status === 'disconnected' ? 'is disconnected' : 'needs attention'}, so these
        calls stop at the last sync{when ? ` (${when})` : ''}. Your agency has been told.
      </div>
    );
  }
  return (
    <p className="small text-body-secondary" data-testid="ctm-freshness">
      Calls to your tracking numbers, from CallTrackingMetrics.{' '}
      {when ? `Last synced ${when}.` : 'Not synced yet.'}
    </p>
  );
}

function TrackingNumbers({ numbers }: { numbers: CtmSummary['trackingNumbers'] }) {
  if (numbers.length === 0) return null;
  return (
    <details className="mb-3 small">
      <summary>Tracking numbers ({numbers.length})</summary>
      <ul className="mt-2 mb-0">
        {numbers.map((n) => (
          <li key={n.number}>
            {formatPhone(n.number)}: {n.name} ({n.source})
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The call report (PRODUCT_REPORTS, google-calls-advisor): the range's figures, calls by
 * source day by day, the outcome split, and the call list with its recordings. Everything
 * shown was synced from the call-tracking vendor into our tables.
 */
export default function CallsReport({ productId, range, timeZone }: ProductReportProps) {
  const summary = useCtmSummary(productId, range, timeZone);

  if (summary.isPending) return <Loading what="the call report" />;
  if (summary.isError) {
    return (
      <LoadError
        what="The call report"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  if (summary.data.freshness.status === null) {
    return (
      <p className="text-body-secondary mb-0" data-testid="ctm-empty">
        No call-tracking account is connected to this product yet, so there are no calls to show.
        Your agency connects it.
      </p>
    );
  }
  return (
    <div aria-busy={summary.isFetching}>
      <Freshness freshness={summary.data.freshness} />
      <CallFigures summary={summary.data} />
      {summary.data.totals.calls === 0 ? (
        <p className="text-body-secondary">No calls in this period.</p>
      ) : (
        <CallsBySourceChart summary={summary.data} />
      )}
      <TrackingNumbers numbers={summary.data.trackingNumbers} />
      <CallsTable productId={productId} range={range} timeZone={timeZone} />
    </div>
  );
}
