import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientMembers, productInstances, users } from '../../kernel/db/schema';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';

let app: FastifyInstance;
let company = 0;
let empty = 0;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ({ app } = await createTestApp());
  const db = app.database.db;
  const [a, b] = await db
    .insert(clientCompanies)
    .values([
      { name: 'Products Plumbing', label: 'Products' },
      { name: 'No Products Yet', label: 'Empty' },
    ])
    .returning();
  company = a?.id ?? 0;
  empty = b?.id ?? 0;
  const [member, stranger] = await db
    .insert(users)
    .values([
      { email: 'member@p.test', firstName: 'M', lastName: 'Member' },
      { email: 'stranger@p.test', firstName: 'S', lastName: 'Stranger' },
    ])
    .returning();
  await db.insert(clientMembers).values([
    { userId: member?.id ?? 0, companyId: company },
    { userId: member?.id ?? 0, companyId: empty },
  ]);
  await db.insert(productInstances).values([
    {
      companyId: company,
      productSlug: 'facebook-ads',
      status: 'paused',
      startDate: '2024-05-01',
      monthlyPriceCents: 49_900,
    },
    {
      companyId: company,
      productSlug: 'google-business-pro',
      status: 'active',
      startDate: '2024-02-01',
      monthlyPriceCents: 29_900,
    },
  ]);
  for (const [who, user] of [
    ['member', member],
    ['stranger', stranger],
  ] as const) {
    const { token } = await app.sessionService.create({
      userId: user?.id ?? 0,
      authType: 'password',
      ip: '127.0.0.1',
      userAgent: 'products test',
    });
    cookies[who] = `${app.sessionCookie.name}=${token}`;
  }
});
afterAll(() => app.close());

const get = (who: string | null, id: number) =>
  app.inject({
    method: 'GET',
    url: `/api/uni/client/products/${id}`,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: cookies[who] } : {}) },
  });

describe('GET /api/uni/client/products/:companyId', () => {
  it('lists the company’s products in catalog order with name, status, start and price', async () => {
    const res = await get('member', company);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        companyId: company,
        slug: 'google-business-pro',
        name: 'Google Business Pro',
        status: 'active',
        startDate: '2024-02-01',
        monthlyPriceCents: 29_900,
      }),
      expect.objectContaining({ slug: 'facebook-ads', name: 'Facebook Ads', status: 'paused' }),
    ]);
  });

  it('answers an empty list for a company without products', async () => {
    expect((await get('member', empty)).json()).toEqual({ items: [] });
  });

  it('refuses other clients (403) and anonymous callers (401)', async () => {
    expect((await get('stranger', company)).statusCode).toBe(403);
    expect((await get(null, company)).statusCode).toBe(401);
  });
});
