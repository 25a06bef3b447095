import {
  GBP_PEER_TOKEN,
  type RunningGoogleBusinessPeer,
  startGoogleBusinessPeer,
} from '@pinpoint/fake-vendors/google-business-peer';
import { loadConfig } from '../apps/server/src/config/config';
import { buildApp } from '../apps/server/src/main/app';
import { createGbpReviewsLive } from '../apps/server/src/providers/google-business-profile/gbp-reviews-live';
import { benchCompany, gatewayP95 } from './bench-gateway';
import type { BenchRow } from './bench-table';

/**
 * Reviews on the vendor frame (issue 15): a full sync of 10,000 reviews from the local
 * Business Profile fake, an empty re-sync, and the reviews list through the gateway for a
 * company with 5,000 reviews. Each against a baseline measured in the same run.
 */
const SYNC_REVIEWS = 10_000;
const LIST_REVIEWS = 5_000;

export async function benchReviews(): Promise<BenchRow[]> {
  const peer: RunningGoogleBusinessPeer = await startGoogleBusinessPeer();
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const app = await buildApp({
    config: {
      ...base,
      database: { kind: 'pglite', dataDir: null },
      vendors: {
        ...base.vendors,
        googleBusinessProfile: { mode: 'live', baseUrl: peer.base, timeoutMs: 10_000 },
      },
      // The fake has no quota; the live default (10 calls a second) would measure the limiter.
      vendorGate: { ratePerSecond: 100_000 },
    },
  });
  try {
    const rows: BenchRow[] = [];
    // Full sync against fetching the same pages with the adapter alone (no writes, no cursor).
    const syncAccount = 'accounts/5/locations/55';
    peer.addGeneratedReviews(syncAccount, SYNC_REVIEWS);
    const target = await benchCompany(app, {
      name: 'Bench Sync Plumbing',
      account: syncAccount,
      token: GBP_PEER_TOKEN,
    });
    const adapter = createGbpReviewsLive({
      baseUrl: peer.base,
      timeoutMs: 10_000,
      recordCall: async () => {},
    });
    let started = performance.now();
    let pageToken: string | null = null;
    let pages = 0;
    do {
      const page = await adapter.listReviews(
        { externalAccount: syncAccount, accessToken: GBP_PEER_TOKEN },
        { pageToken, pageSize: 50 },
      );
      pageToken = page.nextPageToken;
      pages++;
    } while (pageToken);
    const bareMs = performance.now() - started;
    started = performance.now();
    const full = await app.vendorSync.runSync(target.connectionId, 'reviews');
    const fullMs = performance.now() - started;
    if (full.itemsWritten !== SYNC_REVIEWS) throw new Error(`synced ${full.itemsWritten}`);
    rows.push({
      name: `reviews: full sync of ${SYNC_REVIEWS.toLocaleString('en-US')} (fake vendor, target < 10 s)`,
      value: fullMs,
      unit: 'ms',
      baseline: bareMs,
      baselineName: `fetching its ${pages} pages only`,
    });
    started = performance.now();
    const empty = await app.vendorSync.runSync(target.connectionId, 'reviews');
    const emptyMs = performance.now() - started;
    if (empty.itemsWritten !== 0) throw new Error(`an empty re-sync wrote ${empty.itemsWritten}`);
    started = performance.now();
    await adapter.listReviews(
      { externalAccount: syncAccount, accessToken: GBP_PEER_TOKEN },
      { pageToken: null, pageSize: 50 },
    );
    rows.push({
      name: 'reviews: empty re-sync (target < 1 s)',
      value: emptyMs,
      unit: 'ms',
      baseline: performance.now() - started,
      baselineName: 'fetching one page only',
    });

    // The list through the gateway for a company with 5,000 reviews.
    const listAccount = 'accounts/6/locations/66';
    peer.addGeneratedReviews(listAccount, LIST_REVIEWS);
    const reader = await benchCompany(app, {
      name: 'Bench List Dental',
      account: listAccount,
      token: GBP_PEER_TOKEN,
    });
    await app.vendorSync.runSync(reader.connectionId, 'reviews');
    const products = await gatewayP95(
      app,
      reader.cookie,
      () => `/api/uni/client/products/${reader.companyId}`,
    );
    const list = await gatewayP95(
      app,
      reader.cookie,
      (i) => `/api/uni/products/reviews/${reader.productId}?page=${(i % 25) + 1}`,
    );
    rows.push({
      name: `reviews: list p95, ${LIST_REVIEWS.toLocaleString('en-US')} reviews, gateway (target < 50 ms)`,
      value: list,
      unit: 'ms',
      baseline: products,
      baselineName: "a company's products, same gateway",
    });
    const filtered = await gatewayP95(
      app,
      reader.cookie,
      (i) =>
        `/api/uni/products/reviews/${reader.productId}?stars=1,2&replied=no&q=review&sort=lowest&page=${(i % 3) + 1}`,
    );
    rows.push({
      name: 'reviews: filtered list p95 (stars, replied, text, sort)',
      value: filtered,
      unit: 'ms',
      baseline: products,
      baselineName: "a company's products, same gateway",
    });
    const summary = await gatewayP95(
      app,
      reader.cookie,
      () => `/api/uni/products/reviews/${reader.productId}/summary?from=2025-01-01&to=2026-11-23`,
    );
    rows.push({
      name: 'reviews: summary p95 (distribution, months, median reply)',
      value: summary,
      unit: 'ms',
      baseline: products,
      baselineName: "a company's products, same gateway",
    });
    return rows;
  } finally {
    await app.close();
    await peer.close();
  }
}
