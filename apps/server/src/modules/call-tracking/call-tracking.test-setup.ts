import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { clientCompanies, productInstances, vendorConnections } from '../../db/schema';
import { CALL_TRACKING_VENDOR } from '../../providers/vendors/call-tracking-provider';
import { seedAreaCallers } from '../../test/area-callers';
import { CTM_PEER_ACCESS_KEY, CTM_PEER_SECRET_KEY } from '../../test/peers/ctm-peer';
import { TEST_ORIGIN, testConfig } from '../../test/test-app';

/** The app's config with call tracking live at the local fake and a loose gate (Retry-After up to 3 s). */
export function ctmLiveConfig(base: string): Partial<AppConfig> {
  const defaults = testConfig();
  return {
    vendors: {
      ...defaults.vendors,
      callTracking: {
        mode: 'live',
        baseUrl: base,
        accessKey: CTM_PEER_ACCESS_KEY,
        secretKey: CTM_PEER_SECRET_KEY,
        timeoutMs: 5_000,
      },
    },
    vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 3_000, retries: 2 },
  };
}

export interface CtmFixture {
  companyId: number;
  connectionId: number;
  /** google-calls-advisor, linked to the connection. */
  productId: number;
  /** A website product naming the account in `externalRefs.callTrackingAccountId`. */
  websiteProductId: number;
  /** A Google Business Pro product with no call tracking. */
  unlinkedProductId: number;
  /** The other company's google-calls-advisor, with no account connected. */
  otherProductId: number;
  cookies: { client: string; stranger: string; employee: string; otherEmployee: string };
}

let serial = 0;

/**
 * A company in America/Chicago with a CallTrackingMetrics account and three products (the
 * calls product, a website product linked by its external refs, one without calls);
 * another company with its own calls product; their clients and assigned employees.
 */
export async function ctmFixture(app: FastifyInstance, account: string): Promise<CtmFixture> {
  const db = app.database.db;
  const tag = `ctm-${++serial}`;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      {
        name: `CTM ${tag} Plumbing`,
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
    .values({ companyId, vendor: CALL_TRACKING_VENDOR, externalAccount: account })
    .returning();
  const product = (
    id: number,
    slug: string,
    connectionId: number | null,
    refs: Record<string, string> = {},
  ) => ({
    companyId: id,
    productSlug: slug,
    status: 'active',
    startDate: '2024-01-01',
    monthlyPriceCents: 14_900,
    vendorConnectionId: connectionId,
    externalRefs: refs,
  });
  const [advisor, website, unlinked, theirs] = await db
    .insert(productInstances)
    .values([
      product(companyId, 'google-calls-advisor', connection?.id ?? null),
      product(companyId, 'website', null, { callTrackingAccountId: account }),
      product(companyId, 'google-business-pro', null),
      product(otherCompanyId, 'google-calls-advisor', null),
    ])
    .returning();
  const cookies = await seedAreaCallers(app, db, { companyId, otherCompanyId, tag });
  return {
    companyId,
    connectionId: connection?.id ?? 0,
    productId: advisor?.id ?? 0,
    websiteProductId: website?.id ?? 0,
    unlinkedProductId: unlinked?.id ?? 0,
    otherProductId: theirs?.id ?? 0,
    cookies,
  };
}

/** A GET as someone, directly or through the gateway. */
export function ctmCall(app: FastifyInstance, cookie: string) {
  return {
    get: (url: string) =>
      app.inject({ method: 'GET', url, headers: { cookie, origin: TEST_ORIGIN } }),
    viaGateway: (url: string) =>
      app.inject({
        method: 'POST',
        url: '/database/request',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { method: 'GET', url },
      }),
  };
}
