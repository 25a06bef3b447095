import { adSpecInputSchema } from '@pinpoint/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adSpecs,
  fbadsInsights,
  productInstances,
  syncStates,
  vendorConnections,
} from '../../db/schema';
import { seedDemoAgency } from '../../seed/demo-agency';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { syncProductCatalog } from '../catalog/product-catalog';
import { createFbadsRepository } from './fbads.repository';
import { createFbadsService } from './fbads.service';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await syncProductCatalog(database.db);
  await seedDemoAgency(database.db, { anchor: ANCHOR });
}, 180_000);
afterAll(async () => {
  await database?.close();
});

describe('the demo Facebook Ads and ad specs', () => {
  it('connects every Facebook Ads product and backfills 18 months through the sync upsert', async () => {
    const db = database.db;
    const products = await db
      .select({ connectionId: productInstances.vendorConnectionId })
      .from(productInstances)
      .where(eq(productInstances.productSlug, 'facebook-ads'));
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.connectionId !== null)).toBe(true);
    const [range] = await db
      .select({
        oldest: sql<string>`min(${fbadsInsights.day})::text`,
        newest: sql<string>`max(${fbadsInsights.day})::text`,
      })
      .from(fbadsInsights);
    expect(range?.newest).toBe('2026-11-21');
    expect(range?.oldest).toBe('2025-05-23');
    const states = await db
      .select()
      .from(syncStates)
      .innerJoin(vendorConnections, eq(vendorConnections.id, syncStates.connectionId))
      .where(and(eq(vendorConnections.vendor, 'facebook-ads'), eq(syncStates.dataset, 'insights')));
    expect(states.length).toBe(new Set(products.map((p) => p.connectionId)).size);
  });

  it('seeds ad specs that pass the same checks as a staff edit', async () => {
    const rows = await database.db.select().from(adSpecs);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const checked = adSpecInputSchema.safeParse({ ...row, updatedAt: null });
      expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    }
  });

  it('estimates from the synced campaigns with the sample shown', async () => {
    const repo = createFbadsRepository(database.db);
    const service = createFbadsService({ db: database.db, repo });
    const industries = (await service.industries()).items;
    const industry = industries.find((i) => i.campaigns > 0);
    expect(industry).toBeDefined();
    const result = await service.estimate({
      industry: industry?.slug ?? '',
      goal: 'leads',
      monthlyBudgetCents: 150_000,
    });
    expect(result.basis).not.toBe('none');
    expect(result.sample.campaigns).toBeGreaterThanOrEqual(3);
    expect(result.sample.to).toBe('2026-11-21');
    const { leads, impressions } = result;
    expect(leads && leads.low <= leads.mid && leads.mid <= leads.high).toBe(true);
    expect(impressions?.mid).toBeGreaterThan(0);
    // Twice the budget: twice the estimate (the model is linear in the budget).
    const double = await service.estimate({
      industry: industry?.slug ?? '',
      goal: 'leads',
      monthlyBudgetCents: 300_000,
    });
    expect(
      Math.abs((double.impressions?.mid ?? 0) - 2 * (impressions?.mid ?? 0)),
    ).toBeLessThanOrEqual(1);
  });
});
