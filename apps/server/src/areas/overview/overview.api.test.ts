import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, alerts, notifications } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { createTestApp } from '../../test/test-app';
import { createPeople, type People } from '../activity/test-people';
import { KPI_PROVIDERS } from './kpi-providers';
import { createOverviewService } from './overview.service';

let app: FastifyInstance;
let people: People;

/** January 2025 in Chicago (UTC−6), and December 2024 before it: local midnights are 06:00 UTC. */
const JANUARY = 'from=2025-01-01&to=2025-01-31';
const EDGES = {
  beforePrevious: '2024-12-01T05:59:59.999Z',
  previousStart: '2024-12-01T06:00:00.000Z',
  previousEnd: '2025-01-01T05:59:59.999Z',
  currentStart: '2025-01-01T06:00:00.000Z',
  currentEnd: '2025-02-01T05:59:59.999Z',
  afterCurrent: '2025-02-01T06:00:00.000Z',
};
const at = (iso: string) => new Date(iso);

const overview = (who: Parameters<People['call']>[0], companyId: number, query = JANUARY) =>
  people.call(
    who,
    'POST',
    `/api/uni/charts/overview/${companyId}${query ? `?${query}` : ''}`,
    // A POST carries JSON (the same-origin guard); this route reads only its query string.
    {},
  );

type Kpi = { key: string; value: number; previous: number; trend: unknown };
const byKey = (kpis: Kpi[]) => Object.fromEntries(kpis.map((k) => [k.key, k]));

beforeAll(async () => {
  ({ app } = await createTestApp());
  people = await createPeople(app, 'Overview');
  const db = app.database.db;
  const companyId = people.companyA;
  const event = (type: string, iso: string) => ({
    companyId,
    type,
    title: type,
    occurredAt: at(iso),
  });
  await db.insert(activityEvents).values([
    // Current: 3 replies (both edges in), 1 listing update. Previous: 2 replies (both edges).
    event('review_replied', EDGES.currentStart),
    event('review_replied', '2025-01-15T12:00:00Z'),
    event('review_replied', EDGES.currentEnd),
    event('listing_updated', '2025-01-20T12:00:00Z'),
    event('review_replied', EDGES.previousStart),
    event('review_replied', EDGES.previousEnd),
    // Outside both ranges.
    event('review_replied', EDGES.beforePrevious),
    event('listing_updated', EDGES.afterCurrent),
    { ...event('review_replied', '2025-01-15T12:00:00Z'), companyId: people.companyB },
  ]);
  await db.insert(alerts).values([
    { companyId, kind: 'grid', title: 'Dropped', createdAt: at(EDGES.currentStart) },
    { companyId, kind: 'grid', title: 'Late', createdAt: at(EDGES.afterCurrent) },
  ]);
  const decided = (state: string, iso: string | null) => ({
    companyId,
    kind: 'post_approval',
    title: 'Approve this post',
    state,
    actedAt: iso ? at(iso) : null,
    createdAt: at('2024-11-20T12:00:00Z'),
  });
  await db
    .insert(notifications)
    .values([
      decided('approved', '2025-01-03T12:00:00Z'),
      decided('declined', EDGES.currentEnd),
      decided('approved', '2024-12-10T12:00:00Z'),
      decided('declined', EDGES.previousEnd),
      decided('approved', EDGES.previousStart),
      decided('pending', null),
      decided('info', null),
      decided('approved', EDGES.afterCurrent),
    ]);
});
afterAll(() => app.close());

describe('POST /api/uni/charts/overview/:id', () => {
  it('counts each KPI in the range and in the previous range of equal length, edges included', async () => {
    const res = await overview('member', people.companyA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      companyId: people.companyA,
      timeZone: 'America/Chicago',
      range: { from: '2025-01-01', to: '2025-01-31' },
      previousRange: { from: '2024-12-01', to: '2024-12-31' },
    });
    const kpis = byKey(body.kpis);
    expect(kpis.work_done).toMatchObject({
      value: 4,
      previous: 2,
      trend: { direction: 'up', percent: 100 },
    });
    expect(kpis.reviews_replied).toMatchObject({
      value: 3,
      previous: 2,
      trend: { direction: 'up', percent: 50 },
    });
    expect(kpis.listings_updated).toMatchObject({
      value: 1,
      previous: 0,
      trend: { direction: 'new', percent: null },
    });
    expect(kpis.alerts_raised).toMatchObject({ value: 1, previous: 0 });
    expect(kpis.approvals_handled).toMatchObject({
      value: 2,
      previous: 3,
      trend: { direction: 'down', percent: -33 },
    });
    expect(kpis.work_done).toMatchObject({ label: 'Work done for you', better: 'up' });
  });

  it('leaves out what has no data source: sections not built, and breakdowns with nothing in either range', async () => {
    const keys = (await overview('member', people.companyA)).json().kpis.map((k: Kpi) => k.key);
    // Leads always show (a real zero); spend only where something was spent (roi.api.test.ts).
    expect(keys).toEqual([
      'leads',
      'work_done',
      'reviews_replied',
      'listings_updated',
      'alerts_raised',
      'approvals_handled',
    ]);
    expect(keys).not.toContain('posts_published');
    expect(keys).not.toContain('spend');
    for (const unbuilt of ['reviews', 'calls', 'ads', 'rank']) {
      const built = ['reviews_replied', 'leads'];
      expect(keys.some((key: string) => key.includes(unbuilt) && !built.includes(key))).toBe(false);
    }
    // Company B has one reply and nothing else: the built sections' totals show as real zeros.
    const beta = byKey((await overview('other', people.companyB)).json().kpis);
    expect(Object.keys(beta)).toEqual([
      'leads',
      'work_done',
      'reviews_replied',
      'alerts_raised',
      'approvals_handled',
    ]);
    expect(beta.alerts_raised).toMatchObject({
      value: 0,
      previous: 0,
      trend: { direction: 'flat', percent: 0 },
    });
  });

  it('counts days in the zone the browser sends', async () => {
    const utc = byKey((await overview('member', people.companyA, `${JANUARY}&tz=UTC`)).json().kpis);
    // In UTC, the reply at 05:59 on 01/01 belongs to January, and the one at 05:59 on 02/01 does not.
    expect(utc.reviews_replied).toMatchObject({ value: 3, previous: 2 });
    expect(utc.listings_updated).toMatchObject({ value: 1, previous: 0 });
  });

  it('defaults to the last 90 days, with the 90 days before them', async () => {
    const body = (await overview('member', people.companyA, '')).json();
    const days = (r: { from: string; to: string }) =>
      (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1;
    expect(days(body.range)).toBe(90);
    expect(days(body.previousRange)).toBe(90);
    expect(Date.parse(body.range.from) - Date.parse(body.previousRange.to)).toBe(86_400_000);
  });

  it('refuses bad ranges with field messages', async () => {
    for (const query of [
      'from=2025-01-01',
      'to=2025-01-31',
      'from=2025-02-01&to=2025-01-31',
      'from=2025-13-01&to=2025-12-31',
      'from=2020-01-01&to=2025-01-31',
      `${JANUARY}&tz=Not/AZone`,
    ]) {
      const res = await overview('member', people.companyA, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('is for the company’s members, assigned employees and admins only', async () => {
    for (const who of ['member', 'assigned', 'admin'] as const) {
      expect((await overview(who, people.companyA)).statusCode, who).toBe(200);
    }
    for (const who of ['other', 'unassigned', 'lead'] as const) {
      const res = await overview(who, people.companyA);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().reason).toBe('access denied');
    }
    expect((await overview(null, people.companyA)).statusCode).toBe(401);
    expect((await overview('admin', 999_999)).statusCode).toBe(404);
  });

  it('answers through the gateway as a POST with a query string', async () => {
    const res = await people.call('member', 'POST', '/database/request', {
      method: 'POST',
      url: `/api/uni/charts/overview/${people.companyA}?${JANUARY}`,
      data: { origin: 'http://localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(byKey(res.json().kpis).work_done).toMatchObject({ value: 4, previous: 2 });
  });
});

describe('the KPI registry', () => {
  const admin: Principal = {
    userId: 1,
    perm: false,
    admin: true,
    lead: false,
    memberOf: [],
    assignedTo: [],
  };

  it('shows a provider’s KPI only when it answers, in registry order, with today in the zone', async () => {
    const service = createOverviewService({
      db: app.database.db,
      clock: () => new Date('2025-02-01T03:00:00Z'), // still 01/31 in Chicago
      providers: [
        { key: 'calls', label: 'Calls', description: '', better: 'up', compute: async () => null },
        ...KPI_PROVIDERS.filter((p) => p.key === 'work_done'),
      ],
    });
    const body = await service.kpis(admin, people.companyA, {});
    expect(body.range).toEqual({ from: '2024-11-03', to: '2025-01-31' });
    expect(body.previousRange).toEqual({ from: '2024-08-05', to: '2024-11-02' });
    expect(body.kpis.map((k) => k.key)).toEqual(['work_done']);
    expect(body.kpis[0]).toMatchObject({ value: 7 });
  });
});
