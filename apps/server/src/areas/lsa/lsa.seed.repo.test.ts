import type { ProductStatus } from '@pinpoint/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lsaConversations,
  lsaDaily,
  lsaLeads,
  productInstances,
  syncStates,
  vendorConnections,
} from '../../kernel/db/schema';
import { createRandom } from '../../kernel/demo/random';
import { LSA_VENDOR } from '../../providers/kernel/vendor-ids';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';
import { seedLsa } from './lsa.seed';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await createSeededTestDatabase(ANCHOR));
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const lsaProducts = () =>
  database.db
    .select()
    .from(productInstances)
    .where(eq(productInstances.productSlug, 'local-services-ads'));

describe('the demo Local Services Ads', () => {
  it('connects every LSA product and backfills its leads, recordings and days up to the seeding day', async () => {
    const db = database.db;
    const products = await lsaProducts();
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.vendorConnectionId !== null)).toBe(true);
    const [span] = await db
      .select({
        oldest: sql<string>`min(${lsaLeads.leadCreatedAt})::text`,
        newest: sql<string>`max(${lsaLeads.leadCreatedAt})`,
        leads: sql<number>`count(*)::int`,
      })
      .from(lsaLeads);
    expect(span?.leads).toBeGreaterThan(products.length * 20);
    expect(new Date(span?.newest ?? 0).getTime()).toBeLessThan(ANCHOR.getTime());
    expect(new Date(span?.oldest ?? 0).getTime()).toBeGreaterThanOrEqual(
      ANCHOR.getTime() - 548 * 86_400_000,
    );
    const recorded = await db
      .select({ url: lsaConversations.recordingUrl })
      .from(lsaConversations)
      .where(isNotNull(lsaConversations.recordingUrl));
    expect(recorded.length).toBeGreaterThan(10);
    expect(recorded.every((r) => /^demo:[a-z]+\.mp3$/.test(r.url ?? ''))).toBe(true);
    const [days] = await db
      .select({ spend: sql<number>`sum(${lsaDaily.spendCents})::int` })
      .from(lsaDaily);
    expect(days?.spend).toBeGreaterThan(0);
    const states = await db
      .select()
      .from(syncStates)
      .innerJoin(vendorConnections, eq(vendorConnections.id, syncStates.connectionId))
      .where(eq(vendorConnections.vendor, LSA_VENDOR));
    expect(states.length).toBe(products.length * 2);
  });

  it('seeds every LSA product’s account again from nothing, and links it', async () => {
    const db = database.db;
    const products = await lsaProducts();
    // Again from nothing: the accounts' connections go, and their leads and days with them.
    // Its time budget is held in the load tier (seed/seed-budgets.load.test.ts).
    await db.delete(vendorConnections).where(eq(vendorConnections.vendor, LSA_VENDOR));
    const result = await db.transaction((tx) =>
      seedLsa(
        { tx, random: createRandom(1), anchor: ANCHOR },
        products.map((p) => ({
          id: p.id,
          companyId: p.companyId,
          slug: 'local-services-ads' as const,
          status: p.status as ProductStatus,
          start: new Date(`${p.startDate}T00:00:00Z`),
          end: null,
        })),
      ),
    );
    process.stdout.write(`\n[lsa seed] ${result.connections} accounts, ${result.leads} leads\n`);
    expect(result.leads).toBeGreaterThan(0);
    const linked = await db
      .select()
      .from(productInstances)
      .where(
        and(
          inArray(
            productInstances.id,
            products.map((p) => p.id),
          ),
          isNotNull(productInstances.vendorConnectionId),
        ),
      );
    expect(linked).toHaveLength(products.length);
  });
});
