import type { TimelineGroup, TimelineSearchResponse, TopRankings } from '@pinpoint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productInstances } from '../../kernel/db/schema';
import {
  createHistoryTestWorld,
  type HistoryTestWorld,
  insertTimelineScans,
} from './history-test-setup';

let world: HistoryTestWorld;
let scans: Awaited<ReturnType<typeof insertTimelineScans>>;

beforeAll(async () => {
  world = await createHistoryTestWorld();
  scans = await insertTimelineScans(world);
  // Company B is on both lists, so the GBP list has two clients to order.
  await world.app.database.db.insert(productInstances).values({
    companyId: world.companyB,
    productSlug: 'google-business-pro',
    status: 'active',
    startDate: '2024-01-01',
    monthlyPriceCents: 50000,
  });
});
afterAll(() => world.app.close());

async function search(who: Parameters<HistoryTestWorld['call']>[0], body: object) {
  const res = await world.call(who, 'POST', '/api/ranktimeline/find/search', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TimelineSearchResponse;
}

const lineNames = (group: TimelineGroup | undefined) => group?.lines.map((line) => line.display);

describe('POST /api/ranktimeline/find/search', () => {
  it('groups by item, then by keyword, size, radius and unit, never merging settings', async () => {
    const body = await search('admin', { text: 'ALPHA' });
    expect(body.totalCompanies).toBe(1);
    expect(body.groups.map((g) => [g.company_name, g.item_id])).toEqual([
      ['Alpha Timeline Plumbing', world.itemA],
      ['Alpha Timeline Plumbing', null],
    ]);
    const [item, oneOff] = body.groups;
    expect(lineNames(item)).toEqual([
      'drain cleaning · 7×7 · 5 mi',
      'plumber · 7×7 · 5 km',
      'plumber · 7×7 · 5 mi',
    ]);
    expect(lineNames(oneOff)).toEqual(['plumber · 9×9 · 5 mi']);
    const mi = item?.lines[2];
    // Newest first; the running scan is not a point.
    expect(mi?.points.map((p) => p.scan_id)).toEqual([scans.marMi, scans.febMi, scans.janMi]);
    expect(mi?.points[0]).toMatchObject({
      item_id: world.itemA,
      keyword: 'plumber',
      size: 7,
      radius: 5,
      average_total_grid_rank: 8,
      company_name: 'Alpha Timeline Plumbing',
      location: 'Austin, TX',
      date: '2025-03-10T12:00:00.000Z',
    });
    expect(item?.lines[1]?.points.map((p) => p.scan_id)).toEqual([scans.marKm]);
  });

  it('matches keywords as well as names, and then shows only the matching lines', async () => {
    const body = await search('admin', { text: 'drain' });
    expect(body.groups).toHaveLength(1);
    expect(lineNames(body.groups[0])).toEqual(['drain cleaning · 7×7 · 5 mi']);
    expect((await search('admin', { text: 'no such thing' })).groups).toEqual([]);
    // LIKE wildcards in the text are plain characters.
    expect((await search('admin', { text: '%' })).totalCompanies).toBe(0);
  });

  it('pages over companies in name order', async () => {
    const first = await search('admin', { text: 'timeline', pageSize: 1 });
    const second = await search('admin', { text: 'timeline', pageSize: 1, page: 1 });
    const third = await search('admin', { text: 'timeline', pageSize: 1, page: 2 });
    expect(first.totalCompanies).toBe(2);
    expect(first.groups.map((g) => g.company_id)).toEqual([world.companyA, world.companyA]);
    expect(second.groups.map((g) => g.company_name)).toEqual(['Beta Timeline Dental']);
    expect(second.groups[0]?.location).toBe('30.2672, -97.7431');
    expect(third.groups).toEqual([]);
  });

  it('filters by company, keyword, size, dates and bounds the points per line', async () => {
    const bySize = await search('admin', { size: 9 });
    expect(bySize.groups.flatMap((g) => g.lines.map((l) => l.display))).toEqual([
      'plumber · 9×9 · 5 mi',
    ]);
    const march = await search('admin', {
      companyId: world.companyA,
      from: '2025-03-01',
      to: '2025-03-10',
    });
    const points = march.groups.flatMap((g) =>
      g.lines.flatMap((l) => l.points.map((p) => p.scan_id)),
    );
    expect(points.sort()).toEqual([scans.drain, scans.marKm, scans.marMi].sort());
    const keyword = await search('admin', { keyword: 'dentist' });
    expect(keyword.groups.map((g) => g.company_id)).toEqual([world.companyB]);
    const two = await search('admin', { text: 'alpha', points: 2 });
    expect(two.groups[0]?.lines[2]?.points.map((p) => p.scan_id)).toEqual([
      scans.marMi,
      scans.febMi,
    ]);
    const bad = await world.call('admin', 'POST', '/api/ranktimeline/find/search', {
      from: '2025-03-02',
      to: '2025-03-01',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('shows employees only their clients, and refuses clients', async () => {
    const assigned = await search('employeeA', {});
    expect(new Set(assigned.groups.map((g) => g.company_id))).toEqual(new Set([world.companyA]));
    const unassigned = await search('employeeNone', { text: 'alpha' });
    expect(unassigned).toMatchObject({ totalCompanies: 0, groups: [] });
    const member = await world.call('memberA', 'POST', '/api/ranktimeline/find/search', {});
    expect(member.statusCode).toBe(403);
  });
});

describe('GET /api/ranktimeline/find/client/:id', () => {
  it("answers the client's own timelines and refuses other clients", async () => {
    const res = await world.call(
      'memberA',
      'GET',
      `/api/ranktimeline/find/client/${world.companyA}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().groups.map((g: TimelineGroup) => g.lines.length)).toEqual([3, 1]);
    const other = await world.call(
      'memberB',
      'GET',
      `/api/ranktimeline/find/client/${world.companyA}`,
    );
    expect([403, 404]).toContain(other.statusCode);
    expect(other.body).not.toContain('Alpha');
    const none = await world.call(
      'employeeNone',
      'GET',
      `/api/ranktimeline/find/client/${world.companyA}`,
    );
    expect([403, 404]).toContain(none.statusCode);
  });
});

describe('top rankings', () => {
  it('ranks clients by mean latest ATRP per keyword, per list', async () => {
    const res = await world.call('admin', 'GET', '/api/main/toprankings');
    expect(res.statusCode).toBe(200);
    const body = res.json() as TopRankings;
    const gbp = body.lists.find((l) => l.list === 'gbp');
    // B: dentist 3. A: newest plumber (9×9, 13) and drain cleaning (6) → 9.5.
    expect(gbp?.entries.map((e) => [e.rank, e.companyId, e.atrp, e.keywords])).toEqual([
      [1, world.companyB, 3, 1],
      [2, world.companyA, 9.5, 2],
    ]);
    expect(gbp?.entries[1]?.solv).toBeCloseTo(24.5);
    expect(body.lists.find((l) => l.list === 'lsa')?.entries.map((e) => e.companyId)).toEqual([
      world.companyB,
    ]);
    const lsaOnly = (await world.call('admin', 'GET', '/api/main/toprankings?list=lsa')).json();
    expect(lsaOnly.lists.map((l: { list: string }) => l.list)).toEqual(['lsa']);
  });

  it('pages the latest snapshot from 0 and limits employees to their clients', async () => {
    const first = (
      await world.call('admin', 'GET', '/api/latest/toprankings')
    ).json() as TopRankings;
    expect(first).toMatchObject({ page: 0, pageSize: 25 });
    expect(first.lists.find((l) => l.list === 'gbp')?.total).toBe(2);
    const beyond = (
      await world.call('admin', 'GET', '/api/latest/toprankings/1')
    ).json() as TopRankings;
    expect(beyond.lists.every((l) => l.entries.length === 0 && l.total > 0)).toBe(true);
    expect((await world.call('admin', 'GET', '/api/latest/toprankings/-1')).statusCode).toBe(400);
    expect((await world.call('admin', 'GET', '/api/latest/toprankings/gbp')).statusCode).toBe(400);
    const employee = (
      await world.call('employeeA', 'GET', '/api/latest/toprankings')
    ).json() as TopRankings;
    expect(employee.lists.flatMap((l) => l.entries.map((e) => e.companyId))).toEqual([
      world.companyA,
    ]);
    const unassigned = await world.call('employeeNone', 'GET', '/api/main/toprankings');
    expect(unassigned.body).not.toContain('Alpha');
  });
});
