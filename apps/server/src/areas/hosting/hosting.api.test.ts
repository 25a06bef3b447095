import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostingUsage, productInstances, vendorConnections } from '../../kernel/db/schema';
import { HOSTING_VENDOR } from '../../providers/kernel/vendor-ids';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { websiteFixture } from '../websites/websites.test-setup';
import { HOSTING_DATASET } from './hosting.sync';

let testApp: TestApp;
let app: FastifyInstance;
let fixture: Awaited<ReturnType<typeof websiteFixture>>;
let connectionId = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  fixture = await websiteFixture(app);
});
afterAll(() => app.close());

// The fixture's second company has the `website-hosting` product; its member is "stranger".
const report = (cookie: string, productId = fixture.otherProductId) =>
  app.inject({
    method: 'POST',
    url: `/api/uni/products/hosting/${productId}/hosting`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: {},
  });

describe('website hosting', () => {
  it('says nothing is connected before the hosting account is', async () => {
    const res = await report(fixture.cookies.stranger);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      account: null,
      history: [],
      source: 'demo',
      freshness: { status: null, lastSyncedAt: null },
    });
  });

  it('syncs the account daily on the vendor frame: 18 months first, then the last two', async () => {
    const db = app.database.db;
    const [product] = await db
      .select({ companyId: productInstances.companyId })
      .from(productInstances)
      .where(eq(productInstances.id, fixture.otherProductId));
    const [connection] = await db
      .insert(vendorConnections)
      .values({
        companyId: product?.companyId ?? 0,
        vendor: HOSTING_VENDOR,
        externalAccount: 'otherdental',
      })
      .returning();
    connectionId = connection?.id ?? 0;
    await db
      .update(productInstances)
      .set({ vendorConnectionId: connectionId })
      .where(eq(productInstances.id, fixture.otherProductId));

    const first = await app.vendorSync.runSync(connectionId, HOSTING_DATASET);
    expect(first).toMatchObject({ status: 'done', pages: 1 });
    const months = await db
      .select()
      .from(hostingUsage)
      .where(eq(hostingUsage.connectionId, connectionId));
    expect(months).toHaveLength(18);
    // A second run rewrites this month and the last only.
    await app.vendorSync.runSync(connectionId, HOSTING_DATASET);
    expect(
      await db.select().from(hostingUsage).where(eq(hostingUsage.connectionId, connectionId)),
    ).toHaveLength(18);

    const body = (await report(fixture.cookies.stranger)).json();
    expect(body.account).toMatchObject({ domain: 'otherdental.example.com' });
    expect(body.account.diskUsedMb).toBeLessThanOrEqual(body.account.diskQuotaMb);
    expect(body.account.ssl.issuer).toContain("Let's Encrypt");
    expect(new Date(body.account.ssl.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(body.account.domainRenewsOn > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(body.history).toHaveLength(18);
    expect(body.history.at(-1).diskUsedMb).toBe(body.account.diskUsedMb);
    expect(body.freshness.status).toBe('connected');
    expect(body.freshness.lastSyncedAt).not.toBeNull();
  });

  it('is the company’s own, and only for the hosting product', async () => {
    expect((await report(fixture.cookies.client)).statusCode).toBe(403);
    expect((await report(fixture.cookies.otherEmployee)).statusCode).toBe(200);
    expect((await report(fixture.cookies.employee, fixture.productId)).statusCode).toBe(404);
  });
});
