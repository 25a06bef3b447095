import type { FastifyInstance } from 'fastify';
import { clientCompanies, keywords, productInstances, websiteSites } from '../../kernel/db/schema';
import { seedAreaCallers } from '../../test/area-callers';
import { nextSerial } from '../../test/serial';
import { TEST_ORIGIN } from '../../test/test-app';
import { demoSitePath } from './site-of-product';

/**
 * A company with a `website` product whose site is a demo site on the app's own origin,
 * another company with its own site, their clients and an assigned employee each.
 */
export async function websiteFixture(app: FastifyInstance) {
  const db = app.database.db;
  const serial = nextSerial(db);
  const tag = `web-${serial}-${Date.now() % 100_000}`;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      {
        name: `Harbor ${tag} Roofing`,
        label: tag,
        phone: '(512) 555-0142',
        addressLine1: '12 Main St',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        primaryCategory: 'Roofing contractor',
      },
      { name: `Other ${tag} Dental`, label: `o-${tag}` },
    ])
    .returning();
  const companyId = company?.id ?? 0;
  const otherCompanyId = other?.id ?? 0;
  await db.insert(keywords).values([
    { companyId, keyword: 'roof repair austin' },
    { companyId, keyword: 'roof <replacement>' },
  ]);
  const product = (id: number, slug: string) => ({
    companyId: id,
    productSlug: slug,
    status: 'active',
    startDate: '2024-01-01',
    monthlyPriceCents: 9_900,
  });
  const [mine, theirs] = await db
    .insert(productInstances)
    .values([product(companyId, 'website'), product(otherCompanyId, 'website-hosting')])
    .returning();
  const productId = mine?.id ?? 0;
  const otherProductId = theirs?.id ?? 0;
  const demoSlug = `harbor-${tag}`;
  const [site] = await db
    .insert(websiteSites)
    .values([
      {
        companyId,
        productInstanceId: productId,
        url: demoSitePath(demoSlug),
        isDemo: true,
        demoSlug,
      },
      {
        companyId: otherCompanyId,
        productInstanceId: otherProductId,
        url: demoSitePath(`other-${tag}`),
        isDemo: true,
        demoSlug: `other-${tag}`,
      },
    ])
    .returning();
  const cookies = await seedAreaCallers(app, db, { companyId, otherCompanyId, tag });
  return {
    companyId,
    productId,
    otherProductId,
    siteId: site?.id ?? 0,
    demoSlug,
    cookies,
  };
}

/** Calls as someone, directly or through the gateway. */
export function websiteCall(app: FastifyInstance, cookie: string) {
  const headers = { cookie, origin: TEST_ORIGIN };
  return {
    post: (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers, payload: payload ?? {} }),
    put: (url: string, payload: object) => app.inject({ method: 'PUT', url, headers, payload }),
    viaGateway: (method: string, url: string, data?: object) =>
      app.inject({
        method: 'POST',
        url: '/database/request',
        headers,
        payload: { method, url, ...(data && { data }) },
      }),
  };
}
