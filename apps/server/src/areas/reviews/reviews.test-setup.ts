import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  productInstances,
  users,
  vendorConnections,
} from '../../kernel/db/schema';
import type { SecretBox } from '../../kernel/lib/secret-box';
import { nextSerial } from '../../test/serial';
import { sessionCookieOf, TEST_ORIGIN, testConfig } from '../../test/test-services';

/** The app's config with both reviews vendors live at local fakes and loose vendor gates. */
export function liveVendorsConfig(google: string, facebook: string): Partial<AppConfig> {
  const base = testConfig();
  return {
    vendors: {
      ...base.vendors,
      googleBusinessProfile: { mode: 'live', baseUrl: google, timeoutMs: 5_000 },
      facebookPage: { mode: 'live', baseUrl: facebook, graphVersion: 'v19.0', timeoutMs: 5_000 },
    },
    vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 2_000, retries: 2 },
  };
}

export interface ReviewsFixture {
  companyId: number;
  connectionId: number;
  productId: number;
  cookies: { client: string; stranger: string; employee: string };
}

export type ReviewsRows = Omit<ReviewsFixture, 'cookies'> & {
  people: { client: number; stranger: number; employee: number };
};

/**
 * A company with one connected account (token sealed) and a product reading it, its
 * client, an outsider and an assigned employee: the rows only, with the people's ids.
 */
export async function insertReviewsRows(
  db: Db,
  secrets: SecretBox,
  vendor: 'google-business-profile' | 'facebook-page',
  account: string,
  token: string,
): Promise<ReviewsRows> {
  const serial = nextSerial(db);
  const tag = `${vendor}-${serial}`;
  const [company] = await db
    .insert(clientCompanies)
    .values({ name: `Reviews ${tag} Plumbing`, label: tag, primaryCategory: 'Plumber' })
    .returning();
  const [other] = await db
    .insert(clientCompanies)
    .values({ name: `Other ${tag}`, label: `o-${tag}` })
    .returning();
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId: company?.id ?? 0,
      vendor,
      externalAccount: account,
      secretsSealed: secrets.seal(JSON.stringify({ accessToken: token })),
    })
    .returning();
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId: company?.id ?? 0,
      productSlug: vendor === 'facebook-page' ? 'facebook-pro' : 'google-business-pro',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 29_900,
      vendorConnectionId: connection?.id ?? null,
    })
    .returning();
  const people = await db
    .insert(users)
    .values([
      { email: `client-${tag}@r.test`, firstName: 'Cara', lastName: 'Client' },
      { email: `stranger-${tag}@r.test`, firstName: 'Stan', lastName: 'Stranger' },
      { email: `employee-${tag}@r.test`, firstName: 'Emma', lastName: 'Staff', perm: true },
    ])
    .returning();
  const [client, stranger, employee] = people.map((p) => p.id) as [number, number, number];
  await db.insert(clientMembers).values([
    { userId: client, companyId: company?.id ?? 0 },
    { userId: stranger, companyId: other?.id ?? 0 },
  ]);
  await db.insert(employeeAssignments).values({ userId: employee, companyId: company?.id ?? 0 });
  return {
    companyId: company?.id ?? 0,
    connectionId: connection?.id ?? 0,
    productId: product?.id ?? 0,
    people: { client, stranger, employee },
  };
}

/** A company with one connected account (token sealed) and a product reading it. */
export async function reviewsFixture(
  app: FastifyInstance,
  vendor: 'google-business-profile' | 'facebook-page',
  account: string,
  token: string,
): Promise<ReviewsFixture> {
  const { people, ...rows } = await insertReviewsRows(
    app.database.db,
    app.vendorSync.secrets,
    vendor,
    account,
    token,
  );
  return {
    ...rows,
    cookies: {
      client: await sessionCookieOf(app, people.client),
      stranger: await sessionCookieOf(app, people.stranger),
      employee: await sessionCookieOf(app, people.employee),
    },
  };
}

/** A call as someone, through `inject`, with the app's origin. */
export function callAs(app: FastifyInstance, cookie: string) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: payload as object,
    });
}
