import { LISTINGS_PEER_KEY } from '@pinpoint/fake-vendors/listings-vendor-peer';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  productInstances,
  users,
} from '../../kernel/db/schema';
import { nextSerial } from '../../test/serial';
import { sessionCookieOf, TEST_ORIGIN, testConfig } from '../../test/test-app';

/** The app's config with the listings vendor live at the local fake and a loose gate. */
export function listingsLiveConfig(base: string): Partial<AppConfig> {
  const defaults = testConfig();
  return {
    vendors: {
      ...defaults.vendors,
      listingsVendor: { mode: 'live', baseUrl: base, apiKey: LISTINGS_PEER_KEY, timeoutMs: 5_000 },
    },
    vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 3_000, retries: 1 },
  };
}

export interface ListingScanFixture {
  companyId: number;
  productId: number;
  otherProductId: number;
  googleProductId: number;
  cookies: { client: string; stranger: string; employee: string };
}

/**
 * A company with a full NAP (a suite, a phone, a website) and a managed-business-listings
 * product (plus a Google product), another company with its own listings product, their
 * clients and an assigned employee.
 */
export async function listingScanFixture(app: FastifyInstance): Promise<ListingScanFixture> {
  const db = app.database.db;
  const serial = nextSerial(db);
  const tag = `lst-${serial}`;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      {
        name: `Scan ${tag} Plumbing`,
        label: tag,
        addressLine1: '100 Main Street',
        addressLine2: 'Suite 4',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        phone: '+15125550134',
        website: 'https://www.scan-plumbing.example/',
      },
      { name: `Other ${tag} Dental`, label: `o-${tag}`, phone: '+15125550199' },
    ])
    .returning();
  const companyId = company?.id ?? 0;
  const otherCompanyId = other?.id ?? 0;
  const product = (id: number, slug: string) => ({
    companyId: id,
    productSlug: slug,
    status: 'active',
    startDate: '2025-01-01',
    monthlyPriceCents: 9_900,
  });
  const [mine, theirs, google] = await db
    .insert(productInstances)
    .values([
      product(companyId, 'managed-business-listings'),
      product(otherCompanyId, 'business-listings'),
      product(companyId, 'google-business-pro'),
    ])
    .returning();
  const people = await db
    .insert(users)
    .values([
      { email: `client-${tag}@l.test`, firstName: 'Cara', lastName: 'Client' },
      { email: `stranger-${tag}@l.test`, firstName: 'Stan', lastName: 'Stranger' },
      { email: `employee-${tag}@l.test`, firstName: 'Emma', lastName: 'Staff', perm: true },
    ])
    .returning();
  const [client, stranger, employee] = people.map((p) => p.id) as number[];
  await db.insert(clientMembers).values([
    { userId: client ?? 0, companyId },
    { userId: stranger ?? 0, companyId: otherCompanyId },
  ]);
  await db.insert(employeeAssignments).values([{ userId: employee ?? 0, companyId }]);
  return {
    companyId,
    productId: mine?.id ?? 0,
    otherProductId: theirs?.id ?? 0,
    googleProductId: google?.id ?? 0,
    cookies: {
      client: await sessionCookieOf(app, client ?? 0),
      stranger: await sessionCookieOf(app, stranger ?? 0),
      employee: await sessionCookieOf(app, employee ?? 0),
    },
  };
}

/** Calls through the gateway, as the web app makes them. */
export function gatewayAs(app: FastifyInstance, cookie: string) {
  const call = (method: 'GET' | 'POST', url: string, data?: object) =>
    app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { method, url, ...(data && { data }) },
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, data: object) => call('POST', url, data),
  };
}
