import type {
  AuthResponse,
  CreatedGrids,
  Prospect,
  ProspectSearchResult,
  Scan,
} from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  clientMembers,
  competitors,
  employeeAssignments,
  gridConfigs,
  gridScans,
  users,
} from '../../kernel/db/schema';
import { WORKERS_ON, waitFor } from '../../test/job-test-helpers';
import { createTestApp, sessionCookieOf, TEST_ORIGIN } from '../../test/test-app';
import { createGridBatchesRepository } from '../grid-batches/grid-batches.repository';

/** Downtown Austin; the demo gazetteer's `us-tx-austin` is near it. */
const CENTRE = { lat: 30.2672, lng: -97.7431 };

let app: FastifyInstance;
const ids = { rookie: 0, other: 0, client: 0, lead: 0, admin: 0, company: 0, rival: '' };

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { jobs: WORKERS_ON } }));
  const db = app.database.db;
  const [company] = await db
    .insert(clientCompanies)
    .values({ name: 'Owned Plumbing', label: 'Owned', primaryCategory: 'Plumber' })
    .returning({ id: clientCompanies.id });
  ids.company = company?.id ?? 0;
  // The businesses the simulated search can show: plumbers around downtown.
  await db.insert(competitors).values(
    ['Zilker Pipe Works', 'Eastside Drain Pros', 'Capitol Plumbing Co'].map((name, i) => ({
      companyId: ids.company,
      name,
      placeId: `ChIJ-custom-rank-${i}`,
      category: 'Plumber',
      address: `${100 + i} Congress Ave, Austin, TX`,
      latitude: CENTRE.lat + i * 0.004,
      longitude: CENTRE.lng - i * 0.004,
      rating: 4.5,
      reviewCount: 120 + i * 40,
    })),
  );
  ids.rival = 'ChIJ-custom-rank-0';
  const people = await db
    .insert(users)
    .values([
      { email: 'rookie@custom.test', firstName: 'Rook', lastName: 'E', perm: true },
      { email: 'other@custom.test', firstName: 'Oth', lastName: 'Er', perm: true },
      { email: 'client@custom.test', firstName: 'Cli', lastName: 'Ent' },
      { email: 'lead@custom.test', firstName: 'Le', lastName: 'Ad', lead: true },
      { email: 'admin@custom.test', firstName: 'Ad', lastName: 'Min', admin: true },
    ])
    .returning({ id: users.id });
  [ids.rookie, ids.other, ids.client, ids.lead, ids.admin] = people.map((p) => p.id) as [
    number,
    number,
    number,
    number,
    number,
  ];
  await db.insert(clientMembers).values({ userId: ids.client, companyId: ids.company });
});
afterAll(() => app?.close());

async function call(userId: number, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { cookie: await sessionCookieOf(app, userId), origin: TEST_ORIGIN },
  });
}

const business = (placeId = ids.rival) => ({
  placeId,
  name: 'Zilker Pipe Works',
  address: '100 Congress Ave, Austin, TX',
  lat: CENTRE.lat,
  lng: CENTRE.lng,
  category: 'Plumber',
});

const prospect = (userId: number, body: object = business()) =>
  call(userId, { method: 'POST', url: '/api/sales/prospect', payload: body });

describe('GET /api/sales/places/search', () => {
  it('lists the local businesses for a trade near a city, name matches first', async () => {
    const res = await call(ids.rookie, {
      method: 'GET',
      url: '/api/sales/places/search?q=eastside%20plumber&near=us-tx-austin',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ProspectSearchResult>();
    expect(body.near.name).toMatch(/Austin/);
    expect(body.businesses.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Zilker Pipe Works', 'Capitol Plumbing Co']),
    );
    expect(body.businesses[0]?.name).toBe('Eastside Drain Pros');
    expect(body.businesses[0]).toMatchObject({ placeId: 'ChIJ-custom-rank-1' });
    // SPEC §7's `places/details` answers the same businesses with their details.
    const details = await call(ids.rookie, {
      method: 'GET',
      url: '/api/sales/places/details?q=eastside%20plumber&near=us-tx-austin',
    });
    expect(details.statusCode).toBe(200);
    expect(details.json<ProspectSearchResult>()).toEqual(body);
  });

  it('takes a lat,lng point and explains a bad `near` on its field', async () => {
    const point = await call(ids.rookie, {
      method: 'GET',
      url: `/api/sales/places/search?q=plumber&near=${CENTRE.lat},${CENTRE.lng}`,
    });
    expect(point.statusCode).toBe(200);
    expect(point.json<ProspectSearchResult>().near).toMatchObject({ name: null, ...CENTRE });
    const bad = await call(ids.rookie, {
      method: 'GET',
      url: '/api/sales/places/search?q=plumber&near=nowhere-at-all',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('querystring.near');
  });
});

describe('POST /api/sales/prospect', () => {
  it('makes one prospect company per employee and place, even for two clicks at once', async () => {
    const [first, second] = await Promise.all([prospect(ids.rookie), prospect(ids.rookie)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const a = first.json<Prospect>();
    const b = second.json<Prospect>();
    expect(a.companyId).toBe(b.companyId);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    const again = (await prospect(ids.rookie)).json<Prospect>();
    expect(again).toMatchObject({ companyId: a.companyId, created: false });

    const db = app.database.db;
    const [row] = await db
      .select()
      .from(clientCompanies)
      .where(eq(clientCompanies.id, a.companyId));
    expect(row).toMatchObject({ status: 'prospect', googlePlaceId: ids.rival });
    const assigned = await db
      .select()
      .from(employeeAssignments)
      .where(
        and(
          eq(employeeAssignments.companyId, a.companyId),
          eq(employeeAssignments.userId, ids.rookie),
        ),
      );
    expect(assigned).toHaveLength(1);

    // Another employee working the same business gets their own.
    const theirs = (await prospect(ids.other)).json<Prospect>();
    expect(theirs.companyId).not.toBe(a.companyId);

    // The custom rank pages read the prospect's record like a client's, status and all;
    // the other employee's prospect is not the rookie's to read.
    const record = await call(ids.rookie, { method: 'GET', url: `/api/uni/client/${a.companyId}` });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({ status: 'prospect', googlePlaceId: ids.rival });
    const notMine = await call(ids.rookie, {
      method: 'GET',
      url: `/api/uni/client/${theirs.companyId}`,
    });
    expect(notMine.statusCode).toBe(403);
  });

  it('refuses bad input per field, and clients and leads outright', async () => {
    const bad = await prospect(ids.rookie, { placeId: '', name: 'X', lat: 200, lng: 0 });
    expect(bad.statusCode).toBe(400);
    const text = JSON.stringify(bad.json());
    expect(text).toContain('placeId');
    expect(text).toContain('lat');
    for (const userId of [ids.client, ids.lead]) {
      expect((await prospect(userId)).statusCode).toBe(403);
      const search = await call(userId, {
        method: 'GET',
        url: '/api/sales/places/search?q=plumber&near=us-tx-austin',
      });
      expect(search.statusCode).toBe(403);
      const created = await call(userId, { method: 'GET', url: '/api/sales/created' });
      expect(created.statusCode).toBe(403);
    }
  });
});

describe('prospects are not clients', () => {
  it('leave the landing rule, the client list and the session descriptor alone', async () => {
    await prospect(ids.rookie, business('ChIJ-custom-rank-2'));
    const me = await call(ids.rookie, { method: 'GET', url: '/api/auth/session' });
    expect(me.statusCode).toBe(200);
    // No clients: the rookie still lands on the custom rank run (SPEC §2).
    expect(me.json<AuthResponse>().session.clients).toEqual([]);
    const clients = await call(ids.rookie, { method: 'GET', url: '/api/uni/user/clients' });
    expect(clients.statusCode).toBe(200);
    expect(JSON.stringify(clients.json())).not.toContain('Zilker');
    const all = await call(ids.admin, { method: 'GET', url: '/api/uni/user/clients' });
    expect(JSON.stringify(all.json())).not.toContain('Zilker');
    expect(JSON.stringify(all.json())).toContain('Owned Plumbing');
  });

  it('are left out of batches and top rankings', async () => {
    const mine = (await prospect(ids.rookie)).json<Prospect>();
    const db = app.database.db;
    // Even a prospect with a grid config (made by hand) is never planned into a batch.
    await db.insert(gridConfigs).values({
      companyId: mine.companyId,
      keyword: 'plumber',
      size: 3,
      radius: 1,
      unit: 'mi',
      centerLat: CENTRE.lat,
      centerLng: CENTRE.lng,
      frequency: 'weekly',
    });
    const planned = await createGridBatchesRepository(db).plannedConfigs();
    expect(planned.map((row) => row.config.companyId)).not.toContain(mine.companyId);
    const top = await call(ids.rookie, { method: 'GET', url: '/api/main/toprankings' });
    expect(top.statusCode).toBe(200);
    expect(JSON.stringify(top.json())).not.toContain('Zilker');
  });
});

describe('a custom grid and GET /api/sales/created', () => {
  it('runs a scan on the prospect and lists only my prospect grids, newest first, paged', async () => {
    const mine = (await prospect(ids.rookie)).json<Prospect>();
    const res = await call(ids.rookie, {
      method: 'POST',
      url: '/api/localrank/request',
      payload: {
        companyId: mine.companyId,
        keyword: 'plumber',
        size: 3,
        radius: 1,
        unit: 'mi',
        centre: { lat: mine.lat, lng: mine.lng },
      },
    });
    expect(res.statusCode).toBe(200);
    const { scanId } = res.json<{ scanId: number }>();
    const scan = await waitFor(async () => {
      const found = await call(ids.rookie, {
        method: 'GET',
        url: `/api/localrank/find/grid/${scanId}`,
      });
      const body = found.json<Scan>();
      return body.status === 'done' ? body : null;
    }, 15_000);
    // The engine recognises the business by its place id among the results.
    expect(scan.points.some((point) => point.state === 'found')).toBe(true);

    // More of mine (on prospects), one of mine on a client, and one of someone else's.
    const db = app.database.db;
    const base = {
      keyword: 'drain cleaning',
      size: 3,
      radius: 2,
      unit: 'mi',
      centerLat: CENTRE.lat,
      centerLng: CENTRE.lng,
      pointsTotal: 9,
    };
    const older = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db.insert(gridScans).values([
      ...[5, 10, 15].map((m) => ({
        ...base,
        companyId: mine.companyId,
        requestedBy: ids.rookie,
        createdAt: older(m),
      })),
      { ...base, companyId: ids.company, requestedBy: ids.rookie, createdAt: older(1) },
      { ...base, companyId: mine.companyId, requestedBy: ids.other, createdAt: older(1) },
    ]);

    const first = await call(ids.rookie, {
      method: 'GET',
      url: '/api/sales/created?limit=2&offset=0',
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<CreatedGrids>();
    expect(page1.total).toBe(4);
    expect(page1.grids.map((g) => g.scanId)[0]).toBe(scanId);
    expect(page1.grids[0]).toMatchObject({
      businessName: 'Zilker Pipe Works',
      keyword: 'plumber',
      status: 'done',
    });
    expect(page1.grids[0]?.metrics?.foundIn).toBeGreaterThan(0);
    const page2 = (
      await call(ids.rookie, { method: 'GET', url: '/api/sales/created?limit=2&offset=2' })
    ).json<CreatedGrids>();
    expect(page2.grids).toHaveLength(2);
    const times = [...page1.grids, ...page2.grids].map((g) => g.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const tooMany = await call(ids.rookie, { method: 'GET', url: '/api/sales/created?limit=101' });
    expect(tooMany.statusCode).toBe(400);
  }, 30_000);
});

describe('GET /api/trial/me', () => {
  it("answers a lead's profile and trial company, and refuses everyone else", async () => {
    const res = await call(ids.lead, { method: 'GET', url: '/api/trial/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      profile: { email: 'lead@custom.test', firstName: 'Le' },
      trialCompanyId: null,
      scansPerDay: 3,
    });
    for (const userId of [ids.rookie, ids.client]) {
      const refused = await call(userId, { method: 'GET', url: '/api/trial/me' });
      expect(refused.statusCode).toBe(403);
    }
  });
});
