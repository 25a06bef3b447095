import {
  formatInstantDateTime,
  type SyncProgressEvent,
  VENDOR_NAMES,
  type VendorConnection,
} from '@pinpoint/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { ConnectionStatusBadge } from '../../../components/connection-status-badge';
import { InlineSpinner, LoadError, Loading } from '../../../components/load-states';
import { useConnections, useSyncNow, useSyncProgress } from '../api/connections-api';
import { ConnectionForm } from './connection-form';

/** "post-insights" → "Post insights". */
const datasetName = (dataset: string) =>
  dataset.charAt(0).toUpperCase() + dataset.slice(1).replace(/-/g, ' ');

function progressWords(event: SyncProgressEvent): string {
  if (event.state === 'running') return `Syncing… ${event.itemsSeen.toLocaleString('en-US')} read`;
  if (event.state === 'failed') return `Sync failed: ${event.error ?? 'unknown error'}`;
  return `Synced: ${event.itemsWritten.toLocaleString('en-US')} new or changed`;
}

/**
 * A company's vendor connections on its profile. Everyone who may see the company sees
 * each account's status and last sync; staff also see the account ids, connect and edit
 * accounts, and "Sync now" with live progress.
 */
export function ConnectionsCard({ companyId, staff }: { companyId: number; staff: boolean }) {
  const connections = useConnections(companyId);
  const progress = useSyncProgress(companyId);
  const syncNow = useSyncNow(companyId);
  const [editing, setEditing] = useState<VendorConnection | 'new' | null>(null);

  const syncLine = (connection: VendorConnection) => {
    const live = Object.values(progress[connection.id] ?? {});
    if (live.length === 0) {
      return connection.lastSyncedAt
        ? `Last synced ${formatInstantDateTime(connection.lastSyncedAt)}`
        : 'Not synced yet';
    }
    return (
      <ul className="list-unstyled mb-0">
        {live.map((event) => (
          <li key={event.dataset}>
            {datasetName(event.dataset)}: {progressWords(event)}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <Card className="mt-4" as="section" aria-labelledby="connections-title">
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h5 mb-0" id="connections-title">
          Connected accounts
        </h2>
        {staff && editing === null && (
          <Button size="sm" variant="outline-primary" onClick={() => setEditing('new')}>
            Connect an account
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {editing !== null && (
          <ConnectionForm
            companyId={companyId}
            connection={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
        {connections.isPending && <Loading what="the connected accounts" />}
        {connections.isError && (
          <LoadError
            what="The connected accounts"
            error={connections.error}
            onRetry={() => connections.refetch()}
          />
        )}
        {connections.data?.items.length === 0 && (
          <p className="text-body-secondary mb-0">No vendor account is connected yet.</p>
        )}
        {connections.data && connections.data.items.length > 0 && (
          <Table responsive size="sm" className="mb-0 align-middle">
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Status</th>
                <th scope="col">Data</th>
                {staff && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {connections.data.items.map((connection) => (
                <tr key={connection.id} data-testid={`connection-${connection.id}`}>
                  <td>
                    <div>{VENDOR_NAMES[connection.vendor]}</div>
                    <div className="small text-body-secondary">
                      {connection.displayName}
                      {connection.externalAccount && ` · ${connection.externalAccount}`}
                    </div>
                  </td>
                  <td>
                    <ConnectionStatusBadge status={connection.status} />
                    {connection.lastError && (
                      <div className="small text-danger mt-1">{connection.lastError}</div>
                    )}
                  </td>
                  <td className="small" aria-live="polite">
                    {syncLine(connection)}
                  </td>
                  {staff && (
                    <td className="text-nowrap">
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        className="me-2"
                        disabled={
                          connection.status === 'disconnected' ||
                          (syncNow.isPending && syncNow.variables === connection.id)
                        }
                        onClick={() => syncNow.mutate(connection.id)}
                      >
                        {syncNow.isPending && syncNow.variables === connection.id && (
                          <InlineSpinner />
                        )}{' '}
                        Sync now
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        onClick={() => setEditing(connection)}
                      >
                        Edit
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {syncNow.isError && <p className="text-danger small mt-2 mb-0">{syncNow.error.message}</p>}
      </Card.Body>
    </Card>
  );
}
