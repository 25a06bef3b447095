import {
  type ComponentStatus,
  type OverallStatus,
  type StatusComponent,
  type StatusProvider,
  statusLabel,
} from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Loading } from '../../../components/load-states';
import { formatPercent, UptimeLegend, UptimeStrip } from '../../../components/uptime-strip';
import { useStatusPage } from '../api/status-api';

const BANNER: Record<OverallStatus, { variant: string; text: string }> = {
  operational: { variant: 'success', text: 'All systems operational' },
  degraded: { variant: 'warning', text: 'Some systems are degraded' },
  outage: { variant: 'danger', text: 'Some systems are down' },
};

// The badge says it in words; the colour only repeats it.
const BADGE: Record<ComponentStatus, { bg: string; text?: 'dark'; label: string }> = {
  up: { bg: 'success', label: 'Operational' },
  degraded: { bg: 'warning', text: 'dark', label: 'Degraded' },
  down: { bg: 'danger', label: 'Down' },
};

/** Says so when the percentage rests on fewer days than the whole history. */
function measuredNote(component: StatusComponent): string {
  const measured = component.history.filter((d) => d.uptimePercent !== null).length;
  if (measured === component.history.length) return '';
  return ` (measured on ${measured} of ${component.history.length} days)`;
}

function ComponentCard({ component }: { component: StatusComponent }) {
  const label = statusLabel(component.name);
  const badge = BADGE[component.status];
  return (
    <Card as="article" className="mb-3" aria-labelledby={`component-${component.name}`}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <h3 id={`component-${component.name}`} className="h5 mb-0">
            {label}
          </h3>
          <Badge bg={badge.bg} text={badge.text} data-testid="component-status">
            {badge.label}
          </Badge>
        </div>
        <p className="small text-body-secondary mb-2">
          {component.latencyMs === null ? '' : `Response time ${component.latencyMs} ms`}
          {component.detail ? ` · ${component.detail}` : ''}
        </p>
        <UptimeStrip label={`${label} uptime`} days={component.history} />
        <p className="small mb-0 mt-1">
          {component.uptimePercent === null
            ? 'No uptime data yet for the last 90 days.'
            : `${formatPercent(component.uptimePercent)} uptime over the last 90 days${measuredNote(component)}`}
        </p>
      </Card.Body>
    </Card>
  );
}

function ProvidersTable({ providers }: { providers: StatusProvider[] }) {
  if (providers.length === 0) {
    return <p className="text-body-secondary">No data providers are configured.</p>;
  }
  return (
    <Table responsive size="sm" aria-labelledby="providers-heading">
      <thead>
        <tr>
          <th scope="col">Provider</th>
          <th scope="col">Last success</th>
          <th scope="col" className="text-end">
            Calls (24 h)
          </th>
          <th scope="col" className="text-end">
            Error rate (24 h)
          </th>
        </tr>
      </thead>
      <tbody>
        {providers.map((provider) => (
          <tr key={provider.name}>
            <th scope="row" className="fw-normal">
              {statusLabel(provider.name)}{' '}
              <Badge
                bg={BADGE[provider.status].bg}
                text={BADGE[provider.status].text}
                data-testid="provider-status"
              >
                {BADGE[provider.status].label}
              </Badge>
            </th>
            <td>
              {provider.lastSuccessAt
                ? new Date(provider.lastSuccessAt).toLocaleString()
                : 'None recorded'}
            </td>
            <td className="text-end">{provider.calls24h}</td>
            <td className="text-end">
              {provider.errorRate24h === null ? 'No calls' : formatPercent(provider.errorRate24h)}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The public status page's body: overall banner, components with history, providers. */
export function StatusOverview() {
  const status = useStatusPage();

  if (status.isPending) {
    return <Loading label="Checking Pinpoint's systems…" />;
  }
  if (status.isError && !status.data) {
    return (
      <Alert variant="danger">
        <p>The status could not be loaded: {status.error.message}</p>
        <Button variant="outline-danger" size="sm" onClick={() => status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const page = status.data;
  const banner = BANNER[page.status];
  const checkedAt = new Date(page.checkedAt).toLocaleTimeString();
  return (
    <>
      <Alert variant={banner.variant} className="d-flex flex-wrap justify-content-between gap-2">
        <strong role="status">{banner.text}</strong>
        <span className="small">Checked at {checkedAt} · refreshes every 30 seconds</span>
      </Alert>
      {status.isError && (
        <Alert variant="warning" className="small">
          The latest refresh failed ({status.error.message}); this is the state at {checkedAt}.
        </Alert>
      )}

      <section aria-labelledby="components-heading" className="mb-4">
        <h2 id="components-heading" className="h4">
          Components
        </h2>
        {page.components.length === 0 ? (
          <p className="text-body-secondary">No component reports its health yet.</p>
        ) : (
          page.components.map((component) => (
            <ComponentCard key={component.name} component={component} />
          ))
        )}
        <UptimeLegend />
      </section>

      <section aria-labelledby="providers-heading">
        <h2 id="providers-heading" className="h4">
          Data providers
        </h2>
        <ProvidersTable providers={page.providers} />
      </section>
    </>
  );
}
