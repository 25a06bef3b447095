import { type AuthResponse, formatInstantDateTime, type WebsiteSite } from '@pinpoint/contracts';
import { type ReactNode, useId } from 'react';
import { useRouteLoaderData } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import type { ProductReportProps } from '../../../components/product-report-props';
import { UptimeLegend, UptimeStrip } from '../../../components/uptime-strip';
import { useOptionalSelectedClient } from '../../../lib/selected-client';
import { useWebsiteEvents, useWebsiteUptime } from '../api/website-uptime';
import { IncidentsTable } from './incidents-table';
import { ResponseTimeChart } from './response-time-chart';
import { SiteControls } from './site-controls';

const DAY_MS = 86_400_000;

/** "Up since …" / "Down since …" in words and colour (the word carries the meaning). */
function StatusNow({ site, timeZone }: { site: WebsiteSite; timeZone: string | undefined }) {
  const label = { up: 'Up', down: 'Down', unknown: 'Not checked yet' }[site.status];
  const badge = { up: 'text-bg-success', down: 'text-bg-danger', unknown: 'text-bg-secondary' }[
    site.status
  ];
  return (
    <p className="mb-1" data-testid="website-status" data-status={site.status}>
      <span className={`badge ${badge} fs-6 me-2`}>{label}</span>
      {site.statusSince && (
        <span className="text-body-secondary">
          since {formatInstantDateTime(site.statusSince, timeZone)}
        </span>
      )}
    </p>
  );
}

function TlsExpiry({ site }: { site: WebsiteSite }) {
  if (!site.url.startsWith('https:')) {
    return <>No TLS (the site is served over http)</>;
  }
  if (!site.tlsExpiresAt) return <>Not read yet</>;
  const days = Math.floor((Date.parse(site.tlsExpiresAt) - Date.now()) / DAY_MS);
  const when = formatInstantDateTime(site.tlsExpiresAt).split(' ')[0];
  return (
    <span className={days < 14 ? 'text-danger' : undefined}>
      {when} ({days < 0 ? 'expired' : `in ${days} days`})
    </span>
  );
}

/** The site's uptime: status now, staff controls, the 90-day strip, response times, incidents. */
export function UptimeSection({ productId, slug, range, timeZone }: ProductReportProps) {
  const headingId = useId();
  useWebsiteEvents(productId);
  const report = useWebsiteUptime(productId, slug, range);
  // The product page sits outside the dashboard layout: its loader holds the session.
  const auth = useRouteLoaderData('product-page') as AuthResponse | undefined;
  const selected = useOptionalSelectedClient();
  const staff = auth ? auth.session.perm || auth.session.admin : (selected?.staff ?? false);

  let content: ReactNode;
  if (report.isPending) content = <Loading what="uptime" />;
  else if (report.isError) {
    content = (
      <LoadError what="Uptime" error={report.error} onRetry={() => void report.refetch()} />
    );
  } else {
    const { site } = report.data;
    content = (
      <div aria-busy={report.isFetching}>
        <StatusNow site={site} timeZone={timeZone} />
        <p className="small text-body-secondary mb-3">
          <a href={site.url} target="_blank" rel="noopener noreferrer">
            {site.url}
          </a>
          {site.isDemo && ' (a demo site served by Pinpoint)'} ·{' '}
          {site.lastCheckedAt
            ? `Last checked ${formatInstantDateTime(site.lastCheckedAt, timeZone)}`
            : 'Not checked yet'}
          {site.lastErrorKind && site.lastError && (
            <span data-testid="website-last-error"> · Last check: {site.lastError}</span>
          )}
        </p>
        {staff && <SiteControls productId={productId} site={site} />}
        <dl className="row small mb-3" data-testid="report-figure">
          <dt className="col-sm-4">Uptime in this range</dt>
          <dd className="col-sm-8">
            {report.data.uptimePercent === null ? 'No checks' : `${report.data.uptimePercent}%`}
          </dd>
          <dt className="col-sm-4">Average response time</dt>
          <dd className="col-sm-8">
            {report.data.averageResponseMs === null ? '—' : `${report.data.averageResponseMs} ms`}
            {site.lastResponseMs !== null && ` (last check: ${site.lastResponseMs} ms)`}
          </dd>
          <dt className="col-sm-4">TLS certificate expires</dt>
          <dd className="col-sm-8">
            <TlsExpiry site={site} />
          </dd>
        </dl>
        <h3 className="h6">Last 90 days</h3>
        <UptimeStrip label="Website uptime" days={report.data.days} />
        <UptimeLegend />
        <h3 className="h6 mt-3">Response time</h3>
        <ResponseTimeChart checks={report.data.recentChecks} timeZone={timeZone} />
        <h3 className="h6">Incidents</h3>
        <IncidentsTable incidents={report.data.incidents} timeZone={timeZone} />
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h5">
        Uptime
      </h2>
      {content}
    </section>
  );
}
