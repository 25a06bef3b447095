import type { FastifyInstance } from 'fastify';
import { clientCompanies, productInstances } from '../../kernel/db/schema';
import { seedAreaCallers } from '../../test/area-callers';
import { nextSerial } from '../../test/serial';
import { TEST_ORIGIN } from '../../test/test-app';

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export interface QrFixture {
  companyId: number;
  otherCompanyId: number;
  productId: number;
  otherProductId: number;
  cookies: { client: string; stranger: string; employee: string; otherEmployee: string };
}

/** A company with a product, a client, an assigned employee; another company with its own. */
export async function qrFixture(app: FastifyInstance): Promise<QrFixture> {
  const db = app.database.db;
  const serial = nextSerial(db);
  const tag = `qr-${serial}`;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      { name: `QR ${tag} Bakery`, label: tag, timeZone: 'America/Chicago' },
      { name: `Other ${tag} Dental`, label: `o-${tag}` },
    ])
    .returning();
  const companyId = company?.id ?? 0;
  const otherCompanyId = other?.id ?? 0;
  const product = (id: number) => ({
    companyId: id,
    productSlug: 'google-business-pro',
    status: 'active',
    startDate: '2024-01-01',
    monthlyPriceCents: 29_900,
  });
  const [mine, theirs] = await db
    .insert(productInstances)
    .values([product(companyId), product(otherCompanyId)])
    .returning();
  const cookies = await seedAreaCallers(app, db, { companyId, otherCompanyId, tag });
  return {
    companyId,
    otherCompanyId,
    productId: mine?.id ?? 0,
    otherProductId: theirs?.id ?? 0,
    cookies,
  };
}

/** Requests as someone: JSON routes directly or through the gateway. */
export function qrCall(app: FastifyInstance, cookie: string) {
  const headers = { cookie, origin: TEST_ORIGIN };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
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

/** A scan of our redirect from a phone at an address. */
export function scan(app: FastifyInstance, code: string, userAgent: string, ip = '203.0.113.7') {
  return app.inject({
    method: 'GET',
    url: `/q/${code}`,
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
}
