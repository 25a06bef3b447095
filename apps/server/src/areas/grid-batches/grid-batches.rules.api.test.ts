import { batchForecastSchema, batchStartResponseSchema } from '@pinpoint/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridBatches, gridConfigs, gridScans } from '../../kernel/db/schema';
import { createTestApp, TEST_ORIGIN, testConfig } from '../../test/test-app';
import {
  cookieOf,
  insertCompany,
  insertConfig,
  insertUsers,
  type Role,
} from './grid-batches.fixtures';
import { createGridBatchesRepository } from './grid-batches.repository';
import { createGridBatchesService, STALE_CLAIM_MS } from './grid-batches.service';

/**
 * Forecasts, refusals and the claim rules of batches, without workers: scans are started (and
 * their points queued) but never run, so the tests finish scans by hand where they need to.
 */
let app: FastifyInstance;
let ids: Record<Role, number>;
const company = { a: 0, b: 0, paused: 0, empty: 0 };

beforeAll(async () => {
  ({ app } = await createTestApp());
  const a = await insertCompany(app, 'Rules Alpha Plumbing', 0);
  const b = await insertCompany(app, 'Rules Beta Plumbing', 4);
  const paused = await insertCompany(app, 'Rules Paused Plumbing', -4, 'paused');
  const empty = await insertCompany(app, 'Rules Empty Plumbing', 8);
  Object.assign(company, { a: a.id, b: b.id, paused: paused.id, empty: empty.id });
  await insertConfig(app, a, 'plumber', { disabledPoints: [0, 8] });
  await insertConfig(app, a, 'drain cleaning', { size: 5 });
  await insertConfig(app, b, 'plumber');
  await insertConfig(app, b, 'water heater repair', { active: false });
  await insertConfig(app, paused, 'plumber');
  ids = await insertUsers(app, 'rules', a.id);
});
afterAll(() => app?.close());

async function call(role: Role | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: {
      ...(role && { cookie: await cookieOf(app, ids[role]) }),
      ...(method === 'POST' && { origin: TEST_ORIGIN }),
    },
    ...(payload && { payload }),
  });
}

async function stored() {
  const db = app.database.db;
  const [batches] = await db.select({ n: count() }).from(gridBatches);
  const [scans] = await db.select({ n: count() }).from(gridScans);
  return { batches: batches?.n, scans: scans?.n };
}

function service() {
  return createGridBatchesService({
    repo: createGridBatchesRepository(app.database.db),
    provider: app.areas['rank-grid'].rankGrid.provider,
    scans: app.areas['rank-grid'].rankGrid.service,
    events: { publish: () => {} },
  });
}

/** Marks a batch's unfinished scans finished, as their last point job would. */
async function finishRunningScans(batchId: number) {
  await app.database.db
    .update(gridScans)
    .set({ status: 'done', finishedAt: new Date() })
    .where(eq(gridScans.batchId, batchId));
}

describe('batch forecast', () => {
  it("counts each config's enabled points and prices them with the provider, storing nothing", async () => {
    const before = await stored();
    const res = await call('admin', 'GET', '/api/liverank/batch/forecast?concurrency=3');
    expect(res.statusCode, res.body).toBe(200);
    const forecast = batchForecastSchema.parse(res.json());
    // Alpha: 3×3 less two switched-off points, and a 5×5; Beta: one active 3×3. Paused and
    // inactive configs are left out.
    expect(forecast.configs.map((c) => c.points)).toEqual([7, 25, 9]);
    expect(forecast).toMatchObject({ scans: 3, points: 41, concurrency: 3 });
    expect(forecast.estimatedCents).toBe(app.areas['rank-grid'].rankGrid.provider.estimateCost(41));
    expect(forecast.companies).toEqual([
      expect.objectContaining({ companyId: company.a, scans: 2, points: 32 }),
      expect.objectContaining({ companyId: company.b, scans: 1, points: 9 }),
    ]);
    expect(forecast.problems).toEqual([]);
    // No scan has finished in this database: the duration is not guessed.
    expect(forecast.estimatedDuration.seconds).toBeNull();

    const only = await call('admin', 'POST', '/api/liverank/batch', {
      companyIds: [company.a, company.paused, 999_999],
      forecastOnly: true,
    });
    expect(only.statusCode, only.body).toBe(200);
    const body = batchStartResponseSchema.parse(only.json());
    expect(body.batch).toBeNull();
    expect(body.forecast).toMatchObject({ scans: 2, points: 32, concurrency: 4 });
    expect(body.forecast.ignoredCompanyIds).toEqual([company.paused, 999_999]);
    expect(await stored()).toEqual(before);
  });
});

describe('batch refusals', () => {
  it('refuses an empty batch and a bad concurrency with field details, storing nothing', async () => {
    const before = await stored();
    const empty = await call('admin', 'POST', '/api/liverank/batch', {
      companyIds: [company.empty, company.paused],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Nothing to run/);
    for (const concurrency of [0, 21, 2.5, 'four']) {
      const bad = await call('admin', 'POST', '/api/liverank/batch', { concurrency });
      expect(bad.statusCode, String(concurrency)).toBe(400);
      expect(bad.json().error.details[0].path).toBe('body.concurrency');
    }
    const noIds = await call('admin', 'POST', '/api/liverank/batch', { companyIds: [] });
    expect(noIds.statusCode).toBe(400);
    expect(
      (await call('admin', 'GET', '/api/liverank/batch/forecast?companyIds=1,x')).statusCode,
    ).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('lets only admins forecast, start, read and list batches', async () => {
    for (const role of ['client', 'employee', 'lead', null] as const) {
      const expected = role === null ? 401 : 403;
      expect((await call(role, 'POST', '/api/liverank/batch', {})).statusCode).toBe(expected);
      expect((await call(role, 'GET', '/api/liverank/batch/forecast')).statusCode).toBe(expected);
      expect((await call(role, 'GET', '/api/liverank/batch/1')).statusCode).toBe(expected);
      expect((await call(role, 'GET', '/api/liverank/batches')).statusCode).toBe(expected);
    }
    expect((await call('admin', 'GET', '/api/liverank/batch/999999')).statusCode).toBe(404);
  });

  it('refuses a second batch while one is running, before storing anything', async () => {
    const [running] = await app.database.db
      .insert(gridBatches)
      .values({ concurrency: 1, scansTotal: 3, pointsTotal: 27, estimatedCents: 0, configIds: [] })
      .returning();
    const before = await stored();
    const res = await call('admin', 'POST', '/api/liverank/batch', { concurrency: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(`Batch ${running?.id} is still running`);
    expect(await stored()).toEqual(before);
    await app.database.db
      .update(gridBatches)
      .set({ status: 'done', finishedAt: new Date() })
      .where(eq(gridBatches.id, running?.id ?? 0));
  });

  it("refuses a batch one of whose scans is over the provider's cost ceiling", async () => {
    const priced = await createTestApp({
      config: {
        search: {
          ...testConfig().search,
          provider: 'dataforseo',
          dataforseo: { login: 'l', password: 'p', baseUrl: 'http://127.0.0.1:9' },
          costPerRequestMillicents: 200,
          scanCostCeilingCents: 50,
        },
      },
    });
    try {
      const big = await insertCompany(priced.app, 'Pricey Plumbing', 0);
      await insertConfig(priced.app, big, 'plumber', { size: 21 });
      await insertConfig(priced.app, big, 'drain cleaning', { size: 5 });
      const users = await insertUsers(priced.app, 'priced', big.id);
      const cookie = await cookieOf(priced.app, users.admin);
      const forecast = await priced.app.inject({
        method: 'GET',
        url: '/api/liverank/batch/forecast',
        headers: { cookie },
      });
      // 441 + 25 searches at 0.2 ¢, rounded up once for the batch.
      expect(forecast.json()).toMatchObject({
        points: 466,
        estimatedCents: 94,
        scanCeilingCents: 50,
      });
      expect(forecast.json().problems).toHaveLength(1);
      expect(forecast.json().configs[0]).toMatchObject({ points: 441, estimatedCents: 89 });
      const start = await priced.app.inject({
        method: 'POST',
        url: '/api/liverank/batch',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: {},
      });
      expect(start.statusCode).toBe(400);
      expect(start.json().error.message).toMatch(/cannot run.*above the \$0\.50 limit/);
      const [batches] = await priced.app.database.db.select({ n: count() }).from(gridBatches);
      expect(batches?.n).toBe(0);
    } finally {
      await priced.app.close();
    }
  });
});

describe('advancing a batch', () => {
  it('never starts more than the concurrency, nor a config twice, however many advance at once', async () => {
    const res = await call('admin', 'POST', '/api/liverank/batch', { concurrency: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const batch = batchStartResponseSchema.parse(res.json()).batch;
    if (!batch) throw new Error('no batch');
    expect(batch).toMatchObject({ status: 'running', scansTotal: 3, scansRunning: 2 });
    const batches = service();
    const scansOf = () =>
      app.database.db.select().from(gridScans).where(eq(gridScans.batchId, batch.id));

    await Promise.all(Array.from({ length: 8 }, () => batches.advance(batch.id)));
    expect(await scansOf()).toHaveLength(2);
    await finishRunningScans(batch.id);
    await Promise.all(Array.from({ length: 8 }, () => batches.advance(batch.id)));
    const all = await scansOf();
    expect(all.map((scan) => scan.configId).sort()).toEqual([...batch.configIds].sort());
    expect(all.every((scan) => scan.origin === 'batch' && scan.requestedBy === ids.admin)).toBe(
      true,
    );
    await finishRunningScans(batch.id);
    await batches.advance(batch.id);
    const [row] = await app.database.db
      .select()
      .from(gridBatches)
      .where(eq(gridBatches.id, batch.id));
    expect(row).toMatchObject({ status: 'done', scansDone: 3 });
  });

  it('skips a config deleted meanwhile, and fails a batch where nothing could run', async () => {
    const [first, second] = await app.database.db
      .select()
      .from(gridConfigs)
      .where(eq(gridConfigs.companyId, company.a));
    const [batch] = await app.database.db
      .insert(gridBatches)
      .values({
        concurrency: 1,
        scansTotal: 2,
        pointsTotal: 32,
        estimatedCents: 0,
        configIds: [first?.id ?? 0, 987_654],
      })
      .returning();
    if (!batch || !second) throw new Error('fixtures');
    const batches = service();
    await batches.advance(batch.id);
    await finishRunningScans(batch.id);
    await batches.advance(batch.id);
    const done = await batches.find(batch.id);
    expect(done.status).toBe('done');
    expect(done.summary?.scans).toEqual({ total: 2, done: 1, failed: 0, skipped: 1 });
    expect(done.summary?.skipped).toEqual([
      {
        configId: 987_654,
        companyId: null,
        keyword: null,
        reason: expect.stringMatching(/deleted/),
      },
    ]);

    const [nothing] = await app.database.db
      .insert(gridBatches)
      .values({
        concurrency: 2,
        scansTotal: 1,
        pointsTotal: 9,
        estimatedCents: 0,
        configIds: [987_655],
      })
      .returning();
    await batches.advance(nothing?.id ?? 0);
    expect((await batches.find(nothing?.id ?? 0)).status).toBe('failed');
  });

  it('takes over a claim left by a stopped process, without starting its config twice', async () => {
    const configs = await app.database.db
      .select()
      .from(gridConfigs)
      .where(eq(gridConfigs.companyId, company.a));
    const [one, two] = configs.map((c) => c.id) as [number, number];
    const longAgo = new Date(Date.now() - STALE_CLAIM_MS - 1000).toISOString();
    const pending = [
      { index: 0, configId: one, claimedAt: longAgo },
      { index: 1, configId: two, claimedAt: longAgo },
    ];
    const [batch] = await app.database.db
      .insert(gridBatches)
      .values({
        concurrency: 2,
        scansTotal: 2,
        pointsTotal: 32,
        estimatedCents: 0,
        configIds: [one, two],
        summary: { ledger: { nextIndex: 2, pending, started: [], skipped: [] } },
      })
      .returning();
    if (!batch) throw new Error('fixtures');
    // The stopped process had stored the first config's scan before it went away.
    const [earlier] = await app.database.db
      .insert(gridScans)
      .values({
        companyId: company.a,
        keyword: 'plumber',
        size: 3,
        radius: 1,
        unit: 'km',
        centerLat: 0,
        centerLng: 0,
        pointsTotal: 7,
        configId: one,
        batchId: batch.id,
        origin: 'batch',
      })
      .returning();
    await service().advance(batch.id);
    const scans = await app.database.db
      .select()
      .from(gridScans)
      .where(eq(gridScans.batchId, batch.id));
    expect(scans.map((s) => s.configId).sort()).toEqual([one, two].sort());
    const found = await service().find(batch.id);
    expect(found).toMatchObject({ status: 'running', scansRunning: 2, scansDone: 0 });
    expect(scans.find((s) => s.configId === one)?.id).toBe(earlier?.id);
  });
});
