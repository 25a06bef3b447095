import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridConfigs, gridScans } from '../../db/schema';
import { WORKERS_ON, waitFor } from '../../jobs/job-test-helpers';
import { createTestApp } from '../../test/test-app';
import { type GridFixtures, insertConfig, insertGridFixtures } from './grid-configs.fixtures';

// The claim logic in one process (PGlite by default; PostgreSQL when DATABASE_URL is set).
// Two processes on one PostgreSQL database: grid-schedule.postgres.test.ts.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let app: FastifyInstance;
let f: GridFixtures;

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { jobs: WORKERS_ON } }));
  f = await insertGridFixtures(app.database.db);
});
afterAll(() => app?.close());

async function scansOf(configId: number) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(gridScans)
    .where(eq(gridScans.configId, configId));
  return row?.n ?? 0;
}

async function configRow(id: number) {
  const [row] = await app.database.db.select().from(gridConfigs).where(eq(gridConfigs.id, id));
  if (!row) throw new Error(`config ${id} is gone`);
  return row;
}

describe('grid schedule (one process)', () => {
  it('starts one scan per due config, even with ticks racing, and not again on the next tick', async () => {
    const dueAt = new Date(Date.now() - 5_000);
    const once = await insertConfig(app.database.db, {
      companyId: f.companies.a,
      itemId: f.itemA,
      frequency: 'once',
      nextRunAt: dueAt,
    });
    const daily = await insertConfig(app.database.db, {
      companyId: f.companies.a,
      keyword: 'drain cleaning',
      frequency: 'daily',
      nextRunAt: dueAt,
    });
    const paused = await insertConfig(app.database.db, {
      companyId: f.companies.a,
      active: false,
      nextRunAt: dueAt,
    });
    const later = await insertConfig(app.database.db, {
      companyId: f.companies.a,
      nextRunAt: new Date(Date.now() + HOUR),
    });

    const ticks = await Promise.all([1, 2, 3].map(() => app.gridSchedule.tick()));
    expect(ticks.reduce((sum, tick) => sum + tick.claimed, 0)).toBe(2);
    expect(ticks.reduce((sum, tick) => sum + tick.sent, 0)).toBe(2);

    await waitFor(async () => (await scansOf(once.id)) === 1 && (await scansOf(daily.id)) === 1);
    const [scan] = await app.database.db
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

    expect(await app.gridSchedule.tick()).toEqual({ claimed: 0, sent: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await scansOf(once.id)).toBe(1);
    expect(await scansOf(daily.id)).toBe(1);
    expect(await scansOf(paused.id)).toBe(0);
    expect(await scansOf(later.id)).toBe(0);
  }, 30_000);

  it('after downtime runs once and schedules the next run in the future (no backlog)', async () => {
    // Down for three days and two hours: three runs were missed.
    const dueAt = new Date(Date.now() - 3 * DAY - 2 * HOUR);
    const config = await insertConfig(app.database.db, {
      companyId: f.companies.a,
      keyword: 'water heater repair',
      frequency: 'daily',
      nextRunAt: dueAt,
    });
    expect((await app.gridSchedule.tick()).claimed).toBe(1);
    await waitFor(async () => (await scansOf(config.id)) === 1);
    const next = (await configRow(config.id)).nextRunAt as Date;
    // The same time of day as before, 22 hours from now.
    expect(next.getTime()).toBe(dueAt.getTime() + 4 * DAY);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect((await app.gridSchedule.tick()).claimed).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await scansOf(config.id)).toBe(1);
  }, 30_000);

  it('a repeated or retried run job starts no second scan; a paused config none', async () => {
    const { run } = app.gridSchedule.jobs;
    const ctx = { jobId: 'x', attempt: 1, log: app.log, signal: new AbortController().signal };
    const config = await insertConfig(app.database.db, {
      companyId: f.companies.a,
      keyword: 'sewer repair',
      nextRunAt: new Date(Date.now() + DAY),
    });
    const claimedAt = new Date(Date.now() - 1_000).toISOString();
    const payload = { configId: config.id, dueAt: claimedAt, claimedAt };
    expect(await run.handler(payload, ctx)).toMatchObject({ scanId: expect.any(Number) });
    expect(await run.handler(payload, ctx)).toEqual({ skipped: 'already started' });
    expect(await scansOf(config.id)).toBe(1);

    await app.database.db
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

describe('grid schedule cron', () => {
  it('stores the every-minute tick where workers run outside tests', async () => {
    const { app: worker } = await createTestApp({
      config: { jobs: WORKERS_ON, env: 'development' },
    });
    try {
      const { rows } = await worker.database.executeSql(
        'select name, cron from pgboss.schedule where name = $1',
        ['grid-configs.tick'],
      );
      expect(rows).toEqual([{ name: 'grid-configs.tick', cron: '* * * * *' }]);
    } finally {
      await worker.close();
    }
    const { rows } = await app.database.executeSql(
      'select name from pgboss.schedule where name = $1',
      ['grid-configs.tick'],
    );
    expect(rows).toEqual([]);
  });
});
