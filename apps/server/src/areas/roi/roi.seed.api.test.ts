import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productInstances } from '../../kernel/db/schema';
import { createTestApp, signInCookie, TEST_ORIGIN } from '../../test/test-app';
import { createSeededTestDatabase } from '../../test/test-database';

/**
 * DECISIONS "The demo agency tells one story": ad spend in the ads reports is the spend in
 * ROI. The demo agency is seeded once for the file (~15 s); every ads product's report is
 * asked through its own route, and ROI's channels must hold the same cents.
 */
const ANCHOR = new Date('2026-11-22T00:00:00Z');
const RANGES = [
  { from: '2025-12-01', to: '2026-11-21' },
  { from: '2026-08-24', to: '2026-11-21' },
  // Across a month edge in the middle of both months.
  { from: '2026-03-17', to: '2026-04-09' },
];

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  const { database } = await createSeededTestDatabase(ANCHOR);
  ({ app } = await createTestApp({ database }));
  admin = await signInCookie(app, 'admin@demo.pinpoint.local');
}, 180_000);
afterAll(() => app?.close());

async function post(url: string, payload: object) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, cookie: admin },
    payload,
  });
  expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(200);
  return res.json();
}

/** One ads product's spend for a range, as its own page reads it. */
async function reportSpend(slug: string, productId: number, range: { from: string; to: string }) {
  switch (slug) {
    case 'google-ads':
    case 'ads-xpress':
      return (await post('/api/googleads/', { report: 'account/metrics', productId, ...range }))
        .metrics.costCents as number;
    case 'local-services-ads':
      return (await post('/api/lsa/account/metrics', { productId, ...range })).spendCents as number;
    default:
      return (await post(`/api/uni/products/fbads/${productId}/report`, range)).totals
        .spendCents as number;
  }
}

const CHANNEL: Record<string, string> = {
  'google-ads': 'google_ads',
  'ads-xpress': 'google_ads',
  'local-services-ads': 'lsa',
  'facebook-ads': 'facebook',
};

describe('the demo agency’s ad spend', () => {
  it('is the same in ROI as on the ads pages, for every company, channel and range', async () => {
    const products = await app.database.db
      .select()
      .from(productInstances)
      .where(inArray(productInstances.productSlug, Object.keys(CHANNEL)));
    const companies = [...new Set(products.map((p) => p.companyId))];
    expect(companies.length).toBeGreaterThan(1);
    let compared = 0;
    for (const range of RANGES) {
      for (const companyId of companies) {
        const expected: Record<string, number> = { google_ads: 0, lsa: 0, facebook: 0 };
        const seen = new Set<number>();
        for (const p of products.filter((row) => row.companyId === companyId)) {
          // An account read by two products is one account's spend.
          if (p.vendorConnectionId !== null && seen.has(p.vendorConnectionId)) continue;
          if (p.vendorConnectionId !== null) seen.add(p.vendorConnectionId);
          const channel = CHANNEL[p.productSlug] ?? '';
          expected[channel] =
            (expected[channel] ?? 0) + (await reportSpend(p.productSlug, p.id, range));
        }
        const res = await app.inject({
          method: 'GET',
          url: `/api/uni/client/roi/${companyId}?from=${range.from}&to=${range.to}`,
          headers: { cookie: admin },
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        const actual = Object.fromEntries(
          ['google_ads', 'lsa', 'facebook'].map((channel) => [
            channel,
            body.channels.find((c: { channel: string }) => c.channel === channel).adSpendCents,
          ]),
        );
        expect(actual, `company ${companyId} ${range.from}…${range.to}`).toEqual(expected);
        const sum = Object.values(expected).reduce((n, v) => n + v, 0);
        expect(body.totals.adSpendCents).toBe(sum);
        if (sum > 0) compared++;
      }
    }
    // The demo agency has spend to compare, not only zeros.
    expect(compared).toBeGreaterThan(RANGES.length);
  }, 120_000);
});
