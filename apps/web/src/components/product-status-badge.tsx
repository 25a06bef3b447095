import type { ProductStatus } from '@pinpoint/contracts';
import Badge from 'react-bootstrap/Badge';
import { PRODUCT_STATUS_BADGES, productStatusLabel } from '../lib/product-format';

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const look = PRODUCT_STATUS_BADGES[status];
  return (
    <Badge bg={look.bg} text={look.text} className={status === 'cancelled' ? 'border' : undefined}>
      {productStatusLabel(status)}
    </Badge>
  );
}
