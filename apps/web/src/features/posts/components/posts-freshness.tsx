import { VENDOR_NAMES, type VendorConnection } from '@pinpoint/contracts';

/** When the posts were last synced, per account, and what needs attention. */
export function PostsFreshness({ connections }: { connections: VendorConnection[] }) {
  if (connections.length === 0) {
    return (
      <p className="text-body-secondary small">No account connected yet: nothing is synced.</p>
    );
  }
  return (
    <ul className="list-unstyled small mb-3" aria-label="Data freshness">
      {connections.map((c) => (
        <li key={c.id} className={c.status === 'needs_attention' ? 'text-danger' : undefined}>
          {c.status === 'needs_attention' ? 'Needs attention: reconnect the ' : ''}
          {VENDOR_NAMES[c.vendor]} “{c.displayName || 'account'}”
          {c.lastSyncedAt
            ? ` — last synced ${new Date(c.lastSyncedAt).toLocaleString()}`
            : ' — not synced yet'}
        </li>
      ))}
    </ul>
  );
}
