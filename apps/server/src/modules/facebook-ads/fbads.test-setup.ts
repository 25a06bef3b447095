import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  productInstances,
  users,
  vendorConnections,
} from '../../db/schema';
import { sessionCookieOf, testConfig } from '../../test/test-app';

/** The app's config with the Marketing API live at a local fake and a loose vendor gate. */
export function liveFbadsConfig(base: string): Partial<AppConfig> {
  const config = testConfig();
  return {
    vendors: {
      ...config.vendors,
      facebookAds: { mode: 'live', baseUrl: base, graphVersion: 'v19.0', timeoutMs: 5_000 },
    },
    vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 2_000, retries: 2 },
  };
}

export interface FbadsFixture {
  companyId: number;
  connectionId: number;
  productId: number;
  cookies: { client: string; stranger: string; employee: string };
}

let serial = 0;

/** A company with a connected ad account (token sealed), a Facebook Ads product and people. */
export async function fbadsFixture(
  app: FastifyInstance,
  account: string,
  token: string | null,
): Promise<FbadsFixture> {
  const db = app.database.db;
  const tag = `fbads-${++serial}`;
  const [company] = await db
    .insert(clientCompanies)
    .values({ name: `Ads ${tag} Roofing`, label: tag, primaryCategory: 'Roofer' })
    .returning();
  const [other] = await db
    .insert(clientCompanies)
    .values({ name: `Other ${tag}`, label: `o-${tag}` })
    .returning();
  const companyId = company?.id ?? 0;
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId,
      vendor: 'facebook-ads',
      externalAccount: account,
      secretsSealed: token
        ? app.vendorSync.secrets.seal(JSON.stringify({ accessToken: token }))
        : null,
    })
    .returning();
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId,
      productSlug: 'facebook-ads',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 50_000,
      vendorConnectionId: connection?.id ?? null,
    })
    .returning();
  const people = await db
    .insert(users)
    .values([
      { email: `client-${tag}@f.test`, firstName: 'Cara', lastName: 'Client' },
      { email: `stranger-${tag}@f.test`, firstName: 'Stan', lastName: 'Stranger' },
      { email: `employee-${tag}@f.test`, firstName: 'Emma', lastName: 'Staff', perm: true },
    ])
    .returning();
  const [client, stranger, employee] = people.map((p) => p.id) as [number, number, number];
  await db.insert(clientMembers).values([
    { userId: client, companyId },
    { userId: stranger, companyId: other?.id ?? 0 },
  ]);
  await db.insert(employeeAssignments).values({ userId: employee, companyId });
  return {
    companyId,
    connectionId: connection?.id ?? 0,
    productId: product?.id ?? 0,
    cookies: {
      client: await sessionCookieOf(app, client),
      stranger: await sessionCookieOf(app, stranger),
      employee: await sessionCookieOf(app, employee),
    },
  };
}
