import type { AddressInfo } from 'node:net';
import { type Scan, scanSchema } from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  clientMembers,
  competitors,
  gridScanPoints,
  gridScans,
  users,
} from '../../kernel/db/schema';
import { WORKERS_ON } from '../../test/job-test-helpers';
import { openTestSocket, type TestSocket } from '../../test/socket-client';
import { createTestApp, sessionCookieOf, TEST_ORIGIN } from '../../test/test-app';
import { createRankGridRepository } from './rank-grid.repository';
import { createScanPointJob } from './scan-point.job';

/** Downtown Austin, as the simulated provider's own tests use. */
const CENTRE = { lat: 30.2672, lng: -97.7431 };
const OUR_PLACE_ID = 'ChIJ-grid-test-plumber';

let app: FastifyInstance;
let origin = '';
const ids = { company: 0, other: 0, member: 0, outsider: 0 };

function offset(northKm: number, eastKm: number) {
  return {
    lat: CENTRE.lat + northKm / 111.32,
    lng: CENTRE.lng + eastKm / (111.32 * Math.cos((CENTRE.lat * Math.PI) / 180)),
  };
}

beforeAll(async () => {
  ({ app } = await createTestApp({ config: { jobs: WORKERS_ON } }));
  const db = app.database.db;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      {
        name: 'Gridline Plumbing',
        label: 'Gridline Plumbing',
        googlePlaceId: OUR_PLACE_ID,
        phone: '+15125550142',
        website: 'https://gridlineplumbing.com',
        primaryCategory: 'Plumber',
        latitude: CENTRE.lat,
        longitude: CENTRE.lng,
      },
      { name: 'Elsewhere Dental', label: 'Elsewhere Dental', primaryCategory: 'Dentist' },
    ])
    .returning({ id: clientCompanies.id });
  if (!company || !other) throw new Error('fixtures not inserted');
  ids.company = company.id;
  ids.other = other.id;
  await db.insert(competitors).values(
    Array.from({ length: 6 }, (_, i) => {
      const at = offset((i % 3) - 1, i < 3 ? -1.5 : 1.5);
      return {
        companyId: company.id,
        name: `Rival Plumbing ${i}`,
        placeId: `ChIJ-grid-rival-${i}`,
        category: 'Plumber',
        address: `${i} Main St, Austin, TX 78701`,
        phone: `+1512555${2000 + i}`,
        website: `https://rivalplumbing${i}.com`,
        latitude: at.lat,
        longitude: at.lng,
        rating: 4 + i / 10,
        reviewCount: 20 + 15 * i,
      };
    }),
  );
  const [member, outsider] = await db
    .insert(users)
    .values([
      { email: 'member@grid.test', firstName: 'Grid', lastName: 'Member' },
      { email: 'outsider@grid.test', firstName: 'Other', lastName: 'Client' },
    ])
    .returning({ id: users.id });
  ids.member = member?.id ?? 0;
  ids.outsider = outsider?.id ?? 0;
  await db.insert(clientMembers).values([
    { userId: ids.member, companyId: ids.company },
    { userId: ids.outsider, companyId: ids.other },
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

async function requestScan(userId: number, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/localrank/request',
    headers: { cookie: await cookieOf(userId), origin: TEST_ORIGIN },
    payload: body,
  });
}

async function findScan(userId: number, scanId: number) {
  return app.inject({
    method: 'GET',
    url: `/api/localrank/find/grid/${scanId}`,
    headers: { cookie: await cookieOf(userId) },
  });
}

const FIVE_BY_FIVE = { keyword: 'plumber', size: 5, radius: 2, unit: 'km' } as const;

/** A 3×3 scan stored directly (no request), with `points` of its points, all at the centre. */
async function insertScanWithPoints(points: number) {
  const db = app.database.db;
  const [scan] = await db
    .insert(gridScans)
    .values({
      companyId: ids.company,
      keyword: 'plumber',
      size: 3,
      radius: 1,
      unit: 'km',
      centerLat: CENTRE.lat,
      centerLng: CENTRE.lng,
      pointsTotal: points,
      disabledPoints: [],
    })
    .returning();
  if (!scan) throw new Error('scan not inserted');
  await db.insert(gridScanPoints).values(
    Array.from({ length: points }, (_, pointIndex) => ({
      scanId: scan.id,
      pointIndex,
      ...CENTRE,
    })),
  );
  return scan;
}

describe('rank grid scans as jobs', () => {
  it('runs a 5×5 scan end to end through the queue, pushing progress to the company only', async () => {
    const member = await socketOf(ids.member);
    const outsider = await socketOf(ids.outsider);
    const res = await requestScan(ids.member, { companyId: ids.company, ...FIVE_BY_FIVE });
    expect(res.statusCode, res.body).toBe(200);
    const { scanId, pointsTotal } = res.json() as { scanId: number; pointsTotal: number };
    expect(pointsTotal).toBe(25);

    const done = await member.next('rank-scan.done', 60_000);
    expect(done.payload).toMatchObject({ scanId, companyId: ids.company, status: 'done' });

    const scan = scanSchema.parse((await findScan(ids.member, scanId)).json()) as Scan;
    expect(scan.status).toBe('done');
    expect(scan.pointsDone).toBe(25);
    expect(scan.centre).toEqual(CENTRE);
    expect(scan.points).toHaveLength(25);
    expect(scan.points.every((p) => p.state === 'found' || p.state === 'not_found')).toBe(true);
    expect(scan.points.every((p) => p.attempts === 1 && p.fetchedAt !== null)).toBe(true);
    expect(scan.metrics).toMatchObject({ points: 25, measured: 25, errors: 0, unmeasured: 0 });
    // Our business sits at the centre: it is found there, and is never its own competitor.
    expect(scan.points[12]?.state).toBe('found');
    expect(scan.competitors?.length).toBeGreaterThan(0);
    expect(scan.competitors?.some((c) => c.placeId === OUR_PLACE_ID)).toBe(false);
    expect(scan.competitors?.every((c) => c.name.startsWith('Rival Plumbing'))).toBe(true);

    const progress = member.messages.filter(
      (m) => m.type === 'rank-scan.progress' && (m.payload as { scanId: number }).scanId === scanId,
    );
    expect(progress).toHaveLength(25);
    const counts = progress.map((m) => (m.payload as { done: number }).done).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(outsider.messages.some((m) => m.type.startsWith('rank-scan.'))).toBe(false);
    member.socket.close();
    outsider.socket.close();
  }, 90_000);

  it('writes and counts a point once when its job runs twice', async () => {
    const db = app.database.db;
    const scan = await insertScanWithPoints(2);
    const repo = createRankGridRepository(db);
    const searches: number[] = [];
    const job = createScanPointJob({
      repo,
      provider: {
        name: 'simulated',
        estimateCost: () => 0,
        checkCost: (points) => ({ points, cents: 0, ceilingCents: null }),
        search: async () => {
          searches.push(1);
          return [];
        },
      },
      events: { publish: () => {} },
    });
    const ctx = {
      jobId: 'x',
      attempt: 0,
      log: app.log,
      signal: new AbortController().signal,
    };
    await job.handler({ scanId: scan.id, pointIndex: 0 }, ctx);
    await job.handler({ scanId: scan.id, pointIndex: 0 }, ctx);
    // Both at once, as two workers would after an expired job came back.
    await Promise.all([
      job.handler({ scanId: scan.id, pointIndex: 1 }, ctx),
      job.handler({ scanId: scan.id, pointIndex: 1 }, ctx),
    ]);
    const rows = await db
      .select()
      .from(gridScanPoints)
      .where(and(eq(gridScanPoints.scanId, scan.id), eq(gridScanPoints.pointIndex, 0)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state).toBe('not_found');
    const [after] = await db.select().from(gridScans).where(eq(gridScans.id, scan.id));
    expect(after?.pointsDone).toBe(2);
    expect(after?.status).toBe('done');
  });

  it('writes a point as error after its last attempt instead of throwing', async () => {
    const db = app.database.db;
    const scan = await insertScanWithPoints(1);
    const job = createScanPointJob({
      repo: createRankGridRepository(db),
      provider: {
        name: 'simulated',
        estimateCost: () => 0,
        checkCost: (points) => ({ points, cents: 0, ceilingCents: null }),
        search: async () => {
          throw new Error('vendor down');
        },
      },
      events: { publish: () => {} },
    });
    const ctx = (attempt: number) => ({
      jobId: 'y',
      attempt,
      log: app.log,
      signal: new AbortController().signal,
    });
    await expect(job.handler({ scanId: scan.id, pointIndex: 0 }, ctx(0))).rejects.toThrow(
      'vendor down',
    );
    await job.handler({ scanId: scan.id, pointIndex: 0 }, ctx(3));
    const [point] = await db
      .select()
      .from(gridScanPoints)
      .where(eq(gridScanPoints.scanId, scan.id));
    expect(point).toMatchObject({ state: 'error', attempts: 4, rank: null });
    const [after] = await db.select().from(gridScans).where(eq(gridScans.id, scan.id));
    // No point could be searched: the scan finished, as failed.
    expect(after).toMatchObject({ pointsDone: 1, status: 'failed' });
  });

  it("answers 404 to another client's request and find, and checks the body", async () => {
    const refused = await requestScan(ids.outsider, { companyId: ids.company, ...FIVE_BY_FIVE });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('NOT_FOUND');
    const [scan] = await app.database.db.select({ id: gridScans.id }).from(gridScans).limit(1);
    const hidden = await findScan(ids.outsider, scan?.id ?? 0);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Gridline');
    expect((await findScan(ids.member, 999_999)).statusCode).toBe(404);

    const bad = await requestScan(ids.member, {
      companyId: ids.company,
      keyword: ' ',
      size: 4,
      radius: 2,
      unit: 'km',
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.keyword', 'body.size']));

    // A company without a location needs an explicit centre.
    const noCentre = await requestScan(ids.outsider, { companyId: ids.other, ...FIVE_BY_FIVE });
    expect(noCentre.statusCode).toBe(400);
    expect(noCentre.json().error.details[0].path).toBe('body.centre');
  });
});
