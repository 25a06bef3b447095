import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../kernel/db/open-database';
import { gridConfigs, gridScans } from '../../kernel/db/schema';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import { syncProductCatalog } from '../../platform/catalog/product-catalog';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import {
  createTestJobQueue,
  createTestRankGrid,
  jobInState,
  queueDrained,
  silentLog,
  waitFor,
} from '../../test/test-services';
import { insertConfig, insertGridFixtures } from './grid-configs.fixtures';
import { createGridSchedule, type GridSchedule } from './grid-schedule';

/**
 * Two server processes, each with its own pool, its own workers and its own scheduler (as
 * each app builds them, grid-schedule.ts), on one PostgreSQL database (as
 * jobs/job-queue.postgres.repo.test.ts runs them). PGlite is one in-process database that
 * only one process may open, so this runs only when DATABASE_URL is set.
 */
describe.skipIf(!process.env.DATABASE_URL)('grid schedule with two processes (PostgreSQL)', () => {
  let keeper: TestDatabase;
  const closers: (() => Promise<void>)[] = [];

  async function serverOnSharedDatabase(): Promise<{ jobs: JobQueue; gridSchedule: GridSchedule }> {
    const database = await openDatabase(
      { kind: 'postgres', url: keeper.url as string },
      { poolSize: 3 },
    );
    let gridSchedule: GridSchedule | undefined;
    const jobs = await createTestJobQueue(database, (queue) => {
      gridSchedule = createGridSchedule({
        db: database.db,
        jobs: queue,
        rankGrid: createTestRankGrid(database.db, queue),
        log: silentLog(),
      });
    });
    closers.push(async () => {
      await jobs.stop();
      await database.close();
    });
    if (!gridSchedule) throw new Error('no grid schedule');
    return { jobs, gridSchedule };
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
    // The product catalog, as each app syncs it at boot (the fixtures' products need it).
    await syncProductCatalog(keeper.db);
  });
  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
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
      [one, two, one, two, one, two].map((server) => server.gridSchedule.tick()),
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
    const resent = await two.jobs.send(two.gridSchedule.jobs.run, {
      configId: daily.id,
      dueAt: dueAt.toISOString(),
      claimedAt,
    });
    // Refused at send (null), or run to its end; then whatever it could have started is done.
    if (resent) await jobInState(two.jobs, two.gridSchedule.jobs.run, resent, ['completed']);
    await queueDrained(two.jobs, 20_000);
    expect(await scansOf(once.id)).toBe(1);
    expect(await scansOf(daily.id)).toBe(1);
  }, 60_000);
});
