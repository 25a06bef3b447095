import type { ProductStatus } from '@pinpoint/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ctCalls,
  ctTrackingNumbers,
  productInstances,
  syncStates,
  vendorConnections,
} from '../../kernel/db/schema';
import { createRandom } from '../../kernel/demo/random';
import { createCtmDemo } from '../../providers/call-tracking/ctm-demo';
import { CALL_TRACKING_VENDOR } from '../../providers/kernel/vendor-ids';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';
import { loadDemoHints } from '../reviews/demo-account-hints';
import { seedCallTracking } from './call-tracking.seed';
import { callsWindow } from './call-tracking.sync';
import { createCallTrackingSyncRepository } from './call-tracking-sync.repository';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await createSeededTestDatabase(ANCHOR));
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const advisorProducts = () =>
  database.db
    .select()
    .from(productInstances)
    .where(eq(productInstances.productSlug, 'google-calls-advisor'));

describe('the demo call tracking', () => {
  it('connects every google-calls-advisor product and backfills its numbers and calls up to the seeding day', async () => {
    const db = database.db;
    const products = await advisorProducts();
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.vendorConnectionId !== null)).toBe(true);
    const [span] = await db
      .select({
        oldest: sql<string>`min(${ctCalls.calledAt})::text`,
        newest: sql<string>`max(${ctCalls.calledAt})::text`,
        calls: sql<number>`count(*)::int`,
        missed: sql<number>`(count(*) filter (where ${ctCalls.status} = 'missed'))::int`,
        recorded: sql<number>`(count(*) filter (where ${ctCalls.recordingUrl} like 'demo:%.mp3'))::int`,
      })
      .from(ctCalls);
    expect(span?.calls).toBeGreaterThan(products.length * 100);
    expect(new Date(span?.newest ?? 0).getTime()).toBeLessThan(ANCHOR.getTime());
    expect(new Date(span?.oldest ?? 0).getTime()).toBeGreaterThanOrEqual(
      ANCHOR.getTime() - 548 * 86_400_000,
    );
    const missedShare = (span?.missed ?? 0) / (span?.calls ?? 1);
    expect(missedShare).toBeGreaterThan(0.1);
    expect(missedShare).toBeLessThan(0.2);
    expect(span?.recorded).toBeGreaterThan(10);
    const numbers = await db.select().from(ctTrackingNumbers);
    expect(numbers.length).toBeGreaterThanOrEqual(products.length * 5);
    const states = await db
      .select()
      .from(syncStates)
      .innerJoin(vendorConnections, eq(vendorConnections.id, syncStates.connectionId))
      .where(eq(vendorConnections.vendor, CALL_TRACKING_VENDOR));
    expect(states.length).toBe(products.length * 2);
  });

  it('stores nothing more when the running server’s first sync reads the seeded days again', async () => {
    const db = database.db;
    const [connection] = await db
      .select()
      .from(vendorConnections)
      .where(
        and(
          eq(vendorConnections.vendor, CALL_TRACKING_VENDOR),
          eq(vendorConnections.status, 'connected'),
        ),
      )
      .limit(1);
    if (!connection) throw new Error('no connected call-tracking account');
    // Described as the seed and the server describe it, so the recordings agree.
    const hints = await loadDemoHints(db);
    const provider = createCtmDemo({ now: () => ANCHOR, describe: (a) => hints.get(a) });
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    const page = await provider.listCalls(access, {
      ...callsWindow(ANCHOR, 2),
      page: 1,
      perPage: 100,
    });
    expect(page.calls.length).toBeGreaterThan(0);
    const repo = createCallTrackingSyncRepository();
    const written = await db.transaction((tx) => repo.upsertCalls(tx, connection, page.calls));
    expect(written).toEqual({ written: 0, createdIds: [] });
  });

  it('seeds every google-calls-advisor product’s account again from nothing, and links it', async () => {
    const db = database.db;
    const products = await advisorProducts();
    // Again from nothing: the accounts' connections go, and their calls and numbers with them.
    // Its time budget is held in the load tier (seed/seed-budgets.load.test.ts).
    await db.delete(vendorConnections).where(eq(vendorConnections.vendor, CALL_TRACKING_VENDOR));
    const result = await db.transaction((tx) =>
      seedCallTracking(
        { tx, random: createRandom(1), anchor: ANCHOR },
        products.map((p) => ({
          id: p.id,
          companyId: p.companyId,
          slug: 'google-calls-advisor' as const,
          status: p.status as ProductStatus,
          start: new Date(`${p.startDate}T00:00:00Z`),
          end: null,
        })),
      ),
    );
    process.stdout.write(
      `\n[call-tracking seed] ${result.connections} accounts, ${result.calls} calls\n`,
    );
    expect(result.calls).toBeGreaterThan(0);
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
