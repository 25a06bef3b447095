import { type ScanQuota, TRIAL_COMPANY_STATUS } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientMembers, gridScans, leads, users } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError } from '../../kernel/lib/app-error';
import { createTestApp, sessionCookieOf, TEST_ORIGIN } from '../../test/test-app';
import { createRankGridService } from './rank-grid.service';
import { checkDailyQuota, checkGridSize, nextUtcMidnight, utcDayStart } from './scan-quota';

const CENTRE = { lat: 30.2672, lng: -97.7431 };
const THREE = { keyword: 'plumber', size: 3, radius: 1, unit: 'km', centre: CENTRE } as const;
const FIVE = { ...THREE, size: 5 } as const;

let app: FastifyInstance;
const ids = { company: 0, other: 0, member: 0, outsider: 0, admin: 0, leadA: 0, leadB: 0 };

beforeAll(async () => {
  ({ app } = await createTestApp({
    config: { scanQuota: { pointsPerDay: 5_000, maxGridSize: 15 } },
  }));
  const db = app.database.db;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      {
        name: 'Quota Plumbing',
        label: 'Quota Plumbing',
        latitude: CENTRE.lat,
        longitude: CENTRE.lng,
      },
      { name: 'Other Dental', label: 'Other Dental', latitude: CENTRE.lat, longitude: CENTRE.lng },
    ])
    .returning({ id: clientCompanies.id });
  ids.company = company?.id ?? 0;
  ids.other = other?.id ?? 0;
  const person = (email: string, flags: Partial<typeof users.$inferInsert> = {}) => ({
    email,
    firstName: 'Quota',
    lastName: email.split('@')[0] ?? '',
    ...flags,
  });
  const created = await db
    .insert(users)
    .values([
      person('member@quota.test'),
      person('outsider@quota.test'),
      person('admin@quota.test', { admin: true }),
      person('leada@quota.test', { lead: true }),
      person('leadb@quota.test', { lead: true }),
    ])
    .returning({ id: users.id });
  [ids.member, ids.outsider, ids.admin, ids.leadA, ids.leadB] = created.map((u) => u.id) as [
    number,
    number,
    number,
    number,
    number,
  ];
  await db.insert(clientMembers).values([
    { userId: ids.member, companyId: ids.company },
    { userId: ids.outsider, companyId: ids.other },
  ]);
  await db.insert(leads).values({
    userId: ids.leadA,
    company: 'Lead A Roofing',
    firstName: 'Lead',
    lastName: 'A',
    email: 'leada@quota.test',
    phoneNumber: '+15125550188',
  });
});
afterAll(() => app?.close());

const cookieOf = (userId: number) => sessionCookieOf(app, userId);

async function call(userId: number, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { cookie: await cookieOf(userId), origin: TEST_ORIGIN },
    ...(payload && { payload }),
  });
}

const requestScan = (userId: number, body: object) =>
  call(userId, 'POST', '/api/localrank/request', body);

async function scansOf(companyId: number) {
  return app.database.db.select().from(gridScans).where(eq(gridScans.companyId, companyId));
}

async function trialCompanyOf(userId: number) {
  const [row] = await app.database.db
    .select({ id: clientCompanies.id, name: clientCompanies.name, status: clientCompanies.status })
    .from(clientMembers)
    .innerJoin(clientCompanies, eq(clientCompanies.id, clientMembers.companyId))
    .where(eq(clientMembers.userId, userId));
  return row;
}

function principal(userId: number, flags: Partial<Principal> = {}): Principal {
  return { userId, perm: false, admin: false, lead: false, memberOf: [], assignedTo: [], ...flags };
}

/** A service on the app's database with its own budget and a clock the test moves. */
function serviceAt(clock: { now: Date }, pointsPerDay: number) {
  return createRankGridService({
    repo: app.areas['rank-grid'].rankGrid.repo,
    provider: app.areas['rank-grid'].rankGrid.provider,
    enqueuePoint: async () => {},
    quota: { pointsPerDay, maxGridSize: 21 },
    clock: () => clock.now,
  });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the quota rules', () => {
  it('counts days in UTC', () => {
    const at = new Date('2031-03-04T23:59:59.999Z');
    expect(utcDayStart(at).toISOString()).toBe('2031-03-04T00:00:00.000Z');
    expect(nextUtcMidnight(at).toISOString()).toBe('2031-03-05T00:00:00.000Z');
  });

  it('caps grid sizes: 7×7 on trial, the configured cap for everyone', () => {
    const settings = { pointsPerDay: 100, maxGridSize: 11 };
    expect(() => checkGridSize(7, true, settings)).not.toThrow();
    expect(() => checkGridSize(9, true, settings)).toThrow('Trial grids are at most 7×7.');
    expect(() => checkGridSize(11, false, settings)).not.toThrow();
    expect(() => checkGridSize(13, false, settings)).toThrow('Grids are at most 11×11.');
    // A cap below 7 holds for trials too.
    expect(() => checkGridSize(7, true, { pointsPerDay: 100, maxGridSize: 5 })).toThrow(
      'Grids are at most 5×5.',
    );
  });

  it('refuses the scan that would pass the budget and allows the one that fits exactly', () => {
    const base = {
      trial: false,
      companyName: 'Acme',
      settings: { pointsPerDay: 100, maxGridSize: 21 },
      now: new Date('2031-03-04T12:00:00Z'),
    };
    expect(() =>
      checkDailyQuota({ ...base, usage: { points: 91, scans: 0 }, points: 9 }),
    ).not.toThrow();
    let error: unknown;
    try {
      checkDailyQuota({ ...base, usage: { points: 92, scans: 0 }, points: 9 });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ statusCode: 429, code: 'QUOTA_EXCEEDED' });
    expect((error as AppError).message).toContain('Acme has 8 of its 100 grid points left today');
    // Twelve hours to midnight.
    expect((error as AppError).extra.headers?.['retry-after']).toBe('43200');
  });
});

describe('trial leads', () => {
  it('runs three scans a day on their own trial company and refuses the fourth, storing nothing', async () => {
    for (let i = 0; i < 3; i++) {
      // The id in the body is not the lead's to choose: their own trial company is used.
      const res = await requestScan(ids.leadA, { companyId: ids.company, ...THREE });
      expect(res.statusCode, res.body).toBe(200);
    }
    const trial = await trialCompanyOf(ids.leadA);
    expect(trial).toMatchObject({ name: 'Lead A Roofing', status: TRIAL_COMPANY_STATUS });
    expect(await scansOf(trial?.id ?? 0)).toHaveLength(3);
    expect(await scansOf(ids.company)).toHaveLength(0);

    const fourth = await requestScan(ids.leadA, { companyId: trial?.id, ...THREE });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: 'Trial accounts can run 3 scans a day. Your next scan is available at 00:00 UTC.',
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await scansOf(trial?.id ?? 0)).toHaveLength(3);

    const quota = (await call(ids.leadA, 'GET', '/api/localrank/quota')).json() as ScanQuota;
    expect(quota).toMatchObject({
      scope: 'trial',
      companyId: trial?.id,
      maxGridSize: 7,
      scans: { used: 3, limit: 3, remaining: 0 },
      points: { used: 27, limit: 5_000, remaining: 4_973 },
    });
  });

  it('refuses a 9×9 grid with a message on body.size, and creates nothing for it', async () => {
    const res = await requestScan(ids.leadB, { companyId: 1, ...THREE, size: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Trial grids are at most 7×7.');
    expect(res.json().error.details).toEqual([
      { path: 'body.size', message: 'Trial grids are at most 7×7.' },
    ]);
    expect(await trialCompanyOf(ids.leadB)).toBeUndefined();
    // Before their first scan a lead's quota names no company yet.
    const quota = (await call(ids.leadB, 'GET', '/api/localrank/quota')).json() as ScanQuota;
    expect(quota).toMatchObject({ companyId: null, scans: { used: 0, remaining: 3 } });
  });

  it("never reads another lead's or a client's scan, and stays out of staff lists", async () => {
    const own = await requestScan(ids.leadB, { companyId: 1, ...THREE });
    expect(own.statusCode, own.body).toBe(200);
    const leadBScan = own.json().scanId as number;
    const [leadAScan] = await scansOf((await trialCompanyOf(ids.leadA))?.id ?? 0);
    const client = await requestScan(ids.member, { companyId: ids.company, ...THREE });
    expect(client.statusCode, client.body).toBe(200);
    const clientScan = client.json().scanId as number;

    const find = (userId: number, scanId: number) =>
      call(userId, 'GET', `/api/localrank/find/grid/${scanId}`);
    expect((await find(ids.leadB, leadBScan)).statusCode).toBe(200);
    expect((await find(ids.leadB, leadAScan?.id ?? 0)).statusCode).toBe(404);
    expect((await find(ids.leadB, clientScan)).statusCode).toBe(404);
    expect((await find(ids.member, leadBScan)).statusCode).toBe(404);
    // A lead's quota is their own, whatever company they name.
    const quota = await call(ids.leadB, 'GET', `/api/localrank/quota?companyId=${ids.company}`);
    expect(quota.json()).toMatchObject({ scope: 'trial', scans: { used: 1 } });
    expect(quota.body).not.toContain(`"companyId":${ids.company}`);

    const listed = await call(ids.admin, 'GET', '/api/uni/user/clients');
    const names = (listed.json().clients as { name: string }[]).map((c) => c.name);
    expect(names).toContain('Quota Plumbing');
    expect(names).not.toContain('Lead A Roofing');
    const leadList = await call(ids.leadB, 'GET', '/api/uni/user/clients');
    expect(leadList.json().clients).toEqual([]);
  });
});

describe('the company budget', () => {
  it("refuses the person's scan that would pass the day's points and allows the one that fits", async () => {
    const clock = { now: new Date('2031-03-04T10:00:00Z') };
    const scans = serviceAt(clock, 60);
    const member = principal(ids.member, { memberOf: [ids.other] });
    const five = { companyId: ids.other, ...FIVE, shape: 'square' as const, disabledPoints: [] };
    await scans.request(member, five);
    await scans.request(member, five);
    const before = (await scansOf(ids.other)).length;
    const refused = await refusal(scans.request(member, five));
    expect(refused).toMatchObject({ statusCode: 429, code: 'QUOTA_EXCEEDED' });
    expect(refused.message).toContain('Other Dental has 10 of its 60 grid points left today');
    expect(refused.extra.details).toEqual([{ path: 'body.size', message: refused.message }]);
    expect(await scansOf(ids.other)).toHaveLength(before);
    // 9 of the 10 left: it fits.
    await scans.request(member, { ...five, size: 3 });
    expect(await scans.quotaFor(member, ids.other)).toMatchObject({
      scope: 'company',
      day: '2031-03-04',
      points: { used: 59, limit: 60, remaining: 1 },
      scans: null,
    });
    // Scheduled scans are the agency's planned work: counted, never refused by the budget.
    await scans.startScan({
      companyId: ids.other,
      keyword: 'plumber',
      settings: { size: 5, radius: 1, unit: 'km', shape: 'square', disabledPoints: [] },
      requestedBy: null,
      origin: 'scheduled',
    });
    expect((await scans.quotaFor(member, ids.other)).points.used).toBe(84);
    // Another client's company is not found, not refused.
    const hidden = await refusal(scans.quotaFor(principal(ids.outsider), ids.other));
    expect(hidden.statusCode).toBe(404);
  });

  it('admits requests that arrive together one at a time, so the budget is never overrun', async () => {
    const [company] = await app.database.db
      .insert(clientCompanies)
      .values({ name: 'Rush Co', label: 'Rush Co', latitude: CENTRE.lat, longitude: CENTRE.lng })
      .returning({ id: clientCompanies.id });
    const scans = serviceAt({ now: new Date('2031-04-01T09:00:00Z') }, 20);
    const admin = principal(ids.admin, { admin: true });
    const body = {
      companyId: company?.id ?? 0,
      ...THREE,
      shape: 'square' as const,
      disabledPoints: [],
    };
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => scans.request(admin, body)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect(await scansOf(company?.id ?? 0)).toHaveLength(2);
  });

  it('starts again at UTC midnight, for trial scans and points alike', async () => {
    const clock = { now: new Date('2031-05-06T23:59:30Z') };
    const scans = serviceAt(clock, 30);
    const [lead] = await app.database.db
      .insert(users)
      .values({ email: 'night@quota.test', firstName: 'Night', lastName: 'Owl', lead: true })
      .returning({ id: users.id });
    const owl = principal(lead?.id ?? 0, { lead: true });
    const body = { companyId: 1, ...THREE, shape: 'square' as const, disabledPoints: [] };
    for (let i = 0; i < 3; i++) await scans.request(owl, body);
    clock.now = new Date('2031-05-06T23:59:59Z');
    expect((await refusal(scans.request(owl, body))).code).toBe('QUOTA_EXCEEDED');
    clock.now = new Date('2031-05-07T00:00:01Z');
    await expect(scans.request(owl, body)).resolves.toMatchObject({ pointsTotal: 9 });
    expect(await scans.quotaFor(owl, undefined)).toMatchObject({
      day: '2031-05-07',
      resetsAt: '2031-05-08T00:00:00.000Z',
      scans: { used: 1, remaining: 2 },
      points: { used: 9, remaining: 21 },
    });
  });
});

describe('GET /api/localrank/quota', () => {
  it("answers a member's company, and 404 for a company the caller cannot see", async () => {
    const own = await call(ids.member, 'GET', `/api/localrank/quota?companyId=${ids.company}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      scope: 'company',
      companyId: ids.company,
      maxGridSize: 15,
      points: { limit: 5_000 },
    });
    expect(own.json().points.used).toBeGreaterThanOrEqual(9);
    const other = await call(ids.outsider, 'GET', `/api/localrank/quota?companyId=${ids.company}`);
    expect(other.statusCode).toBe(404);
    const none = await call(ids.member, 'GET', '/api/localrank/quota');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details[0].path).toBe('querystring.companyId');
  });

  it('refuses a grid above the configured cap for everyone, admins included', async () => {
    const res = await requestScan(ids.admin, { companyId: ids.company, ...THREE, size: 17 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: 'body.size', message: 'Grids are at most 15×15.' },
    ]);
  });
});
