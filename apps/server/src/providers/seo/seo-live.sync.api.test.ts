import {
  PEER_LOGIN,
  PEER_PASSWORD,
  type RunningDataForSeoLabsPeer,
  startDataForSeoLabsPeer,
} from '@pinpoint/fake-vendors/dataforseo-labs-peer';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  type DevPagesFixture,
  devPagesFixture,
} from '../../areas/dev-pages/dev-pages.test-setup';
import { keywords, providerCalls } from '../../kernel/db/schema';
import { createTestApp } from '../../test/test-app';

let peer: RunningDataForSeoLabsPeer;
let app: FastifyInstance;
let f: DevPagesFixture;

beforeAll(async () => {
  peer = await startDataForSeoLabsPeer();
  ({ app } = await createTestApp({
    config: {
      seo: {
        provider: 'dataforseo',
        login: PEER_LOGIN,
        password: PEER_PASSWORD,
        baseUrl: peer.base,
        timeoutMs: 2_000,
      },
    },
  }));
  f = await devPagesFixture(app);
  // One keyword the peer's answer ranks the site for, beside the fixture's three.
  await app.database.db
    .insert(keywords)
    .values({ companyId: f.summit, keyword: 'custody attorney' });
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

describe('SEO Pro with SEO_PROVIDER=dataforseo', () => {
  it('syncs today’s positions and pages from DataForSEO into the report, counted as `seo`', async () => {
    const sync = await callAs(
      app,
      f.cookies.employee,
      'POST',
      `/api/uni/products/seo/${f.seoProduct}/sync`,
      { payload: {} },
    );
    expect(sync.statusCode).toBe(200);
    // One day of four keywords and one ranking page, from a single vendor call.
    expect(sync.json()).toMatchObject({ positions: 4, pages: 1 });
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0]?.body).toMatchObject([{ target: 'summitplumbing.com' }]);

    const report = (
      await callAs(app, f.cookies.employee, 'GET', `/api/uni/products/seo/${f.seoProduct}/report`)
    ).json();
    expect(report.provider).toBe('live');
    expect(report.pages).toEqual([
      {
        url: 'https://summitplumbing.com/family-law/custody',
        keyword: 'custody attorney',
        position: 12,
        change: null,
      },
    ]);
    const custody = report.keywords.find(
      (k: { keyword: string }) => k.keyword === 'custody attorney',
    );
    expect(custody.latest).toBe(12);

    const counted = await app.database.db
      .select()
      .from(providerCalls)
      .where(eq(providerCalls.provider, 'seo'));
    expect(counted.reduce((sum, row) => sum + row.succeeded, 0)).toBe(1);
  });

  it('answers a vendor failure with the error envelope, without the credentials', async () => {
    peer.mode = 'status40200';
    // Another site: Summit's answer is reused for a few minutes (one paid call per sync).
    const sync = await callAs(
      app,
      f.cookies.admin,
      'POST',
      `/api/uni/products/seo/${f.harborSeo}/sync`,
      { payload: {} },
    );
    expect(peer.requests.at(-1)?.body).toMatchObject([{ target: 'harborsmiles.com' }]);
    // The sync stores nothing and fails with the vendor's reason, as a 502.
    expect(sync.statusCode).toBe(502);
    expect(sync.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(sync.json().error.message).toMatch(/^The SEO sync failed: /);
    expect(sync.body).not.toContain(PEER_PASSWORD);
    expect(sync.body).not.toContain(PEER_LOGIN);
  });
});
