import { encodeId, type ProductSlug } from '../packages/contracts/src';

/**
 * Helpers of `bench/lighthouse.ts`: the targets, which product pages it audits, and the
 * details it prints from a report. Kept apart so that `bench/web.bench.ts` can read the
 * targets without running the audits (lighthouse.ts runs them when it is imported).
 */
export const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 100 } as const;

export interface AuditedPage {
  /** Stable name in the table and the bench rows: the path with `{id}` for the encoded id. */
  label: string;
  /** The path requested, with a freshly encoded id (encodeId is random on each call). */
  path: string;
  signedIn: boolean;
}

/**
 * One product page of each kind, as issue 22 asks: a reviews product, an ads product and a
 * website product. The demo client (Summit Plumbing & Drain) has all three of the named
 * products (google-business-pro, google-ads, webworx-professional, checked on the seeded
 * agency); if a reseed ever drops one, the first product of the same kind that the client
 * has stands in for it, and the table's label says which.
 */
const KINDS: { kind: string; preferred: ProductSlug; sameKind: readonly ProductSlug[] }[] = [
  {
    kind: 'reviews',
    preferred: 'google-business-pro',
    sameKind: ['local-marketing-essentials', 'google-calls-advisor', 'facebook-pro'],
  },
  {
    kind: 'ads',
    preferred: 'google-ads',
    sameKind: ['ads-xpress', 'facebook-ads', 'local-services-ads'],
  },
  {
    kind: 'website',
    preferred: 'webworx-professional',
    sameKind: ['website-hosting', 'powerpage', 'website'],
  },
];

/** The product pages to audit, found the way the web app finds them: through its API. */
export async function productPages(base: string, cookie: string): Promise<AuditedPage[]> {
  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return (await response.json()) as T;
  };
  const { clients } = await get<{ clients: { id: number }[] }>('/api/uni/user/clients');
  const products: { id: number; slug: string }[] = [];
  for (const client of clients) {
    const { items } = await get<{ items: { id: number; slug: string }[] }>(
      `/api/uni/client/products/${client.id}`,
    );
    products.push(...items);
  }
  return KINDS.map(({ kind, preferred, sameKind }) => {
    const product =
      products.find((p) => p.slug === preferred) ??
      products.find((p) => (sameKind as readonly string[]).includes(p.slug));
    if (!product) throw new Error(`the demo client has no ${kind} product`);
    return {
      label: `/dashboard/products/${product.slug}/{id}`,
      path: `/dashboard/products/${product.slug}/${encodeId(product.id)}`,
      signedIn: true,
    };
  });
}

interface DetailNode {
  selector?: string;
  snippet?: string;
}

/** One line per layout shift (score, element) and one for the LCP element. */
export function shiftsAndLcp(lhr: { audits: Record<string, { details?: unknown }> }): string[] {
  const describe = (node?: DetailNode) =>
    node ? `${node.selector ?? ''} ${(node.snippet ?? '').slice(0, 100)}` : '?';
  const shifts =
    (lhr.audits['layout-shifts']?.details as { items?: { score: number; node?: DetailNode }[] })
      ?.items ?? [];
  const lcpTables =
    (
      lhr.audits['largest-contentful-paint-element']?.details as {
        items?: { items?: { node?: DetailNode; phase?: string; timing?: number }[] }[];
      }
    )?.items ?? [];
  const lcpNode = lcpTables[0]?.items?.[0]?.node;
  const phases = (lcpTables[1]?.items ?? [])
    .map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`)
    .join(', ');
  return [
    ...shifts.map((s) => `  shift ${s.score.toFixed(4)}  ${describe(s.node)}`),
    `  LCP element ${describe(lcpNode)}${phases ? ` (${phases})` : ''}`,
  ];
}

/** The accessibility audits that failed, one line each, to fix them without the JSON. */
export function failedAccessibility(lhr: {
  categories: Record<string, { auditRefs?: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { score: number | null; title?: string; details?: unknown }>;
}): string[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      const items = (audit?.details as { items?: { node?: DetailNode }[] })?.items ?? [];
      const nodes = items
        .slice(0, 3)
        .map((item) => item.node?.selector ?? '?')
        .join(' | ');
      return `  a11y ${ref.id}: ${items.length} element(s) ${nodes}`;
    });
}
