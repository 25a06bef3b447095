import { useLoaderData, useParams } from 'react-router';
import { QrCodesPage } from '../../../features/qr-codes/components/qr-codes-page';

/** /dashboard/products/{product_name}/qr-codes/{product_id}: the loader decoded the id and checked the product. */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const slug = useParams().product_name ?? '';
  const productId = ids.product_id ?? 0;
  return <QrCodesPage key={productId} productId={productId} slug={slug} />;
}

export { Component };
