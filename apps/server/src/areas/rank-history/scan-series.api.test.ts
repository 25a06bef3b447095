import type { ScanSeries } from '@pinpoint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHistoryTestWorld,
  type HistoryTestWorld,
  insertTimelineScans,
} from './history-test-setup';
import { day, insertScan } from './scan-fixtures';

let world: HistoryTestWorld;
let scans: Awaited<ReturnType<typeof insertTimelineScans>>;
let nearMiss: number[];

beforeAll(async () => {
  world = await createHistoryTestWorld();
  scans = await insertTimelineScans(world);
  const db = world.app.database.db;
  // Plumber, 7×7, 5 mi is the line; each of these differs from it in exactly one setting.
  nearMiss = [
    await insertScan(db, {
      companyId: world.companyA,
      keyword: 'Plumber',
      createdAt: day('2025-02-15'),
    }),
    await insertScan(db, {
      companyId: world.companyA,
      keyword: 'plumber',
      radius: 5.5,
      createdAt: day('2025-02-16'),
    }),
    await insertScan(db, {
      companyId: world.companyB,
      keyword: 'plumber',
      createdAt: day('2025-02-17'),
    }),
  ];
});
afterAll(() => world.app.close());

const series = (
  scanId: number,
  query = '',
  who: Parameters<HistoryTestWorld['call']>[0] = 'memberA',
) => world.call(who, 'GET', `/api/localrank/find/series/${scanId}${query}`);

describe('GET /api/localrank/find/series/:id', () => {
  it('answers 404 to other clients and unassigned employees, and for a missing scan', async () => {
    for (const who of ['memberB', 'employeeNone'] as const) {
      const res = await series(scans.marMi, '', who);
      expect(res.statusCode, who).toBe(404);
      expect(res.body).not.toContain('plumber');
    }
    expect((await series(999_999)).statusCode).toBe(404);
    expect((await series(scans.marMi, '', 'employeeA')).statusCode).toBe(200);
    expect((await series(scans.marMi, '', 'admin')).statusCode).toBe(200);
  });

  it('lists the finished scans of exactly the same settings, newest first', async () => {
    const res = await series(scans.janMi);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ScanSeries;
    // The running scan, the 5 km and 9×9 lines and every near miss are left out.
    expect(body.scans.map((s) => s.id)).toEqual([scans.marMi, scans.febMi, scans.janMi]);
    expect(body).toMatchObject({ keyword: 'plumber', size: 7, radius: 5, unit: 'mi', total: 3 });
    expect(body.scans[0]).toEqual({
      id: scans.marMi,
      createdAt: day('2025-03-10').toISOString(),
      atrp: 8,
      arp: 5,
      solv: 30,
      foundIn: 7,
    });
    for (const id of nearMiss) expect(body.scans.map((s) => s.id)).not.toContain(id);
    // The 9×9 line is its own series.
    const nine = (await series(scans.feb9)).json() as ScanSeries;
    expect(nine.scans.map((s) => s.id)).toEqual([scans.mar9, scans.feb9]);
  });

  it('pages with limit and offset, and refuses a page over 100', async () => {
    const first = (await series(scans.marMi, '?limit=2')).json() as ScanSeries;
    expect(first.scans.map((s) => s.id)).toEqual([scans.marMi, scans.febMi]);
    expect(first).toMatchObject({ total: 3, limit: 2, offset: 0 });
    const second = (await series(scans.marMi, '?limit=2&offset=2')).json() as ScanSeries;
    expect(second.scans.map((s) => s.id)).toEqual([scans.janMi]);
    const tooMany = await series(scans.marMi, '?limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details[0].path).toContain('limit');
  });
});
