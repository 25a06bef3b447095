import { formatDay, type ProductInstance } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ProductStatusBadge } from '../../../components/product-status-badge';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/format';
import { useEncodedIds } from '../../../lib/product-format';

/**
 * A company's products: name (linking to the product's page), status, start date and
 * monthly price. Below 576 px the table scrolls sideways rather than squeezing the names.
 */
export function ProductsTable({ products }: { products: ProductInstance[] }) {
  const encoded = useEncodedIds(products.map((p) => p.id));
  const active = products.filter((p) => p.status === 'active');
  const monthly = active.reduce((sum, p) => sum + p.monthlyPriceCents, 0);
  return (
    <>
      <p className="text-body-secondary">
        {active.length} active {active.length === 1 ? 'product' : 'products'},{' '}
        {formatCents(monthly)} a month in total.
      </p>
      <Table responsive hover className="align-middle">
        <caption className="visually-hidden">Your products</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col" className="text-end">
              Monthly price
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id} data-testid="product-row">
              <th scope="row" className="fw-normal">
                <Link
                  to={paths.dashboard.productPage.href(product.slug, encoded.get(product.id) ?? '')}
                >
                  {product.name}
                </Link>
              </th>
              <td>
                <ProductStatusBadge status={product.status} />
              </td>
              <td>
                <time dateTime={product.startDate}>{formatDay(product.startDate)}</time>
              </td>
              <td className="text-end">{formatCents(product.monthlyPriceCents)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
