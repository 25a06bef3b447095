import type { HistoryOverview, RankGridProduct, ScanReport } from '@pinpoint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHistoryTestWorld,
  type HistoryTestWorld,
  insertTimelineScans,
} from './history-test-setup';
import { day, insertScan } from './scan-fixtures';

let world: HistoryTestWorld;
let scans: Awaited<ReturnType<typeof insertTimelineScans>>;

beforeAll(async () => {
  world = await createHistoryTestWorld();
  scans = await insertTimelineScans(world);
});
afterAll(() => world.app.close());

const get = (who: Parameters<HistoryTestWorld['call']>[0], url: string) =>
  world.call(who, 'GET', url);

describe('ownership', () => {
  it('answers 404 to other clients and unassigned employees, 200 to the assigned', async () => {
    const urls = [
      `/api/localrank/history/overview?companyId=${world.companyA}`,
      `/api/localrank/history/filters?companyId=${world.companyA}`,
      `/api/localrank/history/month?companyId=${world.companyA}&month=2025-03`,
      `/api/localrank/latest/keyword?companyId=${world.companyA}`,
      `/api/localrank/latest/four?companyId=${world.companyA}`,
      `/api/localrank/find/details/${scans.marMi}`,
      `/api/localrank/report/${scans.marMi}`,
      '/api/localrank/google/places/details?placeId=place-alpha',
    ];
    for (const url of urls) {
      for (const who of ['memberB', 'employeeNone'] as const) {
        const res = await get(who, url);
        expect(res.statusCode, `${who} ${url}`).toBe(404);
        expect(res.body).not.toContain('Alpha');
      }
      expect((await get('employeeA', url)).statusCode, url).toBe(200);
    }
    const product = await get('memberB', `/api/uni/products/rankgrid/${world.companyA}`);
    expect(product.statusCode).toBe(403);
  });
});

describe('history', () => {
  it('summarises each UTC month per keyword', async () => {
    const res = await get('memberA', `/api/localrank/history/overview?companyId=${world.companyA}`);
    const body = res.json() as HistoryOverview;
    expect(body.months.map((m) => m.month)).toEqual(['2025-03', '2025-02', '2025-01']);
    // March plumber: 5 km (15), 7×7 (8), 9×9 (13); the running scan is not counted.
    expect(body.months[0]?.keywords).toEqual([
      { keyword: 'drain cleaning', scans: 1, meanAtrp: 6, meanSolv: 40, bestAtrp: 6, worstAtrp: 6 },
      {
        keyword: 'plumber',
        scans: 3,
        meanAtrp: 12,
        meanSolv: expect.closeTo(44 / 3),
        bestAtrp: 8,
        worstAtrp: 15,
      },
    ]);
  });

  it('lists the filters and a month page by page, newest first', async () => {
    const filters = (
      await get('memberA', `/api/localrank/history/filters?companyId=${world.companyA}`)
    ).json();
    expect(filters).toMatchObject({
      keywords: ['drain cleaning', 'plumber'],
      months: ['2025-03', '2025-02', '2025-01'],
    });
    const march = (
      await get('memberA', `/api/localrank/history/month?companyId=${world.companyA}&month=2025-03`)
    ).json();
    expect(march.total).toBe(5);
    expect(march.scans.map((s: { id: number }) => s.id)).toEqual([
      scans.running,
      scans.mar9,
      scans.marMi,
      scans.marKm,
      scans.drain,
    ]);
    const plumber = (
      await get(
        'memberA',
        `/api/localrank/history/month?companyId=${world.companyA}&month=2025-03&keyword=plumber`,
      )
    ).json();
    expect(plumber.total).toBe(4);
    for (let i = 0; i < 25; i++) {
      await insertScan(world.app.database.db, {
        companyId: world.companyB,
        keyword: 'dentist',
        createdAt: new Date(Date.UTC(2024, 5, 1 + i)),
      });
    }
    const url = `/api/localrank/history/month?companyId=${world.companyB}&month=2024-06`;
    const first = (await get('memberB', url)).json();
    const second = (await get('memberB', `${url}&page=1`)).json();
    expect([first.total, first.scans.length, second.scans.length]).toEqual([25, 20, 5]);
    expect(first.scans[0].createdAt > first.scans[19].createdAt).toBe(true);
    expect(second.scans[4].createdAt).toBe(new Date(Date.UTC(2024, 5, 1)).toISOString());
    expect(
      (
        await get(
          'memberB',
          `/api/localrank/history/month?companyId=${world.companyB}&month=2024-13`,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('answers the latest scan per keyword and the latest four with points', async () => {
    const latest = (
      await get('memberA', `/api/localrank/latest/keyword?companyId=${world.companyA}`)
    ).json();
    expect(latest.scans.map((s: { id: number }) => s.id)).toEqual([scans.drain, scans.mar9]);
    const four = (
      await get('memberA', `/api/localrank/latest/four?companyId=${world.companyA}&keyword=plumber`)
    ).json();
    expect(four.scans.map((s: { id: number }) => s.id)).toEqual([
      scans.mar9,
      scans.marMi,
      scans.marKm,
      scans.feb9,
    ]);
    expect(four.scans[0].points).toEqual([]);
  });
});

describe('report', () => {
  it('compares only with the previous finished scan of the same settings', async () => {
    const report = (
      await get('memberA', `/api/localrank/report/${scans.marMi}`)
    ).json() as ScanReport;
    // Not the 5 km scan of March 5 nor drain cleaning of March 1: the 5 mi scan of February.
    expect(report.change).toMatchObject({ previousScanId: scans.febMi, atrp: -2, solv: 10 });
    expect(report.topCompetitors[0]?.name).toBe('Rival One');
    const km = (await get('memberA', `/api/localrank/report/${scans.marKm}`)).json() as ScanReport;
    expect(km.change).toBeNull();
    expect((await get('memberA', `/api/localrank/report/${scans.janMi}`)).json().change).toBeNull();
    expect((await get('memberA', `/api/localrank/report/${scans.running}`)).statusCode).toBe(409);
  });

  it('gives top-3 coverage per quadrant and the quadrants lost since', async () => {
    const db = world.app.database.db;
    const top = { state: 'found' as const, rank: 1 };
    const miss = { state: 'not_found' as const, rank: null };
    const before = await insertScan(db, {
      companyId: world.companyA,
      keyword: 'roof repair',
      createdAt: day('2025-04-01'),
      points: [top, top, top, miss, top, miss, miss, miss, miss],
    });
    const now = await insertScan(db, {
      companyId: world.companyA,
      keyword: 'roof repair',
      createdAt: day('2025-04-08'),
      points: [miss, miss, miss, miss, top, miss, top, miss, miss],
    });
    const report = (await get('memberA', `/api/localrank/report/${now}`)).json() as ScanReport;
    expect(report.change?.previousScanId).toBe(before);
    expect(report.quadrants.map((q) => [q.quadrant, q.top3])).toEqual([
      ['N', 0],
      ['E', 0],
      ['S', 1],
      ['W', 1],
    ]);
    expect(report.change?.lostQuadrants).toEqual(['N', 'E']);
    const details = (await get('memberA', `/api/localrank/find/details/${now}`)).json();
    expect(details).toMatchObject({ id: now, status: 'done', size: 3, pointsDone: 9 });
    expect(details.points).toBeUndefined();
  });
});

describe('product page, business details and system figures', () => {
  it('lists each tracked setting with its trend against the same settings', async () => {
    const body = (
      await get('memberA', `/api/uni/products/rankgrid/${world.companyA}`)
    ).json() as RankGridProduct;
    const trends = body.keywords.map((k) => [
      k.keyword,
      k.size,
      k.unit,
      k.trend,
      k.latest.atrp,
      k.previous?.atrp ?? null,
    ]);
    expect(trends).toEqual(
      expect.arrayContaining([
        ['plumber', 7, 'mi', 'better', 8, 10],
        ['plumber', 7, 'km', 'new', 15, null],
        ['plumber', 9, 'mi', 'better', 13, 14],
        ['drain cleaning', 7, 'mi', 'new', 6, null],
      ]),
    );
  });

  it('finds a business by place id among what the caller may see', async () => {
    const res = await get('memberA', '/api/localrank/google/places/details?placeId=place-alpha');
    expect(res.json()).toMatchObject({ source: 'client', name: 'Alpha Timeline Plumbing' });
    expect(
      (await get('admin', '/api/localrank/google/places/details?placeId=nobody')).statusCode,
    ).toBe(404);
  });

  it('counts scans system-wide for staff only', async () => {
    const res = await get('employeeNone', '/api/uni/system/rankgrid');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ scansToday: 0, scans7Days: 0 });
    await insertScan(world.app.database.db, {
      companyId: world.companyB,
      keyword: 'x',
      createdAt: new Date(),
      status: 'failed',
    });
    expect((await get('admin', '/api/uni/system/rankgrid')).json()).toMatchObject({
      scansToday: 1,
      scans7Days: 1,
      failedScans7Days: 1,
    });
    expect((await get('memberA', '/api/uni/system/rankgrid')).statusCode).toBe(403);
  });
});
