import type { AddressInfo } from 'node:net';
import {
  batchForecastSchema,
  batchListSchema,
  batchStartResponseSchema,
  type GridBatch,
  gridBatchSchema,
} from '@pinpoint/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridScans } from '../../kernel/db/schema';
import { WORKERS_ON, waitFor } from '../../test/job-test-helpers';
import { openTestSocket, type TestSocket } from '../../test/socket-client';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import {
  cookieOf,
  insertCompany,
  insertConfig,
  insertUsers,
  type Role,
} from './grid-batches.fixtures';

/**
 * A whole batch through the queue: six 3×3 scans of three clients, two at a time, each
 * started when one finishes (the finished-scan listener), then the summary. Also run on
 * PostgreSQL (DATABASE_URL), where the batch's row lock is a real lock between connections.
 */
let app: FastifyInstance;
let origin = '';
let ids: Record<Role, number>;
const configs: Record<string, number> = {};

/** A finished scan of the same config and settings an hour ago, to compare ATRP against. */
async function insertPreviousScan(
  company: { id: number; latitude: number | null; longitude: number | null },
  configId: number,
  keyword: string,
  atrp: number,
) {
  const hourAgo = new Date(Date.now() - 3_600_000);
  await app.database.db.insert(gridScans).values({
    companyId: company.id,
    keyword,
    size: 3,
    radius: 1,
    unit: 'km',
    centerLat: company.latitude ?? 0,
    centerLng: company.longitude ?? 0,
    status: 'done',
    pointsTotal: 9,
    pointsDone: 9,
    configId,
    atrp,
    createdAt: hourAgo,
    finishedAt: hourAgo,
  });
}

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { jobs: WORKERS_ON } }));
  const a = await insertCompany(app, 'Batch Alpha Plumbing', 0);
  const b = await insertCompany(app, 'Batch Beta Plumbing', 6);
  const c = await insertCompany(app, 'Batch Gamma Plumbing', -6);
  const paused = await insertCompany(app, 'Batch Paused Plumbing', 12, 'paused');
  for (const [company, keyword, disabled] of [
    [a, 'plumber', [4]],
    [a, 'water heater repair', []],
    [b, 'plumber', []],
    [b, 'drain cleaning', []],
    [c, 'plumber', []],
    // A plumber is never shown for "dentist": not found anywhere, ATRP 21.
    [c, 'dentist', []],
    [paused, 'plumber', []],
  ] as const) {
    const config = await insertConfig(app, company, keyword, { disabledPoints: [...disabled] });
    configs[`${company.name}/${keyword}`] = config.id;
  }
  await insertPreviousScan(
    a,
    configs['Batch Alpha Plumbing/water heater repair'] ?? 0,
    'water heater repair',
    21,
  );
  await insertPreviousScan(c, configs['Batch Gamma Plumbing/dentist'] ?? 0, 'dentist', 3);
  ids = await insertUsers(app, 'batch', a.id);
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app?.close());

async function socketOf(role: Role): Promise<TestSocket> {
  const socket = await openTestSocket(`${origin.replace('http', 'ws')}/ws`, {
    cookie: await cookieOf(app, ids[role]),
    origin,
  });
  await socket.next('welcome');
  return socket;
}

async function getAsAdmin(url: string) {
  return app.inject({ method: 'GET', url, headers: { cookie: await cookieOf(app, ids.admin) } });
}

describe('a batch through the queue', () => {
  it('runs every active config, at most two at once, and sums it up at the end', async () => {
    const staff = [await socketOf('admin'), await socketOf('employee')];
    const client = await socketOf('client');

    const res = await app.inject({
      method: 'POST',
      url: '/api/liverank/batch',
      headers: { cookie: await cookieOf(app, ids.admin), origin: TEST_ORIGIN },
      payload: { concurrency: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const started = batchStartResponseSchema.parse(res.json());
    const batchId = started.batch?.id ?? 0;
    expect(started.forecast).toMatchObject({ scans: 6, points: 53 });
    expect(started.batch).toMatchObject({ status: 'running', scansTotal: 6, scansRunning: 2 });

    // Sampled while it runs: never more than two of its scans unfinished.
    let most = 0;
    const finished = await waitFor(async () => {
      const open = await app.database.db
        .select({ id: gridScans.id })
        .from(gridScans)
        .where(and(eq(gridScans.batchId, batchId), isNull(gridScans.finishedAt)));
      most = Math.max(most, open.length);
      const batch = gridBatchSchema.parse(
        (await getAsAdmin(`/api/liverank/batch/${batchId}`)).json(),
      );
      return batch.status === 'running' ? null : batch;
    }, 120_000);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);

    const scans = await app.database.db
      .select()
      .from(gridScans)
      .where(eq(gridScans.batchId, batchId))
      .orderBy(asc(gridScans.createdAt));
    // Each of the six active configs once, none of the paused client's.
    expect(scans.map((s) => s.configId).sort()).toEqual(
      Object.entries(configs)
        .filter(([name]) => !name.startsWith('Batch Paused'))
        .map(([, id]) => id)
        .sort(),
    );
    // From the stored times: when each scan was created, at most two were unfinished.
    for (const scan of scans) {
      const open = scans.filter(
        (other) =>
          other.createdAt <= scan.createdAt &&
          (other.finishedAt ?? new Date(8e15)) > scan.createdAt,
      );
      expect(open.length).toBeLessThanOrEqual(2);
    }
    expect(scans.every((s) => s.status === 'done' && s.origin === 'batch')).toBe(true);

    checkSummary(finished, scans);

    for (const socket of staff) {
      const last = await waitFor(async () =>
        socket.messages.find(
          (m) =>
            m.type === 'grid-batch.progress' && (m.payload as { status: string }).status === 'done',
        ),
      );
      expect(last.payload).toMatchObject({ batchId, scansDone: 6, scansTotal: 6, pointsDone: 53 });
      const progress = socket.messages.filter((m) => m.type === 'grid-batch.progress');
      expect(progress.length).toBeGreaterThanOrEqual(3);
    }
    expect(client.messages.some((m) => m.type.startsWith('grid-batch.'))).toBe(false);
    for (const socket of [...staff, client]) socket.socket.close();

    const list = batchListSchema.parse((await getAsAdmin('/api/liverank/batches?page=1')).json());
    expect(list.items[0]).toMatchObject({ id: batchId, status: 'done', scansDone: 6 });
    // Finished scans now give the forecast something to measure a duration from.
    const forecast = batchForecastSchema.parse(
      (await getAsAdmin('/api/liverank/batch/forecast?concurrency=2')).json(),
    );
    expect(forecast.estimatedDuration.seconds).not.toBeNull();
  }, 150_000);
});

function checkSummary(batch: GridBatch, scans: (typeof gridScans.$inferSelect)[]) {
  const summary = batch.summary;
  if (!summary) throw new Error('no summary');
  expect(batch.status).toBe('done');
  expect(batch.finishedAt).not.toBeNull();
  expect(summary.scans).toEqual({ total: 6, done: 6, failed: 0, skipped: 0 });
  expect(summary.points).toMatchObject({ total: 53, measured: 53, errors: 0, searches: 53 });
  expect(summary.cost.searchesCents).toBe(
    app.areas['rank-grid'].rankGrid.provider.estimateCost(53),
  );
  const atrps = scans.map((s) => s.atrp ?? Number.NaN);
  const solvs = scans.map((s) => s.solv ?? Number.NaN);
  expect(summary.meanAtrp).toBeCloseTo(atrps.reduce((x, y) => x + y, 0) / 6, 9);
  expect(summary.meanSolv).toBeCloseTo(solvs.reduce((x, y) => x + y, 0) / 6, 9);

  const heater = scans.find((s) => s.keyword === 'water heater repair');
  expect(heater?.atrp).toBeLessThan(21);
  expect(summary.improvements).toEqual([
    expect.objectContaining({
      configId: configs['Batch Alpha Plumbing/water heater repair'],
      companyName: 'Batch Alpha Plumbing',
      previousAtrp: 21,
      atrp: heater?.atrp,
      change: (heater?.atrp ?? 0) - 21,
    }),
  ]);
  expect(summary.declines).toEqual([
    expect.objectContaining({
      configId: configs['Batch Gamma Plumbing/dentist'],
      previousAtrp: 3,
      atrp: 21,
      change: 18,
    }),
  ]);
}
