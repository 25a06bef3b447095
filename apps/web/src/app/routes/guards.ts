import {
  DEV_ONLY_PRODUCTS,
  decodeId,
  findProduct,
  isDevHost,
  type ProductSlug,
} from '@pinpoint/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { sessionStore } from '../../lib/session-store';

export interface PageRules {
  /** Route params that carry an encoded id (DECISIONS.md "Ids in URLs"). */
  ids?: string[];
  /** The route param that names a product slug. */
  product?: string;
  /** Only on dev hosts (SPEC §2). */
  devOnly?: boolean;
  /** Employee tools need `perm` or `admin`; admin tools need `admin`. */
  role?: 'employee' | 'admin';
}

function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/**
 * A page's own checks, on top of its area's session check: a malformed id, an unknown
 * product, a dev-only page elsewhere, or a page of another role all show not-found.
 * The server enforces access on every call regardless; this only steers navigation.
 */
export function pageLoader(rules: PageRules) {
  return async ({ params }: LoaderFunctionArgs) => {
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
      const auth = await sessionStore.read();
      const session = auth?.session;
      const allowed = rules.role === 'admin' ? session?.admin : session?.perm || session?.admin;
      if (!allowed) notFound();
    }
    return { ids: decoded };
  };
}
