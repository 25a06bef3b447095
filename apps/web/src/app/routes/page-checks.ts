import {
  DEV_ONLY_PRODUCTS,
  decodeId,
  findProduct,
  isDevHost,
  type ProductSlug,
} from '@pinpoint/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { fetchCurrentSession } from '../../features/auth/api/auth-api';
import { sessionStore } from '../../lib/session-store';
import type { PageRules } from './page-rules';

function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/**
 * A page's own checks, on top of its area's session check: a malformed id, an unknown
 * product, a dev-only page elsewhere, or a page of another role all show not-found.
 * The server enforces access on every call regardless; this only steers navigation.
 */
export async function checkPage(rules: PageRules, { params }: LoaderFunctionArgs) {
  if (rules.devOnly && !isDevHost(window.location.hostname)) notFound();
  const decoded: Record<string, number> = {};
  for (const name of rules.ids ?? []) {
    const id = decodeId(params[name]);
    if (id === null) notFound();
    decoded[name] = id;
  }
  if (rules.product) {
    const product = findProduct(params[rules.product] ?? '');
    if (!product) notFound();
    if (
      DEV_ONLY_PRODUCTS.includes(product.slug as ProductSlug) &&
      !isDevHost(window.location.hostname)
    ) {
      notFound();
    }
  }
  if (rules.role) {
    // This runs beside the area's session check, not after it: with storage cleared while
    // the server session lives on, that check is still asking the server, so ask it too.
    const auth = (await sessionStore.read()) ?? (await fetchCurrentSession());
    const session = auth?.session;
    const allowed = rules.role === 'admin' ? session?.admin : session?.perm || session?.admin;
    if (!allowed) notFound();
  }
  return { ids: decoded };
}
