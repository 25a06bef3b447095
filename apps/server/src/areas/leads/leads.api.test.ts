import { LISTING_DIRECTORIES } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../kernel/db/schema';
import { seedDemoAccounts } from '../../platform/identity/demo-accounts';
import { createTestApp, signInCookie, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  await seedDemoAccounts(testApp.database.db);
  for (const who of ['client', 'employee', 'rookie', 'admin', 'lead']) {
    cookies[who] = await signInCookie(app, `${who}@demo.pinpoint.local`);
  }
});
afterAll(() => app.close());

const call = (who: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: cookies[who] ?? '' } : {}) },
    ...(payload ? { payload } : {}),
  });

const prospect = {
  company: 'Lakeside Roofing',
  first_name: 'Robin',
  last_name: 'Reyes',
  email: 'Robin@LakesideRoofing.example',
  phone_number: '(737) 555-0102',
  alt_phone_number: '',
  street_address_1: '400 Lake Shore Dr',
  street_address_2: 'Unit 2',
  city: 'Austin',
  state: 'TX',
  zip: '78746',
  country: 'US',
  web_address: 'lakesideroofing.example',
};

describe('POST /api/uni/system/addlead', () => {
  it('stores the SPEC §3 payload with the two street lines joined', async () => {
    const res = await call('employee', 'POST', '/api/uni/system/addlead', prospect);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      company: 'Lakeside Roofing',
      first_name: 'Robin',
      last_name: 'Reyes',
      email: 'robin@lakesideroofing.example',
      phone_number: '+17375550102',
      alt_phone_number: null,
      street_address: '400 Lake Shore Dr, Unit 2',
      city: 'Austin',
      state: 'TX',
      zip: '78746',
      country: 'US',
      web_address: 'https://lakesideroofing.example',
      created_at: expect.any(String),
    });
    const [row] = await testApp.database.db.select().from(leads).where(eq(leads.id, res.json().id));
    expect(row).toMatchObject({ streetAddress: '400 Lake Shore Dr, Unit 2', userId: null });
  });

  it('takes a single street_address too, but not both forms at once', async () => {
    const { street_address_1: _1, street_address_2: _2, ...rest } = prospect;
    const single = await call('admin', 'POST', '/api/uni/system/addlead', {
      ...rest,
      street_address: '1 Main St, Floor 3',
    });
    expect(single.statusCode).toBe(201);
    expect(single.json().street_address).toBe('1 Main St, Floor 3');
    const both = await call('admin', 'POST', '/api/uni/system/addlead', {
      ...prospect,
      street_address: '1 Main St',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.details[0]).toEqual({
      path: 'body.street_address',
      message: 'Send street_address or the two address lines, not both.',
    });
  });

  it('explains each invalid field, refuses unknown ones, and stores nothing', async () => {
    const before = (await testApp.database.db.select().from(leads)).length;
    const res = await call('employee', 'POST', '/api/uni/system/addlead', {
      company: '',
      first_name: 'A',
      last_name: 'B',
      email: 'not-an-email',
      phone_number: '12',
      zip: 'ABCDE',
      web_address: 'ftp://x.example',
      user_id: 1,
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.company',
        'body.email',
        'body.phone_number',
        'body.web_address',
        'body',
      ]),
    );
    expect((await testApp.database.db.select().from(leads)).length).toBe(before);
  });

  it('accepts a non-US postal code when the country is not the US', async () => {
    const res = await call('employee', 'POST', '/api/uni/system/addlead', {
      company: 'Maple Dental',
      first_name: 'Jo',
      last_name: 'Tremblay',
      email: 'jo@maple.example',
      zip: 'H2X 1Y4',
      country: 'Canada',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().zip).toBe('H2X 1Y4');
  });

  it('is staff work: employees and admins only', async () => {
    for (const who of ['client', 'lead']) {
      const res = await call(who, 'POST', '/api/uni/system/addlead', prospect);
      expect(res.statusCode).toBe(403);
    }
    expect((await call('rookie', 'POST', '/api/uni/system/addlead', prospect)).statusCode).toBe(
      201,
    );
    expect((await call(null, 'POST', '/api/uni/system/addlead', prospect)).statusCode).toBe(401);
  });
});

describe('GET /api/uni/system/listings', () => {
  it('lists the listing directories to anyone signed in', async () => {
    for (const who of ['client', 'employee', 'lead']) {
      const res = await call(who, 'GET', '/api/uni/system/listings');
      expect(res.statusCode).toBe(200);
      expect(res.json().directories).toEqual(LISTING_DIRECTORIES);
    }
    const slugs = LISTING_DIRECTORIES.map((d) => d.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['google', 'bing', 'apple-maps', 'yelp', 'facebook']),
    );
    expect(new Set(slugs).size).toBe(slugs.length);
    expect((await call(null, 'GET', '/api/uni/system/listings')).statusCode).toBe(401);
  });
});
