import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/open-database';
import { gridConfigs, gridScans } from '../../db/schema';
import { WORKERS_ON, waitFor } from '../../jobs/job-test-helpers';
import { testConfig } from '../../test/test-app';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { insertConfig, insertGridFixtures } from './grid-configs.fixtures';

/**
 * Two server processes, each with its own pool and its own workers, on one PostgreSQL
 * database (as jobs/job-queue.postgres.test.ts runs them). PGlite is one in-process database
 * that only one process may open, so this runs only when DATABASE_URL is set.
 */
describe.skipIf(!process.env.DATABASE_URL)('grid schedule with two processes (PostgreSQL)', () => {
  let keeper: TestDatabase;
  const apps: FastifyInstance[] = [];

  async function serverOnSharedDatabase() {
    const database = await openDatabase(
      { kind: 'postgres', url: keeper.url as string },
      { poolSize: 3 },
    );
    const app = await buildApp({ config: testConfig({ jobs: WORKERS_ON }), database });
    apps.push(app);
    return app;
  }

  async function scansOf(configId: number) {
    const [row] = await keeper.db
      .select({ n: count() })
      .from(gridScans)
      .where(eq(gridScans.configId, configId));
    return row?.n ?? 0;
  }

  beforeAll(async () => {
    keeper = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await keeper?.close();
  });

  it('starts each due run exactly once, however the two processes tick', async () => {
    const one = await serverOnSharedDatabase();
    const two = await serverOnSharedDatabase();
    const f = await insertGridFixtures(keeper.db);
    const dueAt = new Date(Date.now() - 10_000);
    const once = await insertConfig(keeper.db, {
      companyId: f.companies.a,
      frequency: 'once',
      nextRunAt: dueAt,
    });
    const daily = await insertConfig(keeper.db, {
      companyId: f.companies.a,
      keyword: 'drain cleaning',
      frequency: 'daily',
      nextRunAt: dueAt,
    });

    // Both processes tick at the same moment, several times over.
    const ticks = await Promise.all(
      [one, two, one, two, one, two].map((app) => app.gridSchedule.tick()),
    );
    expect(ticks.reduce((sum, tick) => sum + tick.claimed, 0)).toBe(2);

    await waitFor(async () => (await scansOf(once.id)) === 1 && (await scansOf(daily.id)) === 1);
    const scans = await keeper.db.select().from(gridScans).where(eq(gridScans.origin, 'scheduled'));
    expect(scans.map((scan) => scan.configId).sort()).toEqual([once.id, daily.id].sort());

    const [onceAfter] = await keeper.db
      .select()
      .from(gridConfigs)
      .where(eq(gridConfigs.id, once.id));
    expect(onceAfter?.nextRunAt).toBeNull();
    const [dailyAfter] = await keeper.db
      .select()
      .from(gridConfigs)
      .where(eq(gridConfigs.id, daily.id));
    expect(dailyAfter?.nextRunAt?.getTime()).toBe(dueAt.getTime() + 86_400_000);

    // The next ticks find nothing due, and the same run sent again by the other process
    // (as after a lost acknowledgement) is refused by its singleton key or its own check.
    const again = await Promise.all([one.gridSchedule.tick(), two.gridSchedule.tick()]);
    expect(again).toEqual([
      { claimed: 0, sent: 0 },
      { claimed: 0, sent: 0 },
    ]);
    const claimedAt = dailyAfter?.lastRunAt?.toISOString() ?? '';
    await two.jobs.send(two.gridSchedule.jobs.run, {
      configId: daily.id,
      dueAt: dueAt.toISOString(),
      claimedAt,
    });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await scansOf(once.id)).toBe(1);
    expect(await scansOf(daily.id)).toBe(1);
  }, 60_000);
});
