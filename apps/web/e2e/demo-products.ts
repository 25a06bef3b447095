import { findProduct } from '@pinpoint/contracts';
import { type APIRequestContext, request } from '@playwright/test';
import { type DemoAccount, sessionCookieOf } from './demo-sessions';
import { E2E_PORT } from './ports';

/**
 * The demo agency gives each company a random mix of products, so a spec that needs "a
 * running Google Ads product" looks for one among the demo accounts, through the API the
 * web app reads, with the sessions global setup made (demo-sessions.ts). One helper for
 * every spec, so each says only what it needs.
 */

/** A product instance as the API lists it, with the company and the account that see it. */
export interface DemoProduct {
  id: number;
  slug: string;
  name: string;
  status: string;
  companyId: number;
  companyName: string;
  /** The first account, in the order asked, that sees the product. */
  account: DemoAccount;
  /** How many companies that account sees. */
  companies: number;
}

/** API calls as a demo account, outside any page (dispose it after). */
export function apiAs(email: DemoAccount): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    extraHTTPHeaders: { origin: `http://localhost:${E2E_PORT}` },
    storageState: { cookies: [sessionCookieOf(email)], origins: [] },
  });
}

/** A GET's JSON answer; any other status than 2xx fails, naming the address. */
export async function json<T>(api: APIRequestContext, url: string): Promise<T> {
  const answer = await api.get(url);
  if (!answer.ok()) throw new Error(`${url} answered ${answer.status()}`);
  return (await answer.json()) as T;
}

/** Not cancelled: the product still runs (or is held), so its pages show its data. */
export const running = (product: DemoProduct) => product.status !== 'cancelled';

/** The catalog gives the product's kind this sub-page (reviews, posts, qa, listings…). */
export const hasSubPage = (sub: string) => (product: DemoProduct) =>
  findProduct(product.slug)?.subPages.some((page) => page === sub) ?? false;

/**
 * The first product, account by account and company by company, for which `pick` gives a
 * value (a record of the product, say); fails naming what was looked for.
 */
export async function pickDemoProduct<T>(
  accounts: DemoAccount | readonly DemoAccount[],
  what: string,
  pick: (product: DemoProduct, api: APIRequestContext) => T | undefined | Promise<T | undefined>,
): Promise<{ product: DemoProduct; value: T }> {
  const emails = typeof accounts === 'string' ? [accounts] : accounts;
  for (const account of emails) {
    const api = await apiAs(account);
    try {
      const { clients } = await json<{ clients: { id: number; name: string }[] }>(
        api,
        '/api/uni/user/clients',
      );
      for (const company of clients) {
        const { items } = await json<{ items: Omit<DemoProduct, 'companyId'>[] }>(
          api,
          `/api/uni/client/products/${company.id}`,
        );
        for (const item of items) {
          const product: DemoProduct = {
            id: item.id,
            slug: item.slug,
            name: item.name,
            status: item.status,
            companyId: company.id,
            companyName: company.name,
            account,
            companies: clients.length,
          };
          const value = await pick(product, api);
          if (value !== undefined && value !== false) return { product, value };
        }
      }
    } finally {
      await api.dispose();
    }
  }
  throw new Error(`no demo account of ${emails.join(', ')} has ${what}`);
}

/** The first product that `matches`, as `pickDemoProduct` looks for it. */
export async function findDemoProduct(
  accounts: DemoAccount | readonly DemoAccount[],
  what: string,
  matches: (product: DemoProduct) => boolean,
): Promise<DemoProduct> {
  const found = await pickDemoProduct(accounts, what, (product) =>
    matches(product) ? true : undefined,
  );
  return found.product;
}
