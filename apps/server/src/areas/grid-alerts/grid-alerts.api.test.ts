import type { AddressInfo } from 'node:net';
import type { GridAlert, GridAlertList } from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alerts,
  clientCompanies,
  clientMembers,
  gridConfigs,
  gridScanPoints,
  gridScans,
  users,
} from '../../kernel/db/schema';
import type { DomainEvent } from '../../platform/realtime/event-bus';
import { WORKERS_ON } from '../../test/job-test-helpers';
import { openTestSocket, type TestSocket } from '../../test/socket-client';
import { createTestApp, sessionCookieOf, TEST_ORIGIN } from '../../test/test-app';
import { isTrialCaller } from '../rank-grid/scan-quota';
import { alertText, findGridAlerts } from './grid-alert-rules';
import { createGridAlertsRepository } from './grid-alerts.repository';
import { createGridAlertsService } from './grid-alerts.service';

/** Downtown Austin. A 3×3 grid's points are numbered from the north-west: 0 1 2 / 3 4 5 / 6 7 8. */
const CENTRE = { lat: 30.2672, lng: -97.7431 };
const DAY = 86_400_000;

let app: FastifyInstance;
let origin = '';
const ids = { a: 0, b: 0, memberA: 0, memberB: 0 };

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { jobs: WORKERS_ON } }));
  const db = app.database.db;
  const [a, b] = await db
    .insert(clientCompanies)
    .values([
      {
        name: 'Alert Plumbing',
        label: 'Alert Plumbing',
        googlePlaceId: 'ChIJ-alert-plumbing',
        primaryCategory: 'Plumber',
        latitude: CENTRE.lat,
        longitude: CENTRE.lng,
        timeZone: 'America/Chicago',
      },
      { name: 'Bystander Dental', label: 'Bystander Dental', primaryCategory: 'Dentist' },
    ])
    .returning({ id: clientCompanies.id });
  ids.a = a?.id ?? 0;
  ids.b = b?.id ?? 0;
  const [memberA, memberB] = await db
    .insert(users)
    .values([
      { email: 'a@alerts.test', firstName: 'Ann', lastName: 'A' },
      { email: 'b@alerts.test', firstName: 'Ben', lastName: 'B' },
    ])
    .returning({ id: users.id });
  ids.memberA = memberA?.id ?? 0;
  ids.memberB = memberB?.id ?? 0;
  await db.insert(clientMembers).values([
    { userId: ids.memberA, companyId: ids.a },
    { userId: ids.memberB, companyId: ids.b },
  ]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app?.close());

const cookieOf = (userId: number) => sessionCookieOf(app, userId);

async function socketOf(userId: number): Promise<TestSocket> {
  const base = origin.replace('http', 'ws');
  const socket = await openTestSocket(`${base}/ws`, { cookie: await cookieOf(userId), origin });
  await socket.next('welcome');
  return socket;
}

/** A ping answered: whatever the server sent this socket before it has arrived. */
async function drained(socket: TestSocket): Promise<void> {
  socket.socket.send(JSON.stringify({ type: 'ping', payload: {} }));
  await socket.next('pong');
}

/** A service on the app's database whose events the test reads. */
function capturingService() {
  const published: DomainEvent[] = [];
  const service = createGridAlertsService({
    repo: createGridAlertsRepository(app.database.db),
    events: { publish: (event) => published.push(event as DomainEvent) },
    trialCompanyOf: async () => null,
    isTrialCaller,
  });
  return { service, published };
}

interface ScanSpec {
  keyword: string;
  /** Rank per point of a 3×3 grid (null: not found). */
  ranks: (number | null)[];
  daysAgo: number;
  radius?: number;
  configId?: number | null;
  status?: 'done' | 'failed';
  companyId?: number;
}

/** A finished 3×3 scan stored by hand, with its points and metrics counted as the job would. */
async function insertScan(spec: ScanSpec) {
  const db = app.database.db;
  const measured = spec.ranks.map((rank) => rank ?? 21);
  const top3 = spec.ranks.filter((rank) => rank !== null && rank <= 3).length;
  const found = spec.ranks.filter((rank) => rank !== null) as number[];
  const at = new Date(Date.now() - spec.daysAgo * DAY);
  const [scan] = await db
    .insert(gridScans)
    .values({
      companyId: spec.companyId ?? ids.a,
      keyword: spec.keyword,
      size: 3,
      radius: spec.radius ?? 1,
      unit: 'mi',
      centerLat: CENTRE.lat,
      centerLng: CENTRE.lng,
      status: spec.status ?? 'done',
      pointsTotal: 9,
      pointsDone: 9,
      createdAt: at,
      finishedAt: at,
      configId: spec.configId ?? null,
      atrp: measured.reduce((sum, rank) => sum + rank, 0) / 9,
      arp: found.length > 0 ? found.reduce((sum, rank) => sum + rank, 0) / found.length : null,
      solv: (100 * top3) / 9,
      foundIn: found.length,
    })
    .returning();
  if (!scan) throw new Error('scan not inserted');
  await db.insert(gridScanPoints).values(
    spec.ranks.map((rank, pointIndex) => ({
      scanId: scan.id,
      pointIndex,
      ...CENTRE,
      state: rank === null ? 'not_found' : 'found',
      rank,
    })),
  );
  return scan;
}

const all = (rank: number | null) => Array.from({ length: 9 }, () => rank);

async function storedAlertsOf(scanId: number) {
  return app.database.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.scanId, scanId), eq(alerts.kind, 'grid')));
}

describe('grid alert rules', () => {
  it('raises an ATRP alert past the threshold, in words for the owner', async () => {
    const { service, published } = capturingService();
    await insertScan({ keyword: 'atrp only', ranks: all(1), daysAgo: 7 });
    const current = await insertScan({ keyword: 'atrp only', ranks: all(3), daysAgo: 0 });
    const raised = await service.onScanFinished(current);
    expect(raised.map((alert) => alert.data.rule)).toEqual(['atrp_worse']);
    expect(raised[0]?.data).toMatchObject({ before: 1, after: 3, threshold: 1, quadrant: null });
    expect(raised[0]?.body).toMatch(
      /^“atrp only”: your average rank fell from 1\.0 to 3\.0 \(3×3, 1 mi grid, scan of \d{1,2} [A-Z][a-z]{2}\)\.$/,
    );
    expect(published.map((event) => event.type)).toEqual(['grid-alert.created']);
    expect(published[0]?.audience).toEqual({ client: ids.a });
  });

  it('raises a SoLV alert when the share of top-3 points drops by more than 10', async () => {
    const { service } = capturingService();
    await insertScan({ keyword: 'solv only', ranks: all(3), daysAgo: 3 });
    // The centre point falls to 4: SoLV 100 → 88.9, ATRP +0.11, no side of the grid lost.
    const ranks = all(3);
    ranks[4] = 4;
    const current = await insertScan({ keyword: 'solv only', ranks, daysAgo: 0 });
    const raised = await service.onScanFinished(current);
    expect(raised.map((alert) => alert.data.rule)).toEqual(['solv_drop']);
    expect(raised[0]?.body).toContain('top 3 at 89% of your grid points, down from 100%');
  });

  it("raises a lost-quadrant alert, under a grid config's own thresholds", async () => {
    const { service } = capturingService();
    const [config] = await app.database.db
      .insert(gridConfigs)
      .values({
        companyId: ids.a,
        keyword: 'north side',
        size: 3,
        radius: 1,
        unit: 'mi',
        centerLat: CENTRE.lat,
        centerLng: CENTRE.lng,
        frequency: 'weekly',
        atrpAlertThreshold: 2,
        solvAlertThreshold: 40,
      })
      .returning({ id: gridConfigs.id });
    const configId = config?.id ?? 0;
    await insertScan({ keyword: 'north side', ranks: all(1), daysAgo: 7, configId });
    // The north row falls to 5: ATRP +1.33 and SoLV −33 stay within this config's thresholds.
    const current = await insertScan({
      keyword: 'north side',
      ranks: [5, 5, 5, 1, 1, 1, 1, 1, 1],
      daysAgo: 0,
      configId,
    });
    const raised = await service.onScanFinished(current);
    expect(raised.map((alert) => [alert.data.rule, alert.data.quadrant])).toEqual([
      ['quadrant_lost', 'N'],
    ]);
    expect(raised[0]?.data).toMatchObject({ before: 100, after: 0 });
    expect(raised[0]?.title).toBe('Top 3 lost in the north for “north side”');
  });

  it('raises nothing within the thresholds, across settings, for a first or failed scan', async () => {
    const { service, published } = capturingService();
    await insertScan({ keyword: 'steady', ranks: all(2), daysAgo: 2 });
    const ranks = all(2);
    ranks[4] = 3;
    expect(
      await service.onScanFinished(await insertScan({ keyword: 'steady', ranks, daysAgo: 0 })),
    ).toEqual([]);

    // Much worse, but at another radius, keyword or config: nothing to compare with.
    await insertScan({ keyword: 'apart', ranks: all(1), daysAgo: 2, radius: 2 });
    await insertScan({ keyword: 'apart too', ranks: all(1), daysAgo: 2 });
    const [configX] = await app.database.db
      .insert(gridConfigs)
      .values({
        companyId: ids.a,
        keyword: 'apart',
        size: 3,
        radius: 1,
        unit: 'mi',
        centerLat: CENTRE.lat,
        centerLng: CENTRE.lng,
        frequency: 'daily',
      })
      .returning({ id: gridConfigs.id });
    await insertScan({ keyword: 'apart', ranks: all(1), daysAgo: 1, configId: configX?.id });
    await insertScan({ keyword: 'apart', ranks: all(1), daysAgo: 1, companyId: ids.b });
    const [configY] = await app.database.db
      .insert(gridConfigs)
      .values({
        ...{ companyId: ids.a, keyword: 'apart', size: 3, radius: 1, unit: 'mi' },
        centerLat: 0,
        centerLng: 0,
        frequency: 'daily',
      })
      .returning({ id: gridConfigs.id });
    const configured = await insertScan({
      keyword: 'apart',
      ranks: all(null),
      daysAgo: 0,
      configId: configY?.id,
    });
    expect(await service.onScanFinished(configured)).toEqual([]);

    // A failed scan, and a scan with no earlier one, raise nothing.
    const failed = await insertScan({
      keyword: 'steady',
      ranks: all(null),
      daysAgo: 0,
      status: 'failed',
    });
    expect(await service.onScanFinished(failed)).toEqual([]);
    const first = await insertScan({ keyword: 'brand new', ranks: all(null), daysAgo: 0 });
    expect(await service.onScanFinished(first)).toEqual([]);
    expect(published).toEqual([]);
  });

  it('is idempotent: a listener run twice, even at once, stores and announces each alert once', async () => {
    const { service, published } = capturingService();
    await insertScan({ keyword: 'twice', ranks: all(1), daysAgo: 1 });
    const current = await insertScan({ keyword: 'twice', ranks: all(null), daysAgo: 0 });
    const runs = await Promise.all([
      service.onScanFinished(current),
      service.onScanFinished(current),
    ]);
    const again = await service.onScanFinished(current);
    expect(runs.flat()).toHaveLength(6);
    expect(again).toEqual([]);
    const stored = await storedAlertsOf(current.id);
    expect(stored).toHaveLength(6);
    expect(published).toHaveLength(6);
  });

  it('finds with pure functions what the texts then say', () => {
    const scan = {
      id: 2,
      keyword: 'plumber near me',
      size: 7,
      radius: 5,
      unit: 'mi',
      shape: 'square',
      centerLat: CENTRE.lat,
      centerLng: CENTRE.lng,
      disabledPoints: [],
      atrp: 6.8,
      solv: 20,
      createdAt: new Date('2031-11-12T15:00:00Z'),
      finishedAt: new Date('2031-11-12T15:05:00Z'),
    };
    const findings = findGridAlerts({
      previous: { ...scan, id: 1, atrp: 4.2, solv: 25 },
      current: scan,
      previousPoints: [],
      currentPoints: [],
      thresholds: { atrp: 1, solv: 10 },
    });
    expect(findings.map((finding) => finding.rule)).toEqual(['atrp_worse']);
    const [finding] = findings;
    if (!finding) throw new Error('no finding');
    expect(alertText(finding, scan, 'America/New_York').body).toBe(
      '“plumber near me”: your average rank fell from 4.2 to 6.8 (7×7, 5 mi grid, scan of 12 Nov).',
    );
  });
});

describe('grid alerts end to end', () => {
  it("raises alerts when a queued scan finishes, and tells client A's sockets only", async () => {
    const socketA = await socketOf(ids.memberA);
    const socketB = await socketOf(ids.memberB);
    // Last week: first at every point. Now a 30 km grid: found only at the centre.
    await insertScan({ keyword: 'plumber', ranks: all(1), daysAgo: 7, radius: 30 / 1.609344 });
    const res = await app.inject({
      method: 'POST',
      url: '/api/localrank/request',
      headers: { cookie: await cookieOf(ids.memberA), origin: TEST_ORIGIN },
      payload: { companyId: ids.a, keyword: 'plumber', size: 3, radius: 30 / 1.609344, unit: 'mi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const scanId = res.json().scanId as number;
    await socketA.next('rank-scan.done', 60_000);
    const first = await socketA.next('grid-alert.created', 10_000);
    expect(first.payload).toMatchObject({ companyId: ids.a, scanId });
    // The other five follow from the same listener run.
    for (let i = 1; i < 6; i++) await socketA.next('grid-alert.created', 10_000);
    // Each event goes to every socket in one pass, so B's copies (if any) were sent with A's;
    // a ping answered on each socket shows that nothing more is on its way.
    await Promise.all([drained(socketA), drained(socketB)]);
    const received = socketA.messages.filter((m) => m.type === 'grid-alert.created');
    const rules = received.map((m) => {
      const p = m.payload as { rule: string; quadrant: string | null };
      return `${p.rule}:${p.quadrant ?? ''}`;
    });
    expect(rules.sort()).toEqual([
      'atrp_worse:',
      'quadrant_lost:E',
      'quadrant_lost:N',
      'quadrant_lost:S',
      'quadrant_lost:W',
      'solv_drop:',
    ]);
    expect(socketB.messages.some((m) => m.type === 'grid-alert.created')).toBe(false);
    expect(await storedAlertsOf(scanId)).toHaveLength(6);
    socketA.socket.close();
    socketB.socket.close();
  }, 90_000);
});

describe('listing and dismissing grid alerts', () => {
  const get = async (userId: number, query: string) =>
    app.inject({
      method: 'GET',
      url: `/api/localrank/alerts${query}`,
      headers: { cookie: await cookieOf(userId) },
    });
  const remove = async (userId: number, alertId: number) =>
    app.inject({
      method: 'DELETE',
      url: `/api/rankclient/remove/alert/${alertId}`,
      headers: { cookie: await cookieOf(userId), origin: TEST_ORIGIN },
    });

  it('lists a company’s grid alerts newest first by page, with the unread count', async () => {
    // Enough for two pages, and one alert of another kind that the grid list leaves out.
    const scan = await insertScan({ keyword: 'many', ranks: all(1), daysAgo: 0 });
    const data = {
      rule: 'atrp_worse',
      before: 1,
      after: 3,
      quadrant: null,
      threshold: 1,
      previousScanId: scan.id,
      keyword: 'many',
      size: 3,
      radius: 1,
      unit: 'mi',
    };
    await app.database.db.insert(alerts).values([
      ...Array.from({ length: 10 }, (_, i) => ({
        companyId: ids.a,
        kind: 'grid',
        scanId: scan.id,
        title: `Older alert ${i}`,
        data,
        createdAt: new Date(Date.now() - (i + 1) * DAY),
      })),
      { companyId: ids.a, kind: 'listing', title: 'A listing changed' },
    ]);
    const res = await get(ids.memberA, `?companyId=${ids.a}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as GridAlertList;
    expect(list.total).toBeGreaterThan(20);
    expect(list.unreadCount).toBe(list.total);
    expect(list.items).toHaveLength(20);
    const times = list.items.map((alert) => alert.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await get(ids.memberA, `?companyId=${ids.a}&page=2`)).json() as GridAlertList;
    expect(second.items.length).toBe(list.total - 20);
    expect(second.items.some((alert) => list.items.some((a) => a.id === alert.id))).toBe(false);

    const refused = await get(ids.memberB, `?companyId=${ids.a}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Alert Plumbing');
    // The alerts of every kind (the existing list) still include them.
    const everyKind = await app.inject({
      method: 'GET',
      url: `/api/alerts/${ids.a}?limit=100`,
      headers: { cookie: await cookieOf(ids.memberA) },
    });
    expect(everyKind.json().items.filter((a: { kind: string }) => a.kind === 'grid')).toHaveLength(
      list.total,
    );
  });

  it('dismisses only your own company’s alert: 404 for anyone else’s', async () => {
    const list = (await get(ids.memberA, `?companyId=${ids.a}`)).json() as GridAlertList;
    const target = list.items[0] as GridAlert;
    const foreign = await remove(ids.memberB, target.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect(
      await app.database.db.select().from(alerts).where(eq(alerts.id, target.id)),
    ).toHaveLength(1);

    const own = await remove(ids.memberA, target.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({
      id: target.id,
      companyId: ids.a,
      unreadCount: list.unreadCount - 1,
    });
    expect(
      await app.database.db.select().from(alerts).where(eq(alerts.id, target.id)),
    ).toHaveLength(0);
    expect((await remove(ids.memberA, target.id)).statusCode).toBe(404);
  });
});
