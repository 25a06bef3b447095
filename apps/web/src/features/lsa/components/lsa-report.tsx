import { formatInstantDateTime, type LsaMetrics } from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import { LoadError, Loading } from '../../../components/load-states';
import type { ProductReportProps } from '../../../components/product-report-props';
import { formatCount } from '../../../lib/format';
import { useLsaMetrics } from '../api/get-lsa-metrics';
import { useLsaPerformance } from '../api/get-lsa-performance';
import { useLsaReport } from '../api/get-lsa-report';
import { LsaDailyChart } from './lsa-daily-chart';
import { LsaFigures } from './lsa-figures';
import { LsaLeadsTable } from './lsa-leads-table';

/** Where the figures come from and how fresh they are; an unusable account says so. */
function Freshness({ freshness }: { freshness: LsaMetrics['freshness'] }) {
  if (freshness.status === 'needs_attention') {
    return (
      <Alert variant="warning" className="small">
        The Local Services Ads account needs attention: Google refused our access, so these figures
        stop at the last sync
        {freshness.lastSyncedAt ? ` (${formatInstantDateTime(freshness.lastSyncedAt)})` : ''}. Your
        agency has been told.
      </Alert>
    );
  }
  return (
    <p className="small text-body-secondary" data-testid="lsa-freshness">
      From Google Local Services Ads.{' '}
      {freshness.lastSyncedAt
        ? `Last synced ${formatInstantDateTime(freshness.lastSyncedAt)}.`
        : 'Not synced yet.'}
    </p>
  );
}

/** The Local Services Ads product's own report (PRODUCT_REPORTS): figures, chart, leads. */
export default function LsaReport({
  productId,
  range,
  previousRange,
  timeZone,
}: ProductReportProps) {
  const metrics = useLsaMetrics(productId, range, timeZone);
  const previous = useLsaMetrics(productId, previousRange, timeZone);
  const report = useLsaReport(productId, range, timeZone);
  const performance = useLsaPerformance(productId, range, timeZone);

  if (metrics.isPending) return <Loading what="the Local Services Ads report" />;
  if (metrics.isError) {
    return (
      <LoadError
        what="The Local Services Ads report"
        error={metrics.error}
        onRetry={() => void metrics.refetch()}
      />
    );
  }
  if (metrics.data.freshness.status === null) {
    return (
      <p className="text-body-secondary mb-0">
        No Local Services Ads account is connected to this product yet, so there are no leads to
        show. Your agency connects it.
      </p>
    );
  }
  return (
    <div aria-busy={metrics.isFetching}>
      <Freshness freshness={metrics.data.freshness} />
      <LsaFigures current={metrics.data} previous={previous.data} />
      {performance.data && performance.data.disputed > 0 && (
        <p className="small text-body-secondary">
          {formatCount(performance.data.disputed)} charged{' '}
          {performance.data.disputed === 1 ? 'lead was' : 'leads were'} disputed;{' '}
          {formatCount(performance.data.credited)} credited by Google.
        </p>
      )}
      {report.isError ? (
        <LoadError
          what="The daily leads"
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : report.data ? (
        <LsaDailyChart days={report.data.days} />
      ) : (
        <Loading what="the daily leads" />
      )}
      <LsaLeadsTable productId={productId} range={range} timeZone={timeZone} />
    </div>
  );
}
