import type { SupportRequest } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';

/** Open or closed, in words (colour is never the only sign). */
export function SupportStatusBadge({ status }: { status: SupportRequest['status'] }) {
  return status === 'open' ? (
    <Badge bg="primary">Open</Badge>
  ) : (
    <Badge bg="secondary">Closed</Badge>
  );
}
