import type { FastifyInstance } from 'fastify';
import { clientCompanies, productInstances } from '../../kernel/db/schema';
import { type AreaCallers, seedAreaCallers } from '../../test/area-callers';
import { nextSerial } from '../../test/serial';
import { TEST_ORIGIN } from '../../test/test-app';

export interface SolicitationFixture {
  companyId: number;
  otherCompanyId: number;
  productId: number;
  otherProductId: number;
  callers: AreaCallers;
}

/** A company with a product, another company with its own, and the area's four callers. */
export async function solicitationFixture(
  app: FastifyInstance,
  timeZone = 'America/Chicago',
): Promise<SolicitationFixture> {
  const db = app.database.db;
  const serial = nextSerial(db);
  const tag = `sol-${serial}-${Date.now()}`;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      // A place id: the review link goes to its Google review page.
      { name: `Bright ${tag} Dental`, label: tag, timeZone, googlePlaceId: `ChIJ-${tag}` },
      { name: `Other ${tag}`, label: `o-${tag}` },
    ])
    .returning();
  const product = (companyId: number) => ({
    companyId,
    productSlug: 'google-business-pro',
    status: 'active',
    startDate: '2025-01-01',
    monthlyPriceCents: 100,
  });
  const [mine, theirs] = await db
    .insert(productInstances)
    .values([product(company?.id ?? 0), product(other?.id ?? 0)])
    .returning();
  const callers = await seedAreaCallers(app, db, {
    companyId: company?.id ?? 0,
    otherCompanyId: other?.id ?? 0,
    tag,
  });
  return {
    companyId: company?.id ?? 0,
    otherCompanyId: other?.id ?? 0,
    productId: mine?.id ?? 0,
    otherProductId: theirs?.id ?? 0,
    callers,
  };
}

/** A call as someone, through `inject`, with the app's origin. */
export function caller(app: FastifyInstance, cookie: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

export const solicitationBase = (productId: number) =>
  `/api/uni/products/reviewsolicitation/${productId}`;
