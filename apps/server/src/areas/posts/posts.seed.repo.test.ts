import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  notifications,
  outbox,
  posts,
  syncStates,
  vendorConnections,
} from '../../kernel/db/schema';

import { createRandom } from '../../kernel/demo/random';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';
import { seedPosts } from './posts.seed';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await createSeededTestDatabase(ANCHOR));
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe('the demo posts', () => {
  it('gives each location about two posts a week and each page about three, over 18 months', async () => {
    const rows = await database.db
      .select({
        vendor: vendorConnections.vendor,
        n: sql<number>`count(${posts.id})::int`,
        oldest: sql<string>`min(${posts.publishedAt})::text`,
        newest: sql<string>`max(${posts.publishedAt})::text`,
      })
      .from(vendorConnections)
      .leftJoin(
        posts,
        and(eq(posts.connectionId, vendorConnections.id), eq(posts.state, 'published')),
      )
      // Only the accounts that have posts: the ads accounts are connections too.
      .where(inArray(vendorConnections.vendor, ['google-business-profile', 'facebook-page']))
      .groupBy(vendorConnections.id, vendorConnections.vendor);
    const google = rows.filter((r) => r.vendor === 'google-business-profile');
    const facebook = rows.filter((r) => r.vendor === 'facebook-page');
    expect(google.length).toBeGreaterThan(0);
    for (const row of google) expect(Number(row.n)).toBeGreaterThan(130);
    for (const row of google) expect(Number(row.n)).toBeLessThan(180);
    for (const row of facebook) expect(Number(row.n)).toBeGreaterThan(200);
    const newest = Math.max(...rows.map((r) => Date.parse(r.newest)));
    expect(newest).toBeLessThanOrEqual(ANCHOR.getTime());
    // Synced as the job would: each connection's cursor at its newest post.
    const cursors = await database.db
      .select()
      .from(syncStates)
      .where(eq(syncStates.dataset, 'posts'));
    expect(cursors).toHaveLength(rows.length);
  });

  it('has the agency’s own posts: a draft, a scheduled one, a failed one, one awaiting Bayside', async () => {
    const own = await database.db
      .select({ state: posts.state, companyId: posts.companyId, reason: posts.failureReason })
      .from(posts)
      .where(sql`${posts.externalId} like 'pinpoint:%'`);
    expect(own.map((p) => p.state).sort()).toEqual([
      'awaiting_approval',
      'draft',
      'failed',
      'scheduled',
    ]);
    expect(own.find((p) => p.state === 'failed')?.reason).toMatch(/HTTP 400/);
    const [bayside] = await database.db
      .select()
      .from(clientCompanies)
      .where(eq(clientCompanies.approvalRequired, true));
    expect(own.find((p) => p.state === 'awaiting_approval')?.companyId).toBe(bayside?.id);
    const pending = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'post'), eq(notifications.state, 'pending')));
    expect(pending).toHaveLength(1);
    const [write] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, pending[0]?.outboxId ?? 0));
    expect(write?.status).toBe('awaiting_approval');
  });

  it('writes every post again from the accounts alone once its own rows are cleared', async () => {
    // Seeded again into a rolled-back transaction, after its own rows are cleared. Its time
    // budget is held in the load tier (seed/seed-budgets.load.test.ts).
    const [before] = await database.db.select({ n: sql<number>`count(*)::int` }).from(posts);
    let written = -1;
    await database.db
      .transaction(async (tx) => {
        await tx.delete(posts);
        await tx.delete(outbox).where(eq(outbox.subjectType, 'post'));
        await tx.delete(notifications).where(eq(notifications.kind, 'post'));
        await tx.delete(syncStates).where(inArray(syncStates.dataset, ['posts', 'post-insights']));
        const report = await seedPosts({ tx, random: createRandom(1), anchor: ANCHOR }, []);
        written = report.posts;
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    expect(written).toBe(before?.n);
  }, 30_000);
});
