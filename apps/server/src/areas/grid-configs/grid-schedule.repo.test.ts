import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridConfigs, gridScans } from '../../kernel/db/schema';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import { syncProductCatalog } from '../../platform/catalog/product-catalog';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import {
  createTestJobQueue,
  createTestRankGrid,
  queueDrained,
  silentLog,
  waitFor,
} from '../../test/test-services';
import { type GridFixtures, insertConfig, insertGridFixtures } from './grid-configs.fixtures';
import { createGridSchedule, type GridSchedule } from './grid-schedule';

// The claim logic in one process (PGlite by default; PostgreSQL when DATABASE_URL is set),
// the scheduler built as the app builds it (grid-schedule.ts) on the rank grid engine, with
// workers on. Two processes on one PostgreSQL database: grid-schedule.postgres.repo.test.ts.
// That the app stores the tick's cron schedule only outside tests: grid-schedule.api.test.ts.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let database: TestDatabase;
let jobs: JobQueue;
let schedule: GridSchedule;
let f: GridFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  // The product catalog, as the app syncs it at boot (the fixtures' products need it).
  await syncProductCatalog(database.db);
  jobs = await createTestJobQueue(database, (queue) => {
    schedule = createGridSchedule({
      db: database.db,
      jobs: queue,
      rankGrid: createTestRankGrid(database.db, queue),
      log: silentLog(),
    });
  });
  f = await insertGridFixtures(database.db);
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

async function scansOf(configId: number) {
  const [row] = await database.db
    .select({ n: count() })
    .from(gridScans)
    .where(eq(gridScans.configId, configId));
  return row?.n ?? 0;
}

async function configRow(id: number) {
  const [row] = await database.db.select().from(gridConfigs).where(eq(gridConfigs.id, id));
  if (!row) throw new Error(`config ${id} is gone`);
  return row;
}

describe('grid schedule (one process)', () => {
  it('starts one scan per due config, even with ticks racing, and not again on the next tick', async () => {
    const dueAt = new Date(Date.now() - 5_000);
    const once = await insertConfig(database.db, {
      companyId: f.companies.a,
      itemId: f.itemA,
      frequency: 'once',
      nextRunAt: dueAt,
    });
    const daily = await insertConfig(database.db, {
      companyId: f.companies.a,
      keyword: 'drain cleaning',
      frequency: 'daily',
      nextRunAt: dueAt,
    });
    const paused = await insertConfig(database.db, {
      companyId: f.companies.a,
      active: false,
      nextRunAt: dueAt,
    });
    const later = await insertConfig(database.db, {
      companyId: f.companies.a,
      nextRunAt: new Date(Date.now() + HOUR),
    });

    const ticks = await Promise.all([1, 2, 3].map(() => schedule.tick()));
    expect(ticks.reduce((sum, tick) => sum + tick.claimed, 0)).toBe(2);
    expect(ticks.reduce((sum, tick) => sum + tick.sent, 0)).toBe(2);

    await waitFor(async () => (await scansOf(once.id)) === 1 && (await scansOf(daily.id)) === 1);
    const [scan] = await database.db
      .select()
      .from(gridScans)
      .where(eq(gridScans.configId, once.id));
    expect(scan).toMatchObject({
      origin: 'scheduled',
      itemId: f.itemA,
      requestedBy: null,
      keyword: 'plumber',
      size: 3,
    });

    // A one-time config has no next run; a daily one is due again one day after its due time.
    const onceAfter = await configRow(once.id);
    expect(onceAfter.nextRunAt).toBeNull();
    expect(onceAfter.lastRunAt).not.toBeNull();
    expect((await configRow(daily.id)).nextRunAt?.getTime()).toBe(dueAt.getTime() + DAY);
    expect((await configRow(paused.id)).lastRunAt).toBeNull();
    expect((await configRow(later.id)).lastRunAt).toBeNull();

    expect(await schedule.tick()).toEqual({ claimed: 0, sent: 0 });
    // Every run job sent, and every point of the scans they started, has been worked off.
    await queueDrained(jobs, 20_000);
    expect(await scansOf(once.id)).toBe(1);
    expect(await scansOf(daily.id)).toBe(1);
    expect(await scansOf(paused.id)).toBe(0);
    expect(await scansOf(later.id)).toBe(0);
  }, 30_000);

  it('after downtime runs once and schedules the next run in the future (no backlog)', async () => {
    // Down for three days and two hours: three runs were missed.
    const dueAt = new Date(Date.now() - 3 * DAY - 2 * HOUR);
    const config = await insertConfig(database.db, {
      companyId: f.companies.a,
      keyword: 'water heater repair',
      frequency: 'daily',
      nextRunAt: dueAt,
    });
    expect((await schedule.tick()).claimed).toBe(1);
    await waitFor(async () => (await scansOf(config.id)) === 1);
    const next = (await configRow(config.id)).nextRunAt as Date;
    // The same time of day as before, 22 hours from now.
    expect(next.getTime()).toBe(dueAt.getTime() + 4 * DAY);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect((await schedule.tick()).claimed).toBe(0);
    await queueDrained(jobs, 20_000);
    expect(await scansOf(config.id)).toBe(1);
  }, 30_000);

  it('a repeated or retried run job starts no second scan; a paused config none', async () => {
    const { run } = schedule.jobs;
    const ctx = { jobId: 'x', attempt: 1, log: silentLog(), signal: new AbortController().signal };
    const config = await insertConfig(database.db, {
      companyId: f.companies.a,
      keyword: 'sewer repair',
      nextRunAt: new Date(Date.now() + DAY),
    });
    const claimedAt = new Date(Date.now() - 1_000).toISOString();
    const payload = { configId: config.id, dueAt: claimedAt, claimedAt };
    expect(await run.handler(payload, ctx)).toMatchObject({ scanId: expect.any(Number) });
    expect(await run.handler(payload, ctx)).toEqual({ skipped: 'already started' });
    expect(await scansOf(config.id)).toBe(1);

    await database.db
      .update(gridConfigs)
      .set({ active: false })
      .where(eq(gridConfigs.id, config.id));
    const later = new Date().toISOString();
    expect(await run.handler({ ...payload, claimedAt: later }, ctx)).toEqual({
      skipped: 'paused',
    });
    expect(await run.handler({ ...payload, configId: 2_000_000 }, ctx)).toEqual({
      skipped: 'removed',
    });
    expect(await scansOf(config.id)).toBe(1);
  });
});
