import type { APIRequestContext, Page } from '@playwright/test';
import { json } from './demo-products';
import { expect } from './fixtures';
import { fillSmallScan } from './session';

/**
 * The demo records the route walk (route-walk.spec.ts) fills its patterns with, read through
 * the API as the signed-in account, the way the web app reads them; and the few it makes
 * first (the demo agency seeds no custom scan, workspace or trial scan).
 */

/** The ids a walker's visits need (null: it has none). */
export interface WalkIds {
  companyId: number | null;
  /** One product instance per catalog slug the account can see. */
  products: Map<string, number>;
  scanId: number | null;
  reviewId: { slug: string; productId: number; id: number } | null;
  postId: { slug: string; productId: number; id: number } | null;
  /** Staff only: a custom rank scan and a prospect workspace the walk made first. */
  customScanId: number | null;
  workspaceId: number | null;
}

/**
 * The ids a signed-in role's visits need, read the way the web app reads them: its
 * companies, their products, the first company's newest scan, one review and one post.
 */
export async function readWalkIds(
  request: APIRequestContext,
  area: 'public' | 'dashboard' | 'trial',
): Promise<WalkIds> {
  const ids: WalkIds = {
    companyId: null,
    products: new Map(),
    scanId: null,
    reviewId: null,
    postId: null,
    customScanId: null,
    workspaceId: null,
  };
  if (area === 'public') return ids;
  if (area === 'trial') {
    const me = await json<{ trialCompanyId: number | null }>(request, '/api/trial/me');
    if (me.trialCompanyId !== null) ids.scanId = await newestScan(request, me.trialCompanyId);
    return ids;
  }
  const { clients } = await json<{ clients: { id: number }[] }>(request, '/api/uni/user/clients');
  ids.companyId = clients[0]?.id ?? null;
  for (const client of clients) {
    const { items } = await json<{ items: { id: number; slug: string; status: string }[] }>(
      request,
      `/api/uni/client/products/${client.id}`,
    );
    for (const item of items)
      if (!ids.products.has(item.slug)) ids.products.set(item.slug, item.id);
  }
  if (ids.companyId !== null) ids.scanId = await newestScan(request, ids.companyId);
  for (const slug of ['google-business-pro', 'local-marketing-essentials', 'facebook-pro']) {
    const productId = ids.products.get(slug);
    if (productId === undefined) continue;
    if (!ids.reviewId) {
      const { items } = await json<{ items: { id: number }[] }>(
        request,
        `/api/uni/products/reviews/${productId}?pageSize=1`,
      );
      if (items[0]) ids.reviewId = { slug, productId, id: items[0].id };
    }
    if (!ids.postId && slug === 'local-marketing-essentials') {
      const { items } = await json<{ items: { id: number }[] }>(
        request,
        `/api/uni/products/socialposts/${productId}?pageSize=1`,
      );
      if (items[0]) ids.postId = { slug, productId, id: items[0].id };
    }
  }
  return ids;
}

async function newestScan(request: APIRequestContext, companyId: number) {
  const { scans } = await json<{ scans: { id: number }[] }>(
    request,
    `/api/localrank/latest/four?companyId=${companyId}`,
  );
  return scans[0]?.id ?? null;
}

/** Staff need a custom rank scan and a prospect workspace of their own to open them. */
export async function makeStaffRecords(page: Page, ids: WalkIds) {
  const origin = new URL(page.url()).origin;
  const post = async (url: string, data: Record<string, unknown>) => {
    const answer = await page.request.post(url, { headers: { origin }, data });
    if (!answer.ok()) throw new Error(`${url} answered ${answer.status()}: ${await answer.text()}`);
    return (await answer.json()) as Record<string, unknown>;
  };
  const business = {
    placeId: `route-walk-${Date.now()}`,
    name: 'Route Walk Plumbing',
    lat: 30.2672,
    lng: -97.7431,
  };
  const prospect = await post('/api/sales/prospect', business);
  const scan = await post('/api/localrank/request', {
    companyId: prospect.companyId,
    keyword: 'plumber',
    size: 3,
    radius: 1,
    unit: 'mi',
    centre: { lat: business.lat, lng: business.lng },
  });
  ids.customScanId = scan.scanId as number;
  const workspace = await post('/api/sales/containers', {
    business: { ...business, placeId: `${business.placeId}-w` },
  });
  ids.workspaceId = workspace.id as number;
}

/**
 * A trial lead has a company, and scans, only once it has run one: the demo agency seeds
 * none, so a walk run on its own starts a small one through the trial's form (other tests
 * may have done so already; the quota is three a day).
 */
export async function makeTrialScan(page: Page, ids: WalkIds) {
  await page.goto('/trial/local-rank-grid/live');
  await fillSmallScan(page, 'plumber');
  await page.getByRole('button', { name: /^Start scan/ }).click();
  await expect(page.getByTestId('live-scan-running')).toBeVisible();
  // The scan is listed once its job has finished (a 3×3 grid: seconds).
  await expect
    .poll(async () => (await readWalkIds(page.request, 'trial')).scanId, { timeout: 60_000 })
    .not.toBeNull();
  Object.assign(ids, await readWalkIds(page.request, 'trial'));
}
