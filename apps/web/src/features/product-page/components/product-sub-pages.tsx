import { findProduct, SUB_PAGE_TITLES } from '@pinpoint/contracts';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * Links to the product's sub-pages (PRODUCTS[].subPages), and to its QR codes, which every
 * product has (SPEC §2 `/products/{product_name}/qr-codes/{product_id}`).
 */
export function ProductSubPages({ slug, encodedId }: { slug: string; encodedId: string }) {
  const subPages = findProduct(slug)?.subPages ?? [];
  return (
    <nav aria-labelledby="product-pages-title" className="mb-4">
      <h2 id="product-pages-title" className="h5">
        Pages of this product
      </h2>
      <ul className="list-inline mb-0">
        {subPages.map((sub) => (
          <li key={sub} className="list-inline-item me-3">
            <Link to={paths.dashboard.productSubPage.href(slug, encodedId, sub)}>
              {SUB_PAGE_TITLES[sub]}
            </Link>
          </li>
        ))}
        <li className="list-inline-item me-3">
          <Link to={paths.dashboard.productQrCodes.href(slug, encodedId)}>QR codes</Link>
        </li>
      </ul>
    </nav>
  );
}
