import { gridClientListSchema, gridReportSchema } from '@pinpoint/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridScanPoints, gridScans } from '../../kernel/db/schema';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import {
  cookieOf,
  insertCompany,
  insertConfig,
  insertUsers,
  type Role,
} from '../grid-batches/grid-batches.fixtures';

/**
 * The admin grid report over stored scans: January 2026 in UTC, with scans just outside
 * both ends, two settings of one keyword kept apart, a failed scan and error points.
 */
let app: FastifyInstance;
let ids: Record<Role, number>;
const JANUARY = 'from=2026-01-01&to=2026-01-31&tz=UTC';

type Company = Awaited<ReturnType<typeof insertCompany>>;

async function scan(
  company: Company,
  keyword: string,
  at: string,
  values: { atrp?: number; solv?: number; size?: number; status?: string; errorPoints?: number },
) {
  const status = values.status ?? 'done';
  const [row] = await app.database.db
    .insert(gridScans)
    .values({
      companyId: company.id,
      keyword,
      size: values.size ?? 3,
      radius: 1,
      unit: 'km',
      centerLat: company.latitude ?? 0,
      centerLng: company.longitude ?? 0,
      status,
      pointsTotal: 9,
      pointsDone: 9,
      atrp: status === 'done' ? (values.atrp ?? 10) : null,
      solv: status === 'done' ? (values.solv ?? 0) : null,
      createdAt: new Date(at),
      finishedAt: new Date(at),
    })
    .returning({ id: gridScans.id });
  const errors = values.errorPoints ?? 0;
  if (row && errors > 0) {
    await app.database.db.insert(gridScanPoints).values(
      Array.from({ length: errors }, (_, index) => ({
        scanId: row.id,
        pointIndex: index,
        lat: 0,
        lng: 0,
        state: 'error',
        attempts: 4,
      })),
    );
  }
}

async function get(url: string, role: Role = 'admin') {
  return app.inject({
    method: 'GET',
    url,
    headers: { cookie: await cookieOf(app, ids[role]), origin: TEST_ORIGIN },
  });
}

beforeAll(async () => {
  ({ app } = await createTestApp());
  const alpha = await insertCompany(app, 'Report Alpha Plumbing', 0);
  const beta = await insertCompany(app, 'Report Beta Drains', 3);
  const gamma = await insertCompany(app, 'Report Gamma Heating', 6);
  ids = await insertUsers(app, 'grid-report', alpha.id);
  await insertConfig(app, beta, 'drain cleaning');
  await insertConfig(app, beta, 'plumber', { active: false });
  // Alpha's 3×3 "plumber": outside, 10 → 8 → 4 inside, outside again.
  await scan(alpha, 'plumber', '2025-12-31T23:59:59Z', { atrp: 2 });
  await scan(alpha, 'plumber', '2026-01-01T00:00:00Z', { atrp: 10, solv: 0 });
  await scan(alpha, 'plumber', '2026-01-15T12:00:00Z', { atrp: 8, solv: 11.1 });
  await scan(alpha, 'plumber', '2026-01-31T23:59:59Z', { atrp: 4, solv: 44.4 });
  await scan(alpha, 'plumber', '2026-02-01T00:00:00Z', { atrp: 1 });
  // The same keyword at 5×5 is another series.
  await scan(alpha, 'plumber', '2026-01-05T00:00:00Z', { atrp: 3, size: 5 });
  await scan(alpha, 'plumber', '2026-01-20T00:00:00Z', { atrp: 3.5, size: 5 });
  // Beta loses 4 places, with one failed scan and two error points in a done scan.
  await scan(beta, 'drain cleaning', '2026-01-03T00:00:00Z', { atrp: 5, solv: 33.3 });
  await scan(beta, 'drain cleaning', '2026-01-10T00:00:00Z', { status: 'failed', errorPoints: 9 });
  await scan(beta, 'drain cleaning', '2026-01-12T00:00:00Z', { atrp: 6, errorPoints: 2 });
  await scan(beta, 'drain cleaning', '2026-01-25T00:00:00Z', { atrp: 9, solv: 0 });
  // Gamma has one scan: a row, never a mover.
  await scan(gamma, 'furnace repair', '2026-01-10T00:00:00Z', { atrp: 7 });
  // A failure outside the period is not counted.
  await scan(gamma, 'furnace repair', '2026-02-02T00:00:00Z', { status: 'failed' });
});
afterAll(() => app.close());

describe('GET /api/admin/grid-report', () => {
  it('reports each series’ first and last scan in the period, settings kept apart', async () => {
    const res = await get(`/api/admin/grid-report?${JANUARY}`);
    expect(res.statusCode).toBe(200);
    const report = gridReportSchema.parse(res.json());
    expect(report.range).toEqual({ from: '2026-01-01', to: '2026-01-31', tz: 'UTC' });
    expect(report.totals).toEqual({ series: 4, scans: 9, failedScans: 1, errorPoints: 11 });
    expect(report.rows.map((r) => `${r.companyName}/${r.keyword}/${r.size}`)).toEqual([
      'Report Alpha Plumbing/plumber/3',
      'Report Alpha Plumbing/plumber/5',
      'Report Beta Drains/drain cleaning/3',
      'Report Gamma Heating/furnace repair/3',
    ]);
    expect(report.rows[0]).toMatchObject({
      scans: 3,
      startAtrp: 10,
      endAtrp: 4,
      atrpChange: -6,
      startSolv: 0,
      endSolv: 44.4,
      solvChange: 44.4,
      firstScanAt: '2026-01-01T00:00:00.000Z',
      lastScanAt: '2026-01-31T23:59:59.000Z',
    });
  });

  it('lists gains most-improved first and losses most-declined first, single scans left out', async () => {
    const report = gridReportSchema.parse((await get(`/api/admin/grid-report?${JANUARY}`)).json());
    expect(report.gains.map((r) => [r.companyName, r.atrpChange])).toEqual([
      ['Report Alpha Plumbing', -6],
    ]);
    expect(report.losses.map((r) => [r.keyword, r.size, r.atrpChange])).toEqual([
      ['drain cleaning', 3, 4],
      ['plumber', 5, 0.5],
    ]);
  });

  it('groups failures by company and keyword: failed scans, error points, searches tried', async () => {
    const report = gridReportSchema.parse((await get(`/api/admin/grid-report?${JANUARY}`)).json());
    expect(report.failureGroups).toBe(1);
    expect(report.failures).toEqual([
      {
        companyId: expect.any(Number),
        companyName: 'Report Beta Drains',
        keyword: 'drain cleaning',
        failedScans: 1,
        errorPoints: 11,
        attempts: 44,
        lastAt: '2026-01-12T00:00:00.000Z',
      },
    ]);
  });

  it('pages the series and reads the period in the given time zone', async () => {
    const page = gridReportSchema.parse(
      (await get(`/api/admin/grid-report?${JANUARY}&limit=2&offset=2`)).json(),
    );
    expect(page.rows.map((r) => r.companyName)).toEqual([
      'Report Beta Drains',
      'Report Gamma Heating',
    ]);
    // In Chicago, January 1st starts at 06:00 UTC: Alpha's midnight scan falls outside.
    const chicago = gridReportSchema.parse(
      (await get('/api/admin/grid-report?from=2026-01-01&to=2026-01-31&tz=America/Chicago')).json(),
    );
    expect(chicago.rows[0]).toMatchObject({ keyword: 'plumber', size: 3, startAtrp: 8 });
  });

  it('refuses a backwards range on the `to` field, and everyone but admins', async () => {
    const bad = await get('/api/admin/grid-report?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ path: 'querystring.to' })]);
    for (const role of ['employee', 'client', 'lead'] as const) {
      expect((await get(`/api/admin/grid-report?${JANUARY}`, role)).statusCode).toBe(403);
      expect((await get(`/api/admin/grid-report.csv?${JANUARY}`, role)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/admin/grid-report.csv', () => {
  it('downloads every series of the period as CSV with a dated filename', async () => {
    const res = await get(`/api/admin/grid-report.csv?${JANUARY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="grid-report-2026-01-01-to-2026-01-31.csv"',
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^Company id,Company,Keyword,Grid size/);
    expect(lines[1]).toContain(',Report Alpha Plumbing,plumber,3,1,km,3,');
    expect(lines[1]).toMatch(/,10,4,-6,0,44\.4,44\.4$/);
  });
});

describe('GET /api/admin/grid-clients', () => {
  it('lists active clients with their active configs, searchable', async () => {
    const res = await get('/api/admin/grid-clients?q=beta');
    expect(res.statusCode).toBe(200);
    const list = gridClientListSchema.parse(res.json());
    expect(list.items).toEqual([
      expect.objectContaining({ name: 'Report Beta Drains', activeConfigs: 1 }),
    ]);
    expect(list.total).toBe(1);
    expect(list.runnableClients).toBe(1);
    expect((await get('/api/admin/grid-clients', 'employee')).statusCode).toBe(403);
  });
});
