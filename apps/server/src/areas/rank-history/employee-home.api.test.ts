import type { EmployeeRankSummary } from '@pinpoint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../kernel/db/schema';
import {
  createHistoryTestWorld,
  type HistoryTestWorld,
  insertTimelineScans,
} from './history-test-setup';

let world: HistoryTestWorld;
let scans: Awaited<ReturnType<typeof insertTimelineScans>>;

const gridAlert = (companyId: number, scanId: number, title: string, at: string) => ({
  companyId,
  scanId,
  kind: 'grid',
  title,
  createdAt: new Date(at),
  data: {
    rule: 'atrp_worse',
    before: 8,
    after: 12,
    quadrant: null,
    threshold: 1,
    previousScanId: scanId,
    keyword: 'plumber',
    size: 7,
    radius: 5,
    unit: 'mi',
  },
});

beforeAll(async () => {
  world = await createHistoryTestWorld();
  scans = await insertTimelineScans(world);
  await world.app.database.db.insert(alerts).values([
    gridAlert(world.companyA, scans.marMi, 'Alpha got worse', '2025-03-11T00:00:00Z'),
    gridAlert(world.companyB, scans.marB, 'Beta got worse', '2025-03-02T00:00:00Z'),
    // Not a grid alert: the home lists grid alerts only.
    { companyId: world.companyA, kind: 'listing', title: 'Listing changed' },
  ]);
});
afterAll(() => world.app.close());

const URL = '/api/localrank/employee/summary';

async function summary(who: Parameters<HistoryTestWorld['call']>[0]) {
  const res = await world.call(who, 'GET', URL);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EmployeeRankSummary;
}

describe('GET /api/localrank/employee/summary', () => {
  it("gives an employee their clients' newest scan per keyword and their grid alerts", async () => {
    const body = await summary('employeeA');
    expect(body.clients.map((c) => c.companyName)).toEqual(['Alpha Timeline Plumbing']);
    const [alpha] = body.clients;
    expect(alpha).toMatchObject({ city: 'Austin', state: 'TX' });
    // One scan per keyword, the newest finished one whatever its settings (the running scan
    // of 15 March is not finished).
    expect(alpha?.keywords.map((k) => [k.keyword, k.id])).toEqual([
      ['drain cleaning', scans.drain],
      ['plumber', scans.mar9],
    ]);
    expect(alpha?.keywords[1]).toMatchObject({ atrp: 13, solv: 9, size: 9 });
    expect(body.recentAlerts.map((a) => [a.title, a.companyName])).toEqual([
      ['Alpha got worse', 'Alpha Timeline Plumbing'],
    ]);
  });

  it('gives an admin every client, and an employee without clients nothing', async () => {
    const admin = await summary('admin');
    expect(admin.clients.map((c) => c.companyId)).toEqual([world.companyA, world.companyB]);
    expect(admin.recentAlerts.map((a) => a.title)).toEqual(['Alpha got worse', 'Beta got worse']);
    expect(await summary('employeeNone')).toEqual({ clients: [], recentAlerts: [] });
  });

  it('is refused to clients', async () => {
    const res = await world.call('memberA', 'GET', URL);
    expect(res.statusCode).toBe(403);
  });
});
