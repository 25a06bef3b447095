import { formatInstantDateTime, VENDOR_NAMES } from '@pinpoint/contracts';
import { ConnectionStatusBadge } from '../../../components/connection-status-badge';
import { LoadError, Loading } from '../../../components/load-states';
import { useCompanyConnections } from '../api/get-connections';

/**
 * The vendor account this product's data comes from: its state and when it was last
 * synced (DECISIONS.md: each page says when its data was last synced).
 */
export function ConnectionStatus({
  companyId,
  connectionId,
}: {
  companyId: number;
  connectionId: number | null;
}) {
  const connections = useCompanyConnections(companyId, connectionId !== null);
  const connection = connections.data?.items.find((item) => item.id === connectionId);
  return (
    <section aria-labelledby="connection-title" className="mb-4" data-testid="product-connection">
      <h2 id="connection-title" className="h5">
        Account connection
      </h2>
      {connectionId === null ? (
        <p className="text-body-secondary mb-0">No account connected yet.</p>
      ) : connections.isPending ? (
        <Loading what="the connection" />
      ) : connections.isError ? (
        <LoadError
          what="The connection"
          error={connections.error}
          onRetry={() => void connections.refetch()}
        />
      ) : !connection ? (
        // The product names a connection the company no longer has.
        <p className="text-body-secondary mb-0">No account connected yet.</p>
      ) : (
        <>
          <p className="mb-1">
            <ConnectionStatusBadge status={connection.status} /> {VENDOR_NAMES[connection.vendor]}:{' '}
            {connection.displayName}
          </p>
          <p className="small text-body-secondary mb-0">
            {connection.lastSyncedAt
              ? `Last synced ${formatInstantDateTime(connection.lastSyncedAt)}`
              : 'Not synced yet'}
          </p>
          {connection.status === 'needs_attention' && connection.lastError && (
            <p className="small text-warning-emphasis mb-0">{connection.lastError}</p>
          )}
        </>
      )}
    </section>
  );
}
