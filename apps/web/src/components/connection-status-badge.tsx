import type { ConnectionStatus } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';

export const STATUS_LABELS: Record<ConnectionStatus, string> = {
  connected: 'Connected',
  needs_attention: 'Needs attention',
  disconnected: 'Disconnected',
};

const VARIANTS: Record<ConnectionStatus, string> = {
  connected: 'success',
  needs_attention: 'warning',
  disconnected: 'secondary',
};

/** A vendor connection's status as a badge (the connections card, the product page). */
export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  return (
    <Badge bg={VARIANTS[status]} text={status === 'needs_attention' ? 'dark' : undefined}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
