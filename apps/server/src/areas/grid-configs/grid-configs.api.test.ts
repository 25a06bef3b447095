import {
  type ClientGridConfigs,
  clientGridConfigsSchema,
  type GridConfig,
  gridConfigDetailSchema,
  gridConfigSchema,
  staffGridSetupSchema,
} from '@pinpoint/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridConfigs, gridScans } from '../../kernel/db/schema';
import { sessionCookieOf as cookieOf, createTestApp, TEST_ORIGIN } from '../../test/test-app';
import {
  CENTRE,
  type GridFixtures,
  insertConfig,
  insertGridFixtures,
} from './grid-configs.fixtures';
import { toGridConfig } from './grid-configs.service';

// Workers are off: a run stores the scan and queues its points, which is all these tests read.
let app: FastifyInstance;
let f: GridFixtures;

beforeAll(async () => {
  ({ app } = await createTestApp());
  f = await insertGridFixtures(app.database.db);
});
afterAll(() => app?.close());

type Who = keyof GridFixtures['users'];

async function call(who: Who, method: InjectOptions['method'], url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { cookie: await cookieOf(app, f.users[who]), origin: TEST_ORIGIN },
    ...(payload && { payload }),
  });
}

const WEEKLY = { keyword: 'plumber', size: 5, radius: 2, unit: 'mi', frequency: 'weekly' };

/** A finished scan of a config, stored directly, `daysAgo` days back. */
async function insertScan(config: GridConfig, daysAgo: number, atrp: number, size = config.size) {
  const createdAt = new Date(Date.now() - daysAgo * 86_400_000);
  const [scan] = await app.database.db
    .insert(gridScans)
    .values({
      companyId: config.companyId,
      configId: config.id,
      itemId: config.itemId,
      keyword: config.keyword,
      size,
      radius: config.radius,
      unit: config.unit,
      centerLat: config.centre.lat,
      centerLng: config.centre.lng,
      pointsTotal: size * size,
      pointsDone: size * size,
      status: 'done',
      origin: 'scheduled',
      createdAt,
      finishedAt: new Date(createdAt.getTime() + 60_000),
      atrp,
      arp: atrp - 1,
      solv: 40,
      foundIn: size * size - 2,
    })
    .returning();
  if (!scan) throw new Error('scan not inserted');
  return scan;
}

async function configCount() {
  const [row] = await app.database.db.select({ n: count() }).from(gridConfigs);
  return row?.n ?? 0;
}

async function create(who: Who, body: object) {
  return call(who, 'POST', '/api/rankclient/create', body);
}

describe('creating grid configs', () => {
  it('creates a config centred on the company, linked to its rank grid product, due now', async () => {
    const before = Date.now();
    const res = await create('employeeA', { companyId: f.companies.a, ...WEEKLY });
    expect(res.statusCode, res.body).toBe(200);
    const config = gridConfigSchema.parse(res.json());
    expect(config).toMatchObject({
      companyId: f.companies.a,
      itemId: f.itemA,
      keyword: 'plumber',
      size: 5,
      shape: 'square',
      centre: CENTRE,
      frequency: 'weekly',
      active: true,
      lastRunAt: null,
      atrpAlertThreshold: 1,
      solvAlertThreshold: 10,
    });
    const nextRun = Date.parse(config.nextRunAt ?? '');
    expect(nextRun).toBeGreaterThanOrEqual(before - 1000);
    expect(nextRun).toBeLessThanOrEqual(Date.now());
  });

  it('takes a planned first run, and a primary location as the centre', async () => {
    const firstRunAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await create('admin', {
      companyId: f.companies.d,
      ...WEEKLY,
      frequency: 'once',
      firstRunAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      centre: { lat: 30.25, lng: -97.75 },
      nextRunAt: firstRunAt,
      itemId: null,
    });
  });

  it('refuses bad settings with one message per field, storing nothing', async () => {
    const before = await configCount();
    const res = await create('employeeA', {
      companyId: f.companies.a,
      keyword: ' ',
      size: 4,
      radius: 500,
      unit: 'mi',
      frequency: 'hourly',
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.keyword', 'body.size', 'body.radius', 'body.frequency']),
    );
    expect(await configCount()).toBe(before);
  });

  it('asks for a centre when the company has no location', async () => {
    const res = await create('employeeA', { companyId: f.companies.c, ...WEEKLY });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/no location yet/);
    expect(res.json().error.details[0].path).toBe('body.centre');
    const ok = await create('employeeA', { companyId: f.companies.c, ...WEEKLY, centre: CENTRE });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses clients (403) and employees not assigned to the company (404)', async () => {
    const client = await create('memberA', { companyId: f.companies.a, ...WEEKLY });
    expect(client.statusCode).toBe(403);
    expect(client.json().reason).toBe('access denied');
    const stranger = await create('employeeNone', { companyId: f.companies.a, ...WEEKLY });
    expect(stranger.statusCode).toBe(404);
    const missing = await create('admin', { companyId: 999_999, ...WEEKLY });
    expect(missing.statusCode).toBe(404);
  });
});

describe('reading grid configs', () => {
  let config: GridConfig;

  beforeAll(async () => {
    const res = await create('employeeA', {
      companyId: f.companies.a,
      ...WEEKLY,
      keyword: 'drain cleaning',
    });
    config = gridConfigSchema.parse(res.json());
    await insertScan(config, 14, 9.5);
    await insertScan(config, 7, 8.25);
    await insertScan(config, 40, 11);
  });

  it("lists a company's configs with the latest finished scan's headline metrics", async () => {
    const res = await call('memberA', 'GET', `/api/rankclient/find/${f.companies.a}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: ClientGridConfigs = clientGridConfigsSchema.parse(res.json());
    const listed = body.configs.find((c) => c.id === config.id);
    expect(listed?.latestScan).toMatchObject({ atrp: 8.25, arp: 7.25, solv: 40, foundIn: 23 });
    expect(listed?.nextRunAt).toBe(config.nextRunAt);
    // Configs without scans are listed too, with no latest scan.
    expect(body.configs.some((c) => c.id !== config.id && c.latestScan === null)).toBe(true);
    expect(body.configs.every((c) => c.companyId === f.companies.a)).toBe(true);
  });

  it('refuses other clients and unassigned employees at the door', async () => {
    for (const who of ['memberB', 'employeeNone'] as const) {
      const res = await call(who, 'GET', `/api/rankclient/find/${f.companies.a}`);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('drain cleaning');
    }
  });

  it('pages a config’s scans newest first, and hides it from other clients', async () => {
    const first = await call('memberA', 'GET', `/api/grids/${config.id}?pageSize=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = gridConfigDetailSchema.parse(first.json());
    expect(page1.config.id).toBe(config.id);
    expect(page1.scans).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page1.scans.items.map((s) => s.atrp)).toEqual([8.25, 9.5]);
    const second = gridConfigDetailSchema.parse(
      (await call('memberA', 'GET', `/api/grids/${config.id}?pageSize=2&page=2`)).json(),
    );
    expect(second.scans.items.map((s) => s.atrp)).toEqual([11]);

    const hidden = await call('memberB', 'GET', `/api/grids/${config.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('drain cleaning');
    expect((await call('memberA', 'GET', '/api/grids/99999999999')).statusCode).toBe(400);
    expect((await call('memberA', 'GET', '/api/grids/2147483647')).statusCode).toBe(404);
  });

  it('gives staff the client’s setup: configs, last 30 days, next runs; 404 to strangers', async () => {
    const res = await call('employeeA', 'GET', `/api/omgemployee/find/${f.companies.a}`);
    expect(res.statusCode, res.body).toBe(200);
    const setup = staffGridSetupSchema.parse(res.json());
    expect(setup.company).toEqual({ id: f.companies.a, name: 'Gridline Plumbing' });
    const row = setup.configs.find((c) => c.id === config.id);
    expect(row).toMatchObject({ scansLast30Days: 2, latestScan: { atrp: 8.25 } });
    // The 40-day-old scan is outside the window.
    expect(setup.recentScans.filter((s) => s.configId === config.id)).toHaveLength(2);
    expect(setup.nextRuns.map((r) => r.configId)).toContain(config.id);
    const times = setup.nextRuns.map((r) => Date.parse(r.nextRunAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));

    const stranger = await call('employeeNone', 'GET', `/api/omgemployee/find/${f.companies.a}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Gridline');
    expect((await call('admin', 'GET', `/api/omgemployee/find/${f.companies.a}`)).statusCode).toBe(
      200,
    );
    expect(
      (await call('memberA', 'GET', `/api/omgemployee/find/${f.companies.a}`)).statusCode,
    ).toBe(403);
  });
});

describe('changing grid configs', () => {
  let config: GridConfig;

  beforeAll(async () => {
    const res = await create('employeeA', {
      companyId: f.companies.a,
      ...WEEKLY,
      keyword: 'water heater repair',
      disabledPoints: [0, 4],
    });
    config = gridConfigSchema.parse(res.json());
  });

  it('pauses (no next run), resumes (scheduled again) and changes thresholds alone', async () => {
    const paused = await call('employeeA', 'PUT', `/api/grids/${config.id}`, { active: false });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ active: false, nextRunAt: null });

    // Never run yet: resuming makes it due at the next tick.
    const before = Date.now();
    const resumed = gridConfigSchema.parse(
      (await call('employeeA', 'PUT', `/api/grids/${config.id}`, { active: true })).json(),
    );
    expect(resumed.active).toBe(true);
    expect(Date.parse(resumed.nextRunAt ?? '')).toBeGreaterThanOrEqual(before - 1000);

    const thresholds = gridConfigSchema.parse(
      (
        await call('employeeA', 'PUT', `/api/grids/${config.id}`, {
          atrpAlertThreshold: 2.5,
          solvAlertThreshold: 15,
        })
      ).json(),
    );
    expect(thresholds).toMatchObject({ atrpAlertThreshold: 2.5, solvAlertThreshold: 15 });
    expect(thresholds.nextRunAt).toBe(resumed.nextRunAt);
  });

  it('reschedules from the last run when the frequency changes', async () => {
    const lastRunAt = new Date(Date.now() - 2 * 86_400_000 - 3_600_000);
    await app.database.db
      .update(gridConfigs)
      .set({ lastRunAt, nextRunAt: new Date(lastRunAt.getTime() + 7 * 86_400_000) })
      .where(eq(gridConfigs.id, config.id));
    const daily = gridConfigSchema.parse(
      (await call('employeeA', 'PUT', `/api/grids/${config.id}`, { frequency: 'daily' })).json(),
    );
    // Last run 2 days 1 hour ago → the next daily run is 23 hours from now.
    expect(Date.parse(daily.nextRunAt ?? '')).toBe(lastRunAt.getTime() + 3 * 86_400_000);
    const once = gridConfigSchema.parse(
      (await call('employeeA', 'PUT', `/api/grids/${config.id}`, { frequency: 'once' })).json(),
    );
    // It already ran once.
    expect(once.nextRunAt).toBeNull();
    await call('employeeA', 'PUT', `/api/grids/${config.id}`, { frequency: 'weekly' });
  });

  it('refuses empty or wrong changes, clients and strangers', async () => {
    expect((await call('employeeA', 'PUT', `/api/grids/${config.id}`, {})).statusCode).toBe(400);
    const wrong = await call('employeeA', 'PUT', `/api/grids/${config.id}`, {
      frequency: 'hourly',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0].path).toBe('body.frequency');
    expect(
      (await call('memberA', 'PUT', `/api/grids/${config.id}`, { active: false })).statusCode,
    ).toBe(403);
    expect(
      (await call('employeeNone', 'PUT', `/api/grids/${config.id}`, { active: false })).statusCode,
    ).toBe(404);
  });

  it('changes the settings for future scans only; past scans keep theirs', async () => {
    const past = await insertScan(config, 3, 6);
    const res = await call('employeeA', 'PUT', `/api/localrank/update/details/${config.id}`, {
      keyword: 'tankless water heater',
      size: 7,
      radius: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    // A new size renumbers the points: the old switched-off ones are not carried over.
    expect(res.json()).toMatchObject({
      keyword: 'tankless water heater',
      size: 7,
      radius: 3,
      disabledPoints: [],
      centre: CENTRE,
    });
    const [kept] = await app.database.db.select().from(gridScans).where(eq(gridScans.id, past.id));
    expect(kept).toMatchObject({ keyword: 'water heater repair', size: 5, radius: 2 });

    const same = await call('employeeA', 'PUT', `/api/localrank/update/details/${config.id}`, {
      disabledPoints: [48, 3, 3],
    });
    expect(same.json().disabledPoints).toEqual([3, 48]);
  });

  it('checks the merged settings as a whole', async () => {
    const res = await call('employeeA', 'PUT', `/api/localrank/update/details/${config.id}`, {
      size: 3,
      disabledPoints: [9],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({
      path: 'body.disabledPoints.0',
      message: expect.stringMatching(/Point 9 does not exist/),
    });
    const empty = await call('employeeA', 'PUT', `/api/localrank/update/details/${config.id}`, {});
    expect(empty.statusCode).toBe(400);
    const stranger = await call(
      'employeeNone',
      'PUT',
      `/api/localrank/update/details/${config.id}`,
      {
        size: 3,
      },
    );
    expect(stranger.statusCode).toBe(404);
  });

  it('starts a scan now with the config’s settings, linked to the config and product', async () => {
    const res = await call('employeeA', 'POST', `/api/grids/${config.id}/run`, {});
    expect(res.statusCode, res.body).toBe(200);
    const { scanId, pointsTotal } = res.json() as { scanId: number; pointsTotal: number };
    const [scan] = await app.database.db.select().from(gridScans).where(eq(gridScans.id, scanId));
    expect(scan).toMatchObject({
      configId: config.id,
      itemId: f.itemA,
      origin: 'manual',
      requestedBy: f.users.employeeA,
      keyword: 'tankless water heater',
      size: 7,
      status: 'queued',
    });
    expect(pointsTotal).toBe(49 - 2);
    expect((await call('employeeNone', 'POST', `/api/grids/${config.id}/run`, {})).statusCode).toBe(
      404,
    );
    expect((await call('memberA', 'POST', `/api/grids/${config.id}/run`, {})).statusCode).toBe(403);
  });
});

describe('removing grid configs', () => {
  it("removes a client's config and keeps its scans, unlinked", async () => {
    const config = await insertConfig(app.database.db, {
      companyId: f.companies.a,
      keyword: 'sewer line',
    });
    const scan = await insertScan(toGridConfig(config), 1, 7);

    // Another client's id with this config, or a stranger: 404, and nothing removed.
    const wrongClient = await call(
      'admin',
      'DELETE',
      `/api/omgemployee/remove/grid/${f.companies.b}/${config.id}`,
    );
    expect(wrongClient.statusCode).toBe(404);
    const stranger = await call(
      'employeeNone',
      'DELETE',
      `/api/omgemployee/remove/grid/${f.companies.a}/${config.id}`,
    );
    expect(stranger.statusCode).toBe(404);
    expect(
      await app.database.db.select().from(gridConfigs).where(eq(gridConfigs.id, config.id)),
    ).toHaveLength(1);

    const res = await call(
      'employeeA',
      'DELETE',
      `/api/omgemployee/remove/grid/${f.companies.a}/${config.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      removed: true,
      configId: config.id,
      companyId: f.companies.a,
      scansKept: 1,
      message: expect.stringMatching(/1 scan is kept/),
    });
    expect(
      await app.database.db.select().from(gridConfigs).where(eq(gridConfigs.id, config.id)),
    ).toHaveLength(0);
    const [kept] = await app.database.db.select().from(gridScans).where(eq(gridScans.id, scan.id));
    expect(kept).toMatchObject({ configId: null, atrp: 7, keyword: 'sewer line' });

    const again = await call(
      'employeeA',
      'DELETE',
      `/api/omgemployee/remove/grid/${f.companies.a}/${config.id}`,
    );
    expect(again.statusCode).toBe(404);
  });
});
