import { formatInstantDateTime, type GoogleAdsReportOf } from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import { LoadError, Loading } from '../../../components/load-states';
import type { ProductReportProps } from '../../../components/product-report-props';
import { useGoogleAdsSnapshot } from '../api/get-account-snapshot';
import { useGoogleAdsPerformance } from '../api/get-performance';
import { CampaignsTable } from './campaigns-table';
import { GoogleAdsDailyChart } from './google-ads-daily-chart';
import { GoogleAdsFigures } from './google-ads-figures';
import { KeywordsTable } from './keywords-table';
import { LeadsList } from './leads-list';
import { LocationsTable } from './locations-table';

type Snapshot = GoogleAdsReportOf<'account/snapshot'>;

/** Which account the figures are from and how fresh they are; an unusable one says so. */
function Freshness({ snapshot }: { snapshot: Snapshot }) {
  const { freshness, account } = snapshot;
  const synced = freshness.lastSyncedAt
    ? ` (last synced ${formatInstantDateTime(freshness.lastSyncedAt)})`
    : '';
  if (freshness.status === 'needs_attention') {
    return (
      <Alert variant="warning" className="small">
        The Google Ads account needs attention: Google refused our access, so these figures stop at
        the last sync{synced}. Your agency has been told.
      </Alert>
    );
  }
  return (
    <p className="small text-body-secondary" data-testid="gads-freshness">
      From Google Ads account {account.name} ({account.customerId}), days in {account.timeZone}.{' '}
      {freshness.lastSyncedAt
        ? `Last synced ${formatInstantDateTime(freshness.lastSyncedAt)}.`
        : 'Not synced yet.'}
    </p>
  );
}

/**
 * The Google Ads and Ads Xpress product's own report (PRODUCT_REPORTS): the account's
 * figures against the previous period, the daily chart, campaigns with their schedules,
 * keywords, locations and leads. Every number is read from our synced tables.
 */
export default function GoogleAdsReport({ productId, range, timeZone }: ProductReportProps) {
  const snapshot = useGoogleAdsSnapshot(productId, range);
  const performance = useGoogleAdsPerformance(productId, range);

  if (snapshot.isPending) return <Loading what="the Google Ads report" />;
  if (snapshot.isError) {
    return (
      <LoadError
        what="The Google Ads report"
        error={snapshot.error}
        onRetry={() => void snapshot.refetch()}
      />
    );
  }
  if (snapshot.data.freshness.status === null) {
    return (
      <p className="text-body-secondary mb-0">
        No Google Ads account is connected to this product yet, so there are no figures to show.
        Your agency connects it.
      </p>
    );
  }
  // Lists start again at their first page when the range changes.
  const rangeKey = `${range.from}:${range.to}`;
  return (
    <div aria-busy={snapshot.isFetching} data-testid="gads-report">
      <Freshness snapshot={snapshot.data} />
      <GoogleAdsFigures current={snapshot.data.current} previous={snapshot.data.previous} />
      {performance.isError ? (
        <LoadError
          what="The daily figures"
          error={performance.error}
          onRetry={() => void performance.refetch()}
        />
      ) : performance.data ? (
        <GoogleAdsDailyChart days={performance.data.days} />
      ) : (
        <Loading what="the daily figures" />
      )}
      <CampaignsTable productId={productId} range={range} />
      <KeywordsTable key={`k-${rangeKey}`} productId={productId} range={range} />
      <LocationsTable key={`l-${rangeKey}`} productId={productId} range={range} />
      <LeadsList key={`d-${rangeKey}`} productId={productId} range={range} timeZone={timeZone} />
    </div>
  );
}
