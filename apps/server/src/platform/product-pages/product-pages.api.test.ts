import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  productInstances,
  users,
  vendorConnections,
} from '../../kernel/db/schema';
import { createTestApp, sessionCookieOf, TEST_ORIGIN } from '../../test/test-app';

let app: FastifyInstance;
const ids = { company: 0, connected: 0, plain: 0, connection: 0 };
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ({ app } = await createTestApp());
  const db = app.database.db;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      { name: 'Page Plumbing', label: 'Page', timeZone: 'America/Chicago' },
      { name: 'Other Dental', label: 'Other' },
    ])
    .returning();
  ids.company = company?.id ?? 0;
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId: ids.company,
      vendor: 'google-business-profile',
      externalAccount: 'accounts/9/locations/9',
      displayName: 'Page Plumbing',
    })
    .returning();
  ids.connection = connection?.id ?? 0;
  const [connected, plain] = await db
    .insert(productInstances)
    .values([
      {
        companyId: ids.company,
        productSlug: 'google-business-pro',
        status: 'active',
        startDate: '2024-02-01',
        monthlyPriceCents: 29_900,
        vendorConnectionId: ids.connection,
      },
      {
        companyId: ids.company,
        productSlug: 'facebook-ads',
        status: 'paused',
        startDate: '2024-05-01',
        monthlyPriceCents: 49_900,
      },
    ])
    .returning();
  ids.connected = connected?.id ?? 0;
  ids.plain = plain?.id ?? 0;
  const people = await db
    .insert(users)
    .values([
      { email: 'member@pp.test', firstName: 'M', lastName: 'Member' },
      { email: 'stranger@pp.test', firstName: 'S', lastName: 'Stranger' },
      { email: 'staff@pp.test', firstName: 'E', lastName: 'Staff', perm: true },
      { email: 'admin@pp.test', firstName: 'A', lastName: 'Admin', admin: true },
    ])
    .returning();
  const [member, stranger, staff, admin] = people.map((p) => p.id);
  await db.insert(clientMembers).values([
    { userId: member ?? 0, companyId: ids.company },
    { userId: stranger ?? 0, companyId: other?.id ?? 0 },
  ]);
  await db.insert(employeeAssignments).values({ userId: staff ?? 0, companyId: ids.company });
  for (const [who, id] of Object.entries({ member, stranger, staff, admin })) {
    cookies[who] = await sessionCookieOf(app, id ?? 0);
  }
});
afterAll(() => app.close());

const get = (who: string | null, productId: number | string) =>
  app.inject({
    method: 'GET',
    url: `/api/uni/products/item/${productId}`,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: cookies[who] } : {}) },
  });

describe('GET /api/uni/products/item/:productId', () => {
  it('answers the product, its company (with its zone) and the connection behind it', async () => {
    const res = await get('member', ids.connected);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      product: {
        id: ids.connected,
        companyId: ids.company,
        slug: 'google-business-pro',
        name: 'Google Business Pro',
        status: 'active',
        startDate: '2024-02-01',
        monthlyPriceCents: 29_900,
      },
      company: { id: ids.company, name: 'Page Plumbing', timeZone: 'America/Chicago' },
      connectionId: ids.connection,
    });
  });

  it('says null when no account is connected', async () => {
    const res = await get('member', ids.plain);
    expect(res.json()).toMatchObject({ product: { status: 'paused' }, connectionId: null });
  });

  it('is open to the assigned employee and to admins', async () => {
    expect((await get('staff', ids.connected)).statusCode).toBe(200);
    expect((await get('admin', ids.connected)).statusCode).toBe(200);
  });

  it('refuses another client (403) and anonymous callers (401) without naming the company', async () => {
    const refused = await get('stranger', ids.connected);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('access denied');
    expect(refused.body).not.toContain('Page Plumbing');
    expect((await get(null, ids.connected)).statusCode).toBe(401);
  });

  it('answers 404 for malformed ids, and for unknown ones to admins', async () => {
    expect((await get('member', 'abc')).statusCode).toBe(404);
    expect((await get('admin', 999_999)).statusCode).toBe(404);
    // Others learn nothing about which ids exist.
    expect((await get('member', 999_999)).statusCode).toBe(403);
  });
});
