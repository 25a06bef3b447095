import { findProduct, SUB_PAGE_TITLES } from '@pinpoint/contracts';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { NotFoundContent } from '../../../components/not-found-content';
import { ProductStatusBadge } from '../../../components/product-status-badge';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useProductItem } from '../api/get-product-item';

/**
 * The frame of a product's sub-pages: which product (its name, status and company, from
 * the server), a link to the product's own page, and tabs across its sub-pages. The tabs
 * are plain links, so they work with the keyboard and open in a new tab; NavLink marks the
 * current one with aria-current="page". The frame holds no heading: each sub-page starts
 * with its own h1, so the outline stays in order.
 */
export function ProductFrame({
  slug,
  productId,
  encodedId,
  children,
}: {
  slug: string;
  productId: number;
  /** The id as the address carries it, so links keep the same form. */
  encodedId: string;
  children: ReactNode;
}) {
  const product = findProduct(slug);
  const item = useProductItem(productId);
  // A product the user may not see (403) or that does not exist (404): no sub-page at all,
  // so nothing below asks the server about it again.
  if (item.error instanceof ApiError && [403, 404].includes(item.error.status)) {
    return (
      <div className="py-4" data-testid="product-sub-refused">
        <h1 className="h3">Product not available</h1>
        <p className="text-body-secondary">This product’s pages are not available to you.</p>
        <Link to={paths.dashboard.products.href()}>See your products</Link>
      </div>
    );
  }
  // The address names another product than this id's: there is no such page.
  if (item.data && item.data.product.slug !== slug) return <NotFoundContent />;
  // The catalog name shows at once; the instance's own name replaces it once loaded.
  const name = item.data?.product.name ?? product?.name ?? slug;
  const subPages = product?.subPages ?? [];

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2" data-testid="product-frame">
        <span className="fs-5 fw-semibold">{name}</span>
        {item.data && <ProductStatusBadge status={item.data.product.status} />}
        {item.data && <span className="text-body-secondary small">{item.data.company.name}</span>}
        {item.isError && (
          <span className="text-danger small">
            The product's details could not be loaded: {item.error.message}
          </span>
        )}
        <Link to={paths.dashboard.productPage.href(slug, encodedId)} className="ms-auto small">
          Product page
        </Link>
      </div>
      <nav aria-label={`${name} pages`} className="mb-3">
        <ul className="nav nav-tabs">
          {subPages.map((sub) => (
            <li className="nav-item" key={sub}>
              <NavLink
                to={paths.dashboard.productSubPage.href(slug, encodedId, sub)}
                className="nav-link"
                end
              >
                {SUB_PAGE_TITLES[sub]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
