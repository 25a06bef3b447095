import { formatDay, type ProductInstance } from '@pinpoint/contracts';
import { ProductStatusBadge } from '../../products/components/product-status-badge';
import { formatCents } from '../../products/product-format';

/** The product's name, status, start date (MM/dd/yyyy, SPEC §5) and monthly price. */
export function ProductHeader({ product }: { product: ProductInstance }) {
  return (
    <div className="mb-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0">{product.name}</h1>
        <ProductStatusBadge status={product.status} />
      </div>
      <dl className="d-flex flex-wrap gap-4 mb-0" data-testid="product-facts">
        <div>
          <dt className="small text-body-secondary fw-normal">Started</dt>
          <dd className="mb-0">{formatDay(product.startDate)}</dd>
        </div>
        <div>
          <dt className="small text-body-secondary fw-normal">Monthly price</dt>
          <dd className="mb-0">{formatCents(product.monthlyPriceCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
