import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies } from '../../kernel/db/schema';
import { seedDemoAccounts } from '../../platform/identity/demo-accounts';
import { createTestApp, signInCookie, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { PLACE_NOT_FOUND } from './profile.service';

let testApp: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let summit = 0;
let harbor = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  await seedDemoAccounts(testApp.database.db);
  const companies = await testApp.database.db.select().from(clientCompanies);
  summit = companies.find((c) => c.label === 'Summit Plumbing')?.id ?? 0;
  harbor = companies.find((c) => c.label === 'Harbor Smiles')?.id ?? 0;
  for (const who of ['client', 'owner', 'employee', 'rookie', 'admin', 'lead']) {
    cookies[who] = await signInCookie(app, `${who}@demo.pinpoint.local`);
  }
});
afterAll(() => app.close());

const put = (who: string | null, companyId: number, payload: object) =>
  app.inject({
    method: 'PUT',
    url: `/api/uni/client/${companyId}/profile`,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: cookies[who] ?? '' } : {}) },
    payload,
  });

const row = async (id: number) => {
  const [company] = await testApp.database.db
    .select()
    .from(clientCompanies)
    .where(eq(clientCompanies.id, id));
  return company;
};

describe('PUT /api/uni/client/{id}/profile', () => {
  it('stores normalised contact fields and the looked-up place, and answers the record', async () => {
    const res = await put('client', summit, {
      phone: '512.555.0134',
      email: 'Office@SummitPlumbing.example',
      website: 'summitplumbing.example',
      addressLine1: ' 1200 Congress Ave ',
      addressLine2: 'Suite 4',
      postalCode: '78701 1234',
      placeId: 'us-tx-austin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: summit,
      phone: '+15125550134',
      email: 'office@summitplumbing.example',
      website: 'https://summitplumbing.example',
      addressLine1: '1200 Congress Ave',
      addressLine2: 'Suite 4',
      postalCode: '78701-1234',
      placeId: 'us-tx-austin',
      city: 'Austin',
      county: 'Travis County',
      state: 'TX',
      country: 'US',
    });
    expect(res.json().latitude).toBeCloseTo(30.27, 1);
    expect((await row(summit))?.city).toBe('Austin');
    // The cached read (/api/uni/client/{id}) shows the same.
    const read = await app.inject({
      method: 'GET',
      url: `/api/uni/client/${summit}`,
      headers: { cookie: cookies.client ?? '' },
    });
    expect(read.json().phone).toBe('+15125550134');
  });

  it('changes only the fields sent; an empty value clears a field', async () => {
    const res = await put('client', summit, { addressLine2: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ addressLine2: null, addressLine1: '1200 Congress Ave' });
    expect((await put('client', summit, {})).json().phone).toBe('+15125550134');
  });

  it('a county or state pick clears the finer names it does not have', async () => {
    const res = await put('client', summit, { placeId: 'us-tx-williamson-county' });
    expect(res.json()).toMatchObject({ county: 'Williamson County', city: null, state: 'TX' });
  });

  it.each([
    ['phone', '555-12', 'Enter a valid phone number, such as (512) 555-0134.'],
    ['email', 'office-at-summit', 'Enter a valid email address.'],
    ['website', 'javascript:alert(1)', 'The web address must start with http:// or https://.'],
    ['website', 'ftp://files.example.com', 'The web address must start with http:// or https://.'],
    ['website', 'not a site', 'Enter a web address such as https://example.com.'],
    ['postalCode', '7870', 'Enter a 5-digit ZIP code, or ZIP+4 such as 78701-1234.'],
    ['addressLine1', 'x'.repeat(201), 'Use at most 200 characters.'],
    ['placeId', 'us tx/austin', 'This is not a place id. Pick a place from the search.'],
  ])(
    'refuses an invalid %s (%s) with its own message, storing nothing',
    async (field, value, message) => {
      const before = await row(summit);
      const res = await put('client', summit, { [field]: value, addressLine2: 'Not stored' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details).toEqual([{ path: `body.${field}`, message }]);
      expect(await row(summit)).toEqual(before);
    },
  );

  it('refuses a place id the provider does not know, storing nothing', async () => {
    const before = await row(summit);
    const res = await put('client', summit, { placeId: 'us-tx-atlantis', phone: '5125550199' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: 'body.placeId', message: PLACE_NOT_FOUND }]);
    expect(await row(summit)).toEqual(before);
  });

  it('refuses unknown fields (name, status, city names, ids) and stores none of them', async () => {
    const before = await row(summit);
    const res = await put('client', summit, {
      phone: '5125550100',
      name: 'Renamed',
      status: 'cancelled',
      city: 'Paris',
      verticalId: 3,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      {
        path: 'body',
        message: 'These fields cannot be changed here: name, status, city, verticalId.',
      },
    ]);
    expect(await row(summit)).toEqual(before);
  });

  it('lets members, assigned employees and admins edit; refuses everyone else', async () => {
    expect((await put('employee', summit, { addressLine2: 'Rear door' })).statusCode).toBe(200);
    expect((await put('admin', harbor, { addressLine2: 'Floor 2' })).statusCode).toBe(200);
    expect((await put('owner', harbor, { addressLine2: 'Floor 3' })).statusCode).toBe(200);
    for (const who of ['client', 'rookie', 'lead']) {
      const res = await put(who, harbor, { addressLine2: 'Hacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().reason).toBe('access denied');
    }
    expect((await put(null, harbor, { addressLine2: 'Hacked' })).statusCode).toBe(401);
    expect((await row(harbor))?.addressLine2).toBe('Floor 3');
  });

  it('answers 404 for a company that does not exist (to admins) and for malformed ids', async () => {
    expect((await put('admin', 999_999, { phone: '5125550100' })).statusCode).toBe(404);
    expect((await put('admin', 0, {})).statusCode).toBe(404);
  });

  it('works through the gateway, where the informational origin is not a field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie: cookies.client ?? '', origin: TEST_ORIGIN },
      payload: {
        method: 'PUT',
        url: `/api/uni/client/${summit}/profile`,
        data: { website: 'https://summit.example/contact', origin: TEST_ORIGIN },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().website).toBe('https://summit.example/contact');
  });
});
