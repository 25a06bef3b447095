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
import { createGoogleAdsProvider } from '../../platform/provider-registry/google-ads-provider';
import { nextSerial } from '../../test/serial';
import type { TestDatabase } from '../../test/test-database';
import { createTestAreaSync, sessionCookieOf, type TestAreaSync } from '../../test/test-services';
import { createEstimatorRepository } from './estimator.repository';
import { createGoogleAdsSyncs } from './google-ads.sync';
import { createGoogleAdsSyncRepository } from './google-ads-sync.repository';

/** The vendor frame with the Google Ads syncs, as google-ads.plugin.ts registers them (no app). */
export function googleAdsAreaSync(
  database: TestDatabase,
  config: AppConfig,
): Promise<TestAreaSync> {
  return createTestAreaSync(database, config, ({ db, recordCall, describeAccount }) =>
    createGoogleAdsSyncs({
      db,
      provider: createGoogleAdsProvider(
        config.vendors.googleAds,
        { recordCall, describeAccount },
        { sample: createEstimatorRepository(db).sample },
      ),
      syncRepo: createGoogleAdsSyncRepository(),
    }),
  );
}

export interface GoogleAdsFixture {
  companyId: number;
  productId: number;
  /** A product of the same company that is not a Google Ads product. */
  otherProductId: number;
  connectionId: number;
  account: string;
  cookies: { client: string; stranger: string; employee: string; admin: string };
}

export type GoogleAdsRows = Omit<GoogleAdsFixture, 'cookies'> & {
  people: { client: number; stranger: number; employee: number; admin: number };
};

/**
 * A company in America/Chicago with a Google Ads product reading one connected customer
 * (token sealed), its client, an outsider (a member of another company), an assigned
 * employee and an admin: the rows only, with the people's ids.
 */
export async function insertGoogleAdsRows(
  db: Db,
  secrets: SecretBox,
  options: { account?: string; token?: string; slug?: string } = {},
): Promise<GoogleAdsRows> {
  const serial = nextSerial(db);
  const tag = `gads-${serial}-${Date.now()}`;
  const account = options.account ?? String(1_234_560_000 + serial);
  const [company] = await db
    .insert(clientCompanies)
    .values({ name: `Ads ${tag} Plumbing`, label: tag, timeZone: 'America/Chicago' })
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
      vendor: 'google-ads',
      externalAccount: account,
      secretsSealed: secrets.seal(
        JSON.stringify({ accessToken: options.token ?? 'ya29.test-token' }),
      ),
    })
    .returning();
  const [product, otherProduct] = await db
    .insert(productInstances)
    .values([
      {
        companyId,
        productSlug: options.slug ?? 'google-ads',
        status: 'active',
        startDate: '2025-01-01',
        monthlyPriceCents: 75_000,
        vendorConnectionId: connection?.id ?? null,
      },
      {
        companyId,
        productSlug: 'website',
        status: 'active',
        startDate: '2025-01-01',
        monthlyPriceCents: 9_900,
      },
    ])
    .returning();
  const people = await db
    .insert(users)
    .values([
      { email: `client-${tag}@g.test`, firstName: 'Cara', lastName: 'Client' },
      { email: `stranger-${tag}@g.test`, firstName: 'Stan', lastName: 'Stranger' },
      { email: `employee-${tag}@g.test`, firstName: 'Emma', lastName: 'Staff', perm: true },
      { email: `admin-${tag}@g.test`, firstName: 'Ada', lastName: 'Admin', admin: true },
    ])
    .returning();
  const [client, stranger, employee, admin] = people.map((p) => p.id) as [
    number,
    number,
    number,
    number,
  ];
  await db.insert(clientMembers).values([
    { userId: client, companyId },
    { userId: stranger, companyId: other?.id ?? 0 },
  ]);
  await db.insert(employeeAssignments).values({ userId: employee, companyId });
  return {
    companyId,
    productId: product?.id ?? 0,
    otherProductId: otherProduct?.id ?? 0,
    connectionId: connection?.id ?? 0,
    account,
    people: { client, stranger, employee, admin },
  };
}

/** The same in the app, with a session cookie for each person. */
export async function googleAdsFixture(
  app: FastifyInstance,
  options: { account?: string; token?: string; slug?: string } = {},
): Promise<GoogleAdsFixture> {
  const { people, ...rows } = await insertGoogleAdsRows(
    app.database.db,
    app.vendorSync.secrets,
    options,
  );
  return {
    ...rows,
    cookies: {
      client: await sessionCookieOf(app, people.client),
      stranger: await sessionCookieOf(app, people.stranger),
      employee: await sessionCookieOf(app, people.employee),
      admin: await sessionCookieOf(app, people.admin),
    },
  };
}
