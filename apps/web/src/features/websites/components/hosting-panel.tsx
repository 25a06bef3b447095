import { formatInstantDateTime, type HostingReport } from '@pinpoint/contracts';
import { useId } from 'react';
import { LoadError, Loading } from '../../../components/load-states';
import { TimeSeriesFigure } from '../../../components/time-series-figure';
import { useHosting } from '../api/website-insights';

const DAY = 86_400_000;
const gb = (mb: number) => (mb >= 1024 ? `${(mb / 1024).toFixed(1)} GB` : `${mb} MB`);
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const daysUntil = (iso: string) => Math.ceil((Date.parse(iso) - Date.now()) / DAY);

/** Used of quota as a labelled bar; unlimited plans show the use alone. */
function Usage({ label, used, quota }: { label: string; used: number; quota: number | null }) {
  if (quota === null) {
    return (
      <div className="mb-3">
        <div className="small fw-semibold">{label}</div>
        <div>{gb(used)} used · unlimited</div>
      </div>
    );
  }
  const percent = Math.min(100, Math.round((used / quota) * 100));
  const tone = percent >= 90 ? 'bg-danger' : percent >= 75 ? 'bg-warning' : 'bg-success';
  return (
    <div className="mb-3">
      <div className="small fw-semibold d-flex justify-content-between">
        <span>{label}</span>
        <span>
          {gb(used)} of {gb(quota)} ({percent}%)
        </span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={`${label}: ${percent}% of the quota`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className={`progress-bar ${tone}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Expiry({ what, at }: { what: string; at: string }) {
  const days = daysUntil(at);
  const tone = days < 0 ? 'text-bg-danger' : days <= 30 ? 'text-bg-warning' : 'text-bg-success';
  const text = days < 0 ? 'expired' : days === 0 ? 'today' : `in ${days} days`;
  return (
    <span>
      {day(at)} <span className={`badge ${tone}`}>{`${what} ${text}`}</span>
    </span>
  );
}

/** Bandwidth and disk used month by month; "Show data" lists the months newest first. */
function UsageChart({ history }: { history: HostingReport['history'] }) {
  return (
    <TimeSeriesFigure
      title="Disk and bandwidth by month (MB)"
      range={false}
      x={history.map((m) => Date.parse(`${m.month}-01T00:00:00Z`) / 1000)}
      xLabels={history.map((m) => m.month)}
      xHeader="Month"
      newestFirst
      series={[
        {
          label: 'Bandwidth (MB)',
          column: 'Bandwidth',
          stroke: '#0d6efd',
          values: history.map((m) => m.bandwidthUsedMb),
          format: gb,
        },
        {
          label: 'Disk used (MB)',
          column: 'Disk used',
          stroke: '#6f42c1',
          values: history.map((m) => m.diskUsedMb),
          format: gb,
        },
      ]}
      yAxis={{ label: 'MB', atLeast: 100 }}
      height={200}
      className="mb-0"
      empty={<p className="text-body-secondary small">No monthly use yet.</p>}
    />
  );
}

/** Website Hosting: plan, disk and bandwidth of quota, SSL, domain renewal, monthly use. */
export function HostingPanel({ productId }: { productId: number }) {
  const headingId = useId();
  const hosting = useHosting(productId);
  const body = () => {
    if (hosting.isPending) return <Loading what="hosting" />;
    if (hosting.isError) {
      return (
        <LoadError what="Hosting" error={hosting.error} onRetry={() => void hosting.refetch()} />
      );
    }
    const { account, history, freshness, source } = hosting.data;
    if (!account) {
      return (
        <p className="text-body-secondary mb-0">
          The hosting account is not connected yet, so there is nothing to show. Your agency
          connects it.
        </p>
      );
    }
    return (
      <>
        <p className="small text-body-secondary" data-testid="hosting-freshness">
          {source === 'live' ? 'From the hosting server (cPanel).' : 'Demo hosting account.'}{' '}
          {freshness.lastSyncedAt
            ? `Last synced ${formatInstantDateTime(freshness.lastSyncedAt)}.`
            : 'Not synced yet.'}
          {freshness.status === 'needs_attention' &&
            ' The connection needs attention: your agency has been told.'}
        </p>
        <dl className="row small mb-3">
          <dt className="col-sm-4">Plan</dt>
          <dd className="col-sm-8">{account.plan}</dd>
          <dt className="col-sm-4">Domain</dt>
          <dd className="col-sm-8">{account.domain}</dd>
          <dt className="col-sm-4">Domain renews</dt>
          <dd className="col-sm-8">
            {account.domainRenewsOn ? (
              <Expiry what="renews" at={`${account.domainRenewsOn}T00:00:00Z`} />
            ) : (
              'Not known to the host (ask the registrar).'
            )}
          </dd>
          <dt className="col-sm-4">SSL certificate</dt>
          <dd className="col-sm-8">
            {account.ssl ? (
              <>
                {account.ssl.issuer}, for {account.ssl.subject}; expires{' '}
                <Expiry what="expires" at={account.ssl.expiresAt} />
              </>
            ) : (
              'None: the site is served without https.'
            )}
          </dd>
        </dl>
        <Usage label="Disk" used={account.diskUsedMb} quota={account.diskQuotaMb} />
        <Usage
          label="Bandwidth this month"
          used={account.bandwidthUsedMb}
          quota={account.bandwidthQuotaMb}
        />
        <h3 className="h6">By month</h3>
        <UsageChart history={history} />
      </>
    );
  };
  return (
    <section aria-labelledby={headingId} data-testid="hosting-panel">
      <h2 id={headingId} className="h5">
        Hosting
      </h2>
      {body()}
    </section>
  );
}
