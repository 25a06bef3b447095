import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  productInstances,
  users,
} from '../../kernel/db/schema';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { day, insertScan, type ScanFixture } from './scan-fixtures';

/** Tests only: two clients, a member of each, an assigned and an unassigned employee, an admin. */
export const ROLES = ['memberA', 'memberB', 'employeeA', 'employeeNone', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface HistoryTestWorld {
  app: FastifyInstance;
  companyA: number;
  companyB: number;
  /** Company A's rank grid item and company B's. */
  itemA: number;
  itemB: number;
  call(
    who: Role,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

export async function createHistoryTestWorld(): Promise<HistoryTestWorld> {
  const { app } = await createTestApp();
  const db = app.database.db;
  const [a, b] = await db
    .insert(clientCompanies)
    .values([
      {
        name: 'Alpha Timeline Plumbing',
        label: 'Alpha',
        city: 'Austin',
        state: 'TX',
        googlePlaceId: 'place-alpha',
      },
      { name: 'Beta Timeline Dental', label: 'Beta' },
    ])
    .returning({ id: clientCompanies.id });
  if (!a || !b) throw new Error('companies not inserted');
  const [itemA, itemB] = await db
    .insert(productInstances)
    .values([
      {
        companyId: a.id,
        productSlug: 'google-business-pro',
        status: 'active',
        startDate: '2024-01-01',
        monthlyPriceCents: 50000,
      },
      {
        companyId: b.id,
        productSlug: 'local-services-ads',
        status: 'active',
        startDate: '2024-01-01',
        monthlyPriceCents: 40000,
      },
    ])
    .returning({ id: productInstances.id });
  const created = await db
    .insert(users)
    .values(
      ROLES.map((role) => ({
        email: `${role.toLowerCase()}@history.test`,
        firstName: role,
        lastName: 'Test',
        perm: role.startsWith('employee'),
        admin: role === 'admin',
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userId = (role: Role) =>
    created.find((user) => user.email === `${role.toLowerCase()}@history.test`)?.id ?? 0;
  await db.insert(clientMembers).values([
    { userId: userId('memberA'), companyId: a.id },
    { userId: userId('memberB'), companyId: b.id },
  ]);
  await db.insert(employeeAssignments).values({ userId: userId('employeeA'), companyId: a.id });
  const cookies = {} as Record<Role, string>;
  for (const role of ROLES) {
    const { token } = await app.sessionService.create({
      userId: userId(role),
      authType: 'password',
      ip: '127.0.0.1',
      userAgent: 'rank history test',
    });
    cookies[role] = `${app.sessionCookie.name}=${token}`;
  }
  return {
    app,
    companyA: a.id,
    companyB: b.id,
    itemA: itemA?.id ?? 0,
    itemB: itemB?.id ?? 0,
    call(who, method, url, payload) {
      const options: InjectOptions = {
        method,
        url,
        headers: { origin: TEST_ORIGIN, cookie: cookies[who] },
      };
      if (payload) options.payload = payload;
      return app.inject(options);
    },
  };
}

/**
 * The scans both test files read. Company A has four lines (plumber 7×7 at 5 mi and at 5 km,
 * plumber 9×9 5 mi outside any item, drain cleaning) and a running scan; company B one line.
 */
export async function insertTimelineScans(world: HistoryTestWorld) {
  const db = world.app.database.db;
  const { companyA: a, companyB: b, itemA, itemB } = world;
  const scan = (fixture: Omit<ScanFixture, 'createdAt'> & { on: string }) =>
    insertScan(db, { ...fixture, createdAt: day(fixture.on) });
  return {
    janMi: await scan({
      companyId: a,
      itemId: itemA,
      keyword: 'plumber',
      on: '2025-01-10',
      atrp: 12,
      solv: 10,
    }),
    febMi: await scan({
      companyId: a,
      itemId: itemA,
      keyword: 'plumber',
      on: '2025-02-10',
      atrp: 10,
      solv: 20,
    }),
    marMi: await scan({
      companyId: a,
      itemId: itemA,
      keyword: 'plumber',
      on: '2025-03-10',
      atrp: 8,
      solv: 30,
    }),
    marKm: await scan({
      companyId: a,
      itemId: itemA,
      keyword: 'plumber',
      unit: 'km',
      on: '2025-03-05',
      atrp: 15,
      solv: 5,
    }),
    feb9: await scan({
      companyId: a,
      keyword: 'plumber',
      size: 9,
      on: '2025-02-20',
      atrp: 14,
      solv: 8,
    }),
    mar9: await scan({
      companyId: a,
      keyword: 'plumber',
      size: 9,
      on: '2025-03-12',
      atrp: 13,
      solv: 9,
    }),
    drain: await scan({
      companyId: a,
      itemId: itemA,
      keyword: 'drain cleaning',
      on: '2025-03-01',
      atrp: 6,
      solv: 40,
    }),
    running: await scan({
      companyId: a,
      itemId: itemA,
      keyword: 'plumber',
      on: '2025-03-15',
      status: 'running',
    }),
    febB: await scan({
      companyId: b,
      itemId: itemB,
      keyword: 'dentist',
      radius: 3,
      on: '2025-02-01',
      atrp: 4,
      solv: 60,
    }),
    marB: await scan({
      companyId: b,
      itemId: itemB,
      keyword: 'dentist',
      radius: 3,
      on: '2025-03-01',
      atrp: 3,
      solv: 70,
    }),
  };
}
