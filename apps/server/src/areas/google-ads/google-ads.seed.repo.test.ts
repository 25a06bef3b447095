import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gadsLeads, productInstances, vendorConnections } from '../../kernel/db/schema';
import { createRandom } from '../../kernel/demo/random';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';
import { seedGoogleAds } from './google-ads.seed';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await createSeededTestDatabase(ANCHOR));
}, 180_000);
afterAll(async () => {
  await database?.close();
});

describe('the demo Google Ads accounts', () => {
  it('connects every Google Ads and Ads Xpress product to its own customer with figures over its life (18 months at most)', async () => {
    const db = database.db;
    const products = await db
      .select()
      .from(productInstances)
      .where(inArray(productInstances.productSlug, ['google-ads', 'ads-xpress']));
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) expect(p.vendorConnectionId).not.toBeNull();
    const spans = await db.execute(sql`
      select c.id, c.status, min(m.month)::text as first, max(m.month)::text as last,
        min(p.start_date)::text as start, min(p.status) as product_status
      from vendor_connections c join gads_metric_months m on m.connection_id = c.id
      join product_instances p on p.vendor_connection_id = c.id
      where c.vendor = 'google-ads' and m.kind = 'campaign' group by c.id`);
    const rows = (
      spans as unknown as {
        rows: {
          first: string;
          last: string;
          start: string;
          status: string;
          product_status: string;
        }[];
      }
    ).rows;
    expect(rows.length).toBe(products.length);
    // From the product's start month (18 months back at most) to this month; a cancelled
    // product's account stops with it and is disconnected.
    const month = (day: string) => `${day.slice(0, 7)}-01`;
    for (const r of rows) {
      expect(r.first).toBe(month(r.start > '2025-05-21' ? r.start : '2025-05-21'));
      const cancelled = r.product_status === 'cancelled';
      expect(r.status).toBe(cancelled ? 'disconnected' : 'connected');
      if (cancelled) expect(r.last <= '2026-11-01').toBe(true);
      else expect(r.last).toBe('2026-11-01');
    }
    expect(rows.some((r) => r.first <= '2025-05-31')).toBe(true);
    const [leads] = await db.select({ n: sql<number>`count(*)::int` }).from(gadsLeads);
    expect(Number(leads?.n)).toBeGreaterThan(products.length * 100);
  });

  it('seeds an account for every Google Ads and Ads Xpress product again from nothing', async () => {
    const db = database.db;
    // Seed them again on their own (their time budget is held in the load tier:
    // seed/seed-budgets.load.test.ts).
    await db.delete(vendorConnections).where(eq(vendorConnections.vendor, 'google-ads'));
    const rows = await db
      .select()
      .from(productInstances)
      .where(inArray(productInstances.productSlug, ['google-ads', 'ads-xpress']));
    const products: SeededProduct[] = rows.map((r) => ({
      id: r.id,
      companyId: r.companyId,
      slug: r.productSlug as SeededProduct['slug'],
      status: 'active',
      start: new Date(r.startDate),
      end: null,
    }));
    const result = await db.transaction((tx) =>
      seedGoogleAds({ tx, random: createRandom(1), anchor: ANCHOR }, products),
    );
    process.stdout.write(
      `\n[google ads seed] ${result.connections} accounts, ${result.figures} day figures\n`,
    );
    expect(result.connections).toBe(products.length);
  });
});
