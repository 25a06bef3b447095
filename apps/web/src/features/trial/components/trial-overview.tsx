import { formatInstantDateTime, type ScanQuota, type TrialMe } from '@pinpoint/contracts';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { describeSettings, formatRank, formatSolv } from '../../../components/rank-metrics';
import { formatCount } from '../../../lib/format';
import { useLatestTrialScan } from '../api/get-latest-scan';
import { AgencyInvite } from './agency-invite';
import { TrialQuotaNotice, trialQuotaReached } from './quota-notice';

function LatestScan({
  companyId,
  viewHref,
  liveHref,
}: {
  companyId: number | null;
  viewHref: (scanId: number) => string;
  liveHref: string;
}) {
  const latest = useLatestTrialScan(companyId);
  if (companyId === null || latest.data === null) {
    return (
      <p>
        You have not run a finished scan yet. <Link to={liveHref}>Run your first grid</Link> to see
        where your business shows on the map across your area.
      </p>
    );
  }
  if (latest.isPending) return <Loading what="your latest scan" />;
  if (latest.isError) {
    return (
      <LoadError
        what="Your latest scan"
        error={latest.error}
        onRetry={() => void latest.refetch()}
      />
    );
  }
  const scan = latest.data;
  const metrics = [
    { label: 'Average total rank', hint: 'not found counted as 21', value: formatRank(scan.atrp) },
    { label: 'Average rank where found', hint: null, value: formatRank(scan.arp) },
    { label: 'Share of local voice', hint: 'points ranked 1 to 3', value: formatSolv(scan.solv) },
    {
      label: 'Found in',
      hint: `of ${scan.size * scan.size} points`,
      value: formatCount(scan.foundIn),
    },
  ];
  return (
    <>
      <p className="mb-2">
        {describeSettings(scan)}, {formatInstantDateTime(scan.createdAt)}.{' '}
        <Link to={viewHref(scan.id)}>Open this scan</Link>
      </p>
      <dl className="row g-2 mb-0">
        {metrics.map((metric) => (
          <div key={metric.label} className="col-6 col-md-3">
            <dt className="small text-body-secondary fw-normal">
              {metric.label}
              {metric.hint && <span className="d-block">({metric.hint})</span>}
            </dt>
            <dd className="fs-4 mb-0">{metric.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** /trial/overview's body: today's free scans, the latest scan's numbers, and what to do next. */
export function TrialOverview({
  me,
  quota,
  viewHref,
  liveHref,
  historyHref,
}: {
  me: TrialMe;
  quota: ScanQuota | undefined;
  viewHref: (scanId: number) => string;
  liveHref: string;
  historyHref: string;
}) {
  const reached = trialQuotaReached(quota);
  return (
    <>
      <p className="lead">
        Welcome{me.profile.firstName ? `, ${me.profile.firstName}` : ''}. Your free trial runs local
        rank grids: up to {me.scansPerDay} scans a day.
      </p>
      {quota && <TrialQuotaNotice quota={quota} />}
      <Card className="mb-3">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            Your latest scan
          </Card.Title>
          <LatestScan companyId={me.trialCompanyId} viewHref={viewHref} liveHref={liveHref} />
        </Card.Body>
      </Card>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {!reached && (
          <Link className="btn btn-primary" to={liveHref}>
            Run a scan
          </Link>
        )}
        <Link className="btn btn-outline-secondary" to={historyHref}>
          Your scan history
        </Link>
      </div>
      {!reached && <AgencyInvite headline="Want us to track this every week?" />}
    </>
  );
}
