import type { InvoiceStatus } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';
import { INVOICE_STATUS_BADGES, invoiceStatusLabel } from '../billing-format';

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const look = INVOICE_STATUS_BADGES[status];
  return (
    <Badge bg={look.bg} text={look.text}>
      {invoiceStatusLabel(status)}
    </Badge>
  );
}
