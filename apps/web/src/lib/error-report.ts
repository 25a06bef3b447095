import { decodeId, type ErrorLogCreate, findProduct } from '@pinpoint/contracts';

/**
 * Where an error happened, as the error log records it (SPEC §2): the route, taken from a
 * legacy `#/` hash when there is one, and a product page normalised to
 * `/Products/{product}/{id}` with the product id decoded from its encoded form.
 */
export function errorLocation(location: { pathname: string; hash: string }): {
  page: string;
  productId?: string;
} {
  const route = location.hash.startsWith('#/')
    ? (location.hash.slice(1).split('?')[0] ?? '/')
    : location.pathname;
  const segments = route.split('/').filter(Boolean);
  // /dashboard/products/{product}/{encoded id}[/...]: the id is the segment after the product.
  if (segments[0] === 'dashboard' && segments[1] === 'products' && segments[2] && segments[3]) {
    const product = findProduct(segments[2]);
    const id = decodeId(segments[3]);
    if (product && id !== null)
      return { page: `/Products/${product.slug}/${id}`, productId: String(id) };
  }
  return { page: route };
}

/** The report for an error, or null when this host does not log errors (only production does). */
export function buildErrorReport(
  error: { message: string; stack?: string | null },
  where: { host: string; pathname: string; hash: string; userAgent: string },
  productionHost: string | null,
): ErrorLogCreate | null {
  if (!productionHost || where.host !== productionHost) return null;
  const { page, productId } = errorLocation(where);
  return {
    message: error.message.slice(0, 2000) || 'Unknown error',
    page: page.slice(0, 500),
    stack: error.stack?.slice(0, 20_000) ?? undefined,
    productId,
    browser: where.userAgent.slice(0, 300),
  };
}
