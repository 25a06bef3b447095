import { formatDay, type ProductInstance } from '@pinpoint/contracts';
import { ProductStatusBadge } from '../../../components/product-status-badge';
import { formatCents } from '../../../lib/format';

/**
 * The product's name, status, start date (MM/dd/yyyy, SPEC §5) and monthly price. While the
 * product loads (`product` null) it keeps the same lines with the catalog's name, so the
 * report drawn below meanwhile does not move when the facts arrive.
 */
export function ProductHeader({
  product,
  catalogName,
}: {
  product: ProductInstance | null;
  catalogName: string;
}) {
  return (
    <div className="mb-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0">{product ? product.name : catalogName}</h1>
        {product && <ProductStatusBadge status={product.status} />}
      </div>
      <dl
        className="d-flex flex-wrap gap-4 mb-0"
        data-testid={product ? 'product-facts' : undefined}
        aria-busy={product ? undefined : true}
      >
        <div>
          <dt className="small text-body-secondary fw-normal">Started</dt>
          <dd className="mb-0">{product ? formatDay(product.startDate) : '\u00a0'}</dd>
        </div>
        <div>
          <dt className="small text-body-secondary fw-normal">Monthly price</dt>
          <dd className="mb-0">{product ? formatCents(product.monthlyPriceCents) : '\u00a0'}</dd>
        </div>
      </dl>
    </div>
  );
}
