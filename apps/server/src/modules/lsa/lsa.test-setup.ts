import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { clientCompanies, productInstances, vendorConnections } from '../../db/schema';
import { LSA_VENDOR } from '../../providers/vendors/lsa-provider';
import { seedAreaCallers } from '../../test/area-callers';
import { LSA_PEER_DEVELOPER_TOKEN } from '../../test/peers/google-ads-lsa-peer';
import { TEST_ORIGIN, testConfig } from '../../test/test-app';

/** The app's config with LSA live at the local fake and a loose gate (Retry-After up to 3 s). */
export function lsaLiveConfig(base: string): Partial<AppConfig> {
  const defaults = testConfig();
  return {
    vendors: {
      ...defaults.vendors,
      lsa: {
        mode: 'live',
        baseUrl: base,
        apiVersion: 'v21',
        developerToken: LSA_PEER_DEVELOPER_TOKEN,
        timeoutMs: 5_000,
      },
    },
    vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 3_000, retries: 2 },
  };
}

export interface LsaFixture {
  companyId: number;
  otherCompanyId: number;
  connectionId: number;
  productId: number;
  /** A Local Services Ads product of the other company. */
  otherProductId: number;
  cookies: { client: string; stranger: string; employee: string; otherEmployee: string };
}

let serial = 0;

/**
 * A company in America/Chicago with an LSA account (token sealed) and the product reading
 * it; another company with its own LSA product; their clients and an assigned employee.
 */
export async function lsaFixture(
  app: FastifyInstance,
  account: string,
  token: string,
): Promise<LsaFixture> {
  const db = app.database.db;
  const tag = `lsa-${++serial}`;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      {
        name: `LSA ${tag} Plumbing`,
        label: tag,
        primaryCategory: 'Plumber',
        timeZone: 'America/Chicago',
      },
      { name: `Other ${tag} Dental`, label: `o-${tag}` },
    ])
    .returning();
  const companyId = company?.id ?? 0;
  const otherCompanyId = other?.id ?? 0;
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId,
      vendor: LSA_VENDOR,
      externalAccount: account,
      secretsSealed: app.vendorSync.secrets.seal(JSON.stringify({ accessToken: token })),
    })
    .returning();
  const product = (id: number, connectionId: number | null) => ({
    companyId: id,
    productSlug: 'local-services-ads',
    status: 'active',
    startDate: '2024-01-01',
    monthlyPriceCents: 49_900,
    vendorConnectionId: connectionId,
  });
  const [mine, theirs] = await db
    .insert(productInstances)
    .values([product(companyId, connection?.id ?? null), product(otherCompanyId, null)])
    .returning();
  const cookies = await seedAreaCallers(app, db, { companyId, otherCompanyId, tag });
  return {
    companyId,
    otherCompanyId,
    connectionId: connection?.id ?? 0,
    productId: mine?.id ?? 0,
    otherProductId: theirs?.id ?? 0,
    cookies,
  };
}

/** A POST as someone, directly or through the gateway. */
export function lsaCall(app: FastifyInstance, cookie: string) {
  return {
    post: (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, payload }),
    viaGateway: (url: string, data: object) =>
      app.inject({
        method: 'POST',
        url: '/database/request',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { method: 'POST', url, data },
      }),
  };
}
