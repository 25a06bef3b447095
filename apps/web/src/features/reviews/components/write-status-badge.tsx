import type { ReviewReplyWrite } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';
import { WRITE_STATUS_BADGES, writeStatusLabel } from '../review-format';

/** The outbox state of a reply write: never shown as published before the vendor has it. */
export function WriteStatusBadge({ write }: { write: ReviewReplyWrite }) {
  const look = WRITE_STATUS_BADGES[write.status];
  return (
    <Badge bg={look.bg} text={look.text} data-testid="write-status" className="text-wrap">
      {writeStatusLabel(write)}
    </Badge>
  );
}
