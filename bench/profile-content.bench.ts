import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  IMAGE_HOST_ADDRESS,
  PHOTO_BYTES,
  startImageHost,
} from '@pinpoint/fake-vendors/image-host-peer';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config/config';
import { isPublicAddress } from '../apps/server/src/kernel/net/address-policy';
import { buildApp } from '../apps/server/src/main/app';
import { benchCompany, gatewayP95 } from './bench-gateway';
import type { BenchRow } from './bench-table';

/**
 * Posts and photos (issue 16): the posts list and the photos gallery through the gateway
 * for a company with 2,000 posts and 3,000 photos, against a company's product list through
 * the same gateway in the same run; and the image proxy serving a cached 64 KB image against
 * the same bytes as a static file (@fastify/static), both through `inject`.
 */
const POSTS = 2_000;
const PHOTOS = 3_000;
const CATEGORIES = [
  'COVER',
  'PROFILE',
  'LOGO',
  'EXTERIOR',
  'INTERIOR',
  'PRODUCT',
  'AT_WORK',
  'TEAM',
];

export async function benchProfileContent(): Promise<BenchRow[]> {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const imageHost = await startImageHost();
  const app = await buildApp({
    config: {
      ...base,
      database: { kind: 'pglite', dataDir: null },
      imageProxyHosts: ['lh3.googleusercontent.com'],
    },
    imageProxyFetcher: {
      resolve: async () => [IMAGE_HOST_ADDRESS],
      addressAllowed: (address) => address === IMAGE_HOST_ADDRESS || isPublicAddress(address),
      allowedPorts: [imageHost.port],
      ca: imageHost.ca,
    },
  });
  try {
    const db = app.database.db;
    const reader = await benchCompany(app, {
      name: 'Bench Posts Roofing',
      account: 'accounts/7/locations/77',
    });
    const { companyId, connectionId, productId, cookie } = reader;
    // Two years of history: one post every ~9 hours, one photo every ~6 hours, as a sync
    // would have stored them (vendor ids, states, insights).
    await db.execute(sql`
      insert into posts (company_id, connection_id, source, external_id, topic_type, summary,
        cta_type, cta_url, state, published_at, views, clicks, vendor_updated_at, created_at)
      select ${companyId}, ${connectionId}, 'google', 'accounts/7/locations/77/localPosts/' || n,
        (array['STANDARD','EVENT','OFFER'])[1 + n % 3],
        'Bench post ' || n || ': spring roof inspections, gutter cleaning and storm repairs.',
        case when n % 2 = 0 then 'LEARN_MORE' end,
        case when n % 2 = 0 then 'https://example.com/roofing/' || n end,
        case when n % 50 = 0 then 'failed' when n % 40 = 0 then 'draft' else 'published' end,
        now() - make_interval(hours => n * 9), 100 + n % 900, n % 70,
        now() - make_interval(hours => n * 9), now() - make_interval(hours => n * 9)
      from generate_series(1, ${POSTS}) as n`);
    await db.execute(sql`
      insert into photos (company_id, connection_id, external_id, category, description,
        google_url, thumbnail_url, width, height, views, state, taken_at)
      select ${companyId}, ${connectionId}, 'accounts/7/locations/77/media/' || n,
        (${sql.raw(`array[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`)})[1 + n % ${CATEGORIES.length}],
        'Bench photo ' || n,
        'https://lh3.googleusercontent.com/p/bench-' || n,
        'https://lh3.googleusercontent.com/p/bench-' || n || '=s256',
        1600, 1200, n % 5000, 'live', now() - make_interval(hours => n * 6)
      from generate_series(1, ${PHOTOS}) as n`);
    await db.execute(sql`analyze posts`);
    await db.execute(sql`analyze photos`);

    const products = await gatewayP95(app, cookie, () => `/api/uni/client/products/${companyId}`);
    const baseline = { baseline: products, baselineName: "a company's products, same gateway" };
    const rows: BenchRow[] = [];
    const posts = await gatewayP95(
      app,
      cookie,
      (i) => `/api/uni/products/socialposts/${productId}?page=${(i % 50) + 1}`,
    );
    rows.push({
      name: `posts: list p95, ${POSTS.toLocaleString('en-US')} posts, gateway (target < 50 ms)`,
      value: posts,
      unit: 'ms',
      ...baseline,
    });
    const filteredPosts = await gatewayP95(
      app,
      cookie,
      (i) =>
        `/api/uni/products/socialposts/company/${companyId}?state=published,failed&topic=OFFER&q=roof&page=${(i % 5) + 1}`,
    );
    rows.push({
      name: 'posts: company list p95, filtered by state, topic and text',
      value: filteredPosts,
      unit: 'ms',
      ...baseline,
    });
    const photos = await gatewayP95(
      app,
      cookie,
      (i) => `/api/uni/products/googlephotos/${productId}?page=${(i % 50) + 1}`,
    );
    rows.push({
      name: `photos: gallery p95, ${PHOTOS.toLocaleString('en-US')} photos, gateway (target < 50 ms)`,
      value: photos,
      unit: 'ms',
      ...baseline,
    });
    const byCategory = await gatewayP95(
      app,
      cookie,
      (i) =>
        `/api/uni/products/googlephotos/${productId}?category=${CATEGORIES[i % CATEGORIES.length]}&page=${(i % 5) + 1}`,
    );
    rows.push({
      name: 'photos: gallery p95, one category',
      value: byCategory,
      unit: 'ms',
      ...baseline,
    });
    rows.push(
      await proxyThroughput(
        app,
        cookie,
        `https://lh3.googleusercontent.com:${imageHost.port}/photo/bench.png`,
      ),
    );
    return rows;
  } finally {
    await app.close();
    await imageHost.close();
  }
}

const PROXY_REQUESTS = 2_000;

/** Requests a second for `count` sequential injected GETs of `url`. */
async function rate(app: FastifyInstance, url: string, headers: Record<string, string>) {
  for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url, headers }); // warm up
  const started = performance.now();
  for (let i = 0; i < PROXY_REQUESTS; i++) {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200 || res.rawPayload.length !== PHOTO_BYTES.length) {
      throw new Error(`${url} → ${res.statusCode}`);
    }
  }
  return PROXY_REQUESTS / ((performance.now() - started) / 1000);
}

/** The proxy's cache against a static file of the same bytes. */
async function proxyThroughput(app: FastifyInstance, cookie: string, upstream: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pinpoint-bench-static-'));
  const bare = Fastify({ logger: false });
  try {
    writeFileSync(path.join(dir, 'photo.png'), PHOTO_BYTES);
    await bare.register(fastifyStatic, { root: dir });
    const staticRate = await rate(bare, '/photo.png', {});
    const proxyRate = await rate(app, `/api/main/image/proxy?url=${encodeURIComponent(upstream)}`, {
      cookie,
    });
    return {
      name: 'image proxy: cached 64 KB image, requests/s (signed-in, from the cache)',
      value: proxyRate,
      unit: 'req/s',
      baseline: staticRate,
      baselineName: 'the same bytes as a static file (@fastify/static)',
    };
  } finally {
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
