import { VENDOR_NAMES, type VendorConnection } from '@pinpoint/contracts';
import { useEffect, useState } from 'react';
import { timeAgo } from '../review-format';

/** Re-renders every minute, so "5 minutes ago" stays true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const ACCESS_DENIED = /access is denied/i;

function ConnectionLine({ connection, now }: { connection: VendorConnection; now: number }) {
  const account = `${VENDOR_NAMES[connection.vendor]} “${connection.displayName || 'account'}”`;
  if (connection.status === 'needs_attention') {
    const denied = connection.lastError && ACCESS_DENIED.test(connection.lastError);
    return (
      <li className="text-danger" data-testid="freshness-attention">
        <strong>Needs attention:</strong> reconnect the {account}
        {denied ? ': access is denied, so its reviews cannot be read or answered.' : '.'}
        {connection.lastSyncedAt && ` Last synced ${timeAgo(connection.lastSyncedAt, now)}.`}
      </li>
    );
  }
  if (connection.status === 'disconnected') {
    return (
      <li className="text-body-secondary">
        The {account} is disconnected: its reviews are not being synced.
      </li>
    );
  }
  return (
    <li>
      {connection.lastSyncedAt
        ? `Last synced ${timeAgo(connection.lastSyncedAt, now)}`
        : 'Not synced yet'}{' '}
      <span className="text-body-secondary">from the {account}</span>
    </li>
  );
}

/**
 * How fresh the reviews are (DECISIONS.md "Each page says when its data was last synced"):
 * one line per connection they come from, and what to do when one needs attention.
 */
export function DataFreshness({ connections }: { connections: VendorConnection[] }) {
  const now = useNow();
  if (connections.length === 0) {
    return (
      <p className="small text-body-secondary" data-testid="freshness">
        No review account is connected yet, so there is nothing to sync.
      </p>
    );
  }
  return (
    <ul className="list-unstyled small mb-3" data-testid="freshness" aria-label="Data freshness">
      {connections.map((connection) => (
        <ConnectionLine key={connection.id} connection={connection} now={now} />
      ))}
    </ul>
  );
}
