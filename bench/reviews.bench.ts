import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import {
  clientCompanies,
  clientMembers,
  productInstances,
  users,
  vendorConnections,
} from '../apps/server/src/db/schema';
import { createGbpReviewsLive } from '../apps/server/src/providers/google-business-profile/gbp-reviews-live';
import {
  GBP_PEER_TOKEN,
  type RunningGoogleBusinessPeer,
  startGoogleBusinessPeer,
} from '../apps/server/src/test/peers/google-business-peer';
import type { BenchRow } from './bench-table';

/**
 * Reviews on the vendor frame (issue 15): a full sync of 10,000 reviews from the local
 * Business Profile fake, an empty re-sync, and the reviews list through the gateway for a
 * company with 5,000 reviews. Each against a baseline measured in the same run.
 */
const SYNC_REVIEWS = 10_000;
const LIST_REVIEWS = 5_000;
const LIST_REQUESTS = 400;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
}

async function company(app: FastifyInstance, account: string, name: string) {
  const db = app.database.db;
  const [row] = await db.insert(clientCompanies).values({ name, label: name }).returning();
  const companyId = row?.id ?? 0;
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId,
      vendor: 'google-business-profile',
      externalAccount: account,
      secretsSealed: app.vendorSync.secrets.seal(JSON.stringify({ accessToken: GBP_PEER_TOKEN })),
    })
    .returning();
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId,
      productSlug: 'google-business-pro',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 29_900,
      vendorConnectionId: connection?.id ?? null,
    })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${companyId}@reviews.bench`, firstName: 'Bench', lastName: 'Client' })
    .returning();
  await db.insert(clientMembers).values({ userId: user?.id ?? 0, companyId });
  const { token } = await app.sessionService.create({
    userId: user?.id ?? 0,
    authType: 'password',
    ip: '127.0.0.1',
    userAgent: 'reviews bench',
  });
  return {
    companyId,
    connectionId: connection?.id ?? 0,
    productId: product?.id ?? 0,
    cookie: `${app.sessionCookie.name}=${token}`,
  };
}

/** p95 of `count` sequential gateway calls to `url` (the way the web app calls the API). */
async function gatewayP95(app: FastifyInstance, cookie: string, url: (i: number) => string) {
  const samples: number[] = [];
  for (let i = 0; i < LIST_REQUESTS + 20; i++) {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie, origin: 'http://localhost' },
      payload: { method: 'GET', url: url(i) },
    });
    if (res.statusCode !== 200) throw new Error(`${url(i)} → ${res.statusCode} ${res.body}`);
    if (i >= 20) samples.push(performance.now() - started); // the first 20 warm up
  }
  return p95(samples);
}

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
    const target = await company(app, syncAccount, 'Bench Sync Plumbing');
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
    const reader = await company(app, listAccount, 'Bench List Dental');
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
