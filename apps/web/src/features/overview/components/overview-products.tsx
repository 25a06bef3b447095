import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { OverviewPanel } from '../../../components/overview-panel';
import { ProductStatusBadge } from '../../../components/product-status-badge';
import { paths } from '../../../config/paths';
import { useClientProducts } from '../../../lib/api/client-products-api';
import { useEncodedIds } from '../../../lib/product-format';

/** The company's products with their status, each linking to its product page. */
export function OverviewProducts({ companyId }: { companyId: number }) {
  const products = useClientProducts(companyId);
  const items = products.data?.items ?? [];
  const encoded = useEncodedIds(items.map((p) => p.id));
  return (
    <OverviewPanel
      id="overview-products"
      title="Your products"
      action={<Link to={paths.dashboard.products.href()}>All products</Link>}
      loading={products.isPending}
      error={products.error}
      onRetry={() => products.refetch()}
    >
      {items.length === 0 ? (
        <p className="text-body-secondary mb-0">No products yet.</p>
      ) : (
        <ListGroup variant="flush" as="ul" aria-label="Products">
          {items.map((product) => (
            <ListGroup.Item
              as="li"
              key={product.id}
              className="d-flex align-items-center gap-2 px-0"
            >
              <Link
                to={paths.dashboard.productPage.href(product.slug, encoded.get(product.id) ?? '')}
              >
                {product.name}
              </Link>
              <span className="ms-auto">
                <ProductStatusBadge status={product.status} />
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </OverviewPanel>
  );
}
