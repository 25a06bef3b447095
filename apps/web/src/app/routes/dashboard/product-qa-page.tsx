import { findProduct } from '@pinpoint/contracts';
import { useLoaderData, useMatches } from 'react-router';
import { useProductCompany } from '../../../features/posts/api/get-product-company';
import { QaDashboard } from '../../../features/qa/components/qa-dashboard';

/** /dashboard/products/{slug}/{product_id}/qa: the Business Profile's questions and answers. */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const productId = ids.product_id ?? 0;
  const handle = useMatches().at(-1)?.handle as { productSub?: { slug: string } } | undefined;
  const slug = handle?.productSub?.slug ?? '';
  const companyId = useProductCompany(productId);
  return (
    <section>
      <h1 className="h3 mb-3">
        <span className="visually-hidden">{findProduct(slug)?.name ?? 'Product'}: </span>
        Questions &amp; answers
      </h1>
      <QaDashboard key={productId} productId={productId} companyId={companyId} />
    </section>
  );
}

export { Component };
