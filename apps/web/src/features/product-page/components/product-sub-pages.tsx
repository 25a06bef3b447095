import { findProduct, SUB_PAGE_TITLES } from '@pinpoint/contracts';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Links to the product's sub-pages (PRODUCTS[].subPages); nothing when it has none. */
export function ProductSubPages({ slug, encodedId }: { slug: string; encodedId: string }) {
  const subPages = findProduct(slug)?.subPages ?? [];
  if (subPages.length === 0) return null;
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
      </ul>
    </nav>
  );
}
