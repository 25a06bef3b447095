import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientMembers, employeeAssignments, users } from '../kernel/db/schema';
import { describeAccess, type RouteAccess } from '../kernel/lib/access-policy';
import { seedProductObjectsOfA } from '../test/sweep-product-objects';
import { seedScanAndGifOfA } from '../test/sweep-rank-objects';
import { seedSalesWorkspaceOfA } from '../test/sweep-sales-objects';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';

/**
 * Walks every API route the server registered (not a hand-written list) as each kind of
 * caller, always for objects of client A, and checks allow or deny against the rules of
 * DECISIONS.md. A "leak" is a request that should have been refused and was not, or an
 * answer that carries client A's data to someone who may not see it.
 */
const ROLES = [
  'anonymous',
  'clientA',
  'clientB',
  'employeeA',
  'employeeNone',
  'admin',
  'lead',
] as const;
type Role = (typeof ROLES)[number];

/** DECISIONS.md "Sessions and roles", stated per declared access level. */
function expectedAllowed(access: RouteAccess, role: Role): boolean {
  if (access === 'public') return true;
  if (role === 'anonymous') return false;
  if (typeof access === 'object') {
    if (access.staff) return ['employeeA', 'admin'].includes(role);
    if (access.owners) return ['clientA', 'admin'].includes(role);
    return ['clientA', 'employeeA', 'admin'].includes(role);
  }
  switch (access) {
    case 'signed-in':
      return true;
    case 'employee':
      return ['employeeA', 'employeeNone', 'admin'].includes(role);
    case 'admin':
      return role === 'admin';
    case 'lead':
      return role === 'lead' || role === 'admin';
  }
}

/** Who may see client A's data in an answer. */
const SEES_A: Role[] = ['clientA', 'employeeA', 'admin'];
const A_NAME = 'Alpha Sweep Plumbing';

let testApp: TestApp;
let app: FastifyInstance;
const userIds = {} as Record<Exclude<Role, 'anonymous'>, number>;
let companyA = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  const db = testApp.database.db;
  const [a, b] = await db
    .insert(clientCompanies)
    .values([
      { name: A_NAME, label: 'Alpha' },
      { name: 'Beta Sweep Dental', label: 'Beta' },
    ])
    .returning();
  companyA = a?.id ?? 0;
  const person = (email: string, flags: Partial<typeof users.$inferInsert> = {}) => ({
    email,
    firstName: 'Sweep',
    lastName: email.split('@')[0] ?? '',
    ...flags,
  });
  const created = await db
    .insert(users)
    .values([
      person('clienta@sweep.test'),
      person('clientb@sweep.test'),
      person('employeea@sweep.test', { perm: true }),
      person('employeenone@sweep.test', { perm: true }),
      person('admin@sweep.test', { admin: true }),
      person('lead@sweep.test', { lead: true }),
    ])
    .returning();
  for (const user of created) {
    const role = ROLES.find((r) => r.toLowerCase() === user.email.split('@')[0]);
    if (role && role !== 'anonymous') userIds[role] = user.id;
  }
  await db.insert(clientMembers).values([
    { userId: userIds.clientA, companyId: companyA },
    { userId: userIds.clientB, companyId: b?.id ?? 0 },
  ]);
  await db.insert(employeeAssignments).values({ userId: userIds.employeeA, companyId: companyA });
  await seedScanAndGifOfA(db, companyA);
  await seedProductObjectsOfA(db, companyA);
  await seedSalesWorkspaceOfA(db, companyA, userIds.employeeA, A_NAME);
});
afterAll(() => app.close());

/** A fresh session per request, so a route that ends sessions cannot skew the next call. */
async function cookieFor(role: Role): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  const { token } = await app.sessionService.create({
    userId: userIds[role],
    authType: 'password',
    ip: '127.0.0.1',
    userAgent: 'sweep',
  });
  return { cookie: `${app.sessionCookie.name}=${token}` };
}

function concreteUrl(url: string): string {
  // Every id in a path names client A's object: the fixtures give A's scan, GIF, product,
  // connection, review and support request the id of A's company.
  return url.replace(/:(\w+)/g, () => String(companyA));
}

describe('authorization sweep', () => {
  it('refuses every caller the rules refuse, on every route, and leaks no data of client A', async () => {
    const routes = app.routeTable;
    expect(routes.map((r) => r.url)).toContain('/api/uni/client/:id');
    const leaks: string[] = [];
    const wrongDenials: string[] = [];
    let requests = 0;
    let viaGateway = 0;

    /** The same call directly and, where the route is reachable that way, through the gateway. */
    async function* calls(route: (typeof routes)[number], role: Role) {
      const url = concreteUrl(route.url);
      const headers = { ...(await cookieFor(role)), origin: TEST_ORIGIN };
      const direct: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url,
        headers,
      };
      if (route.method !== 'GET' && route.method !== 'HEAD') direct.payload = {};
      yield { via: 'direct', options: direct };
      if (route.gateway && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
        yield {
          via: 'gateway',
          options: {
            method: 'POST',
            url: '/database/request',
            headers: { ...(await cookieFor(role)), origin: TEST_ORIGIN },
            payload: { method: route.method, url, data: {} },
          } satisfies InjectOptions,
        };
      }
    }

    for (const route of routes) {
      for (const role of ROLES) {
        for await (const { via, options } of calls(route, role)) {
          const res = await app.inject(options);
          requests++;
          if (via === 'gateway') viaGateway++;
          const denied = res.statusCode === 401 || res.statusCode === 403;
          const label = `${via} ${route.method} ${route.url} [${describeAccess(route.access)}] as ${role} → ${res.statusCode}`;
          if (expectedAllowed(route.access, role)) {
            if (denied) wrongDenials.push(label);
          } else if (!denied) {
            leaks.push(label);
          }
          if (!SEES_A.includes(role) && res.body.includes(A_NAME))
            leaks.push(`${label}: body names client A`);
        }
      }
    }

    process.stdout.write(
      `\n[authorization sweep] ${routes.length} routes × ${ROLES.length} callers: ${requests} requests (${viaGateway} through the gateway), ${leaks.length} leaks, ${wrongDenials.length} wrong denials\n`,
    );
    expect(viaGateway).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
    expect(wrongDenials).toEqual([]);
  }, 120_000); // ~1,600 requests one after the other: ~15 s alone, more on a busy machine

  it('shows client A’s record to those who may see it, with its data', async () => {
    for (const role of SEES_A) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/uni/client/${companyA}`,
        headers: await cookieFor(role),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe(A_NAME);
    }
  });
});
