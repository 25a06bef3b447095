import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchGeoTargets } from '../../providers/google-ads/geotargets';
import { createTestApp, TEST_ORIGIN, type TestApp, testConfig } from '../../test/test-app';
import { type GoogleAdsFixture, googleAdsFixture } from './google-ads.test-setup';

let testApp: TestApp;
let app: FastifyInstance;
let f: GoogleAdsFixture;
const austin =
  searchGeoTargets({ q: 'Austin,Texas', type: 'City' }, 1, 1).rows[0]?.criteriaId ?? '';

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  f = await googleAdsFixture(app);
  // The demo model calibrates on stored figures: sync the fixture's account first.
  const run = await app.vendorSync.runSync(f.connectionId, 'figures');
  expect(run.status).toBe('done');
}, 120_000);
afterAll(() => app.close());

async function estimate(cookie: string, data: Record<string, unknown>, target = app) {
  const res = await target.inject({
    method: 'POST',
    url: '/database/request',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: {
      method: 'POST',
      url: '/api/googleads/',
      data: { report: 'estimator/calculate', ...data },
    },
  });
  return { status: res.statusCode, body: res.json() };
}
const valid = { keywords: ['water heater repair'], geoTarget: austin, monthlyBudgetCents: 150_000 };

describe('the ads estimator (demo model)', () => {
  it('answers staff with a forecast and keyword ideas from the model, naming its sample', async () => {
    expect(austin).toMatch(/^\d+$/);
    const { status, body } = await estimate(f.cookies.employee, valid);
    expect(status).toBe(200);
    expect(body.geoTarget.canonicalName).toBe('Austin,Texas,United States');
    expect(body.source).toMatchObject({ kind: 'demo', label: 'demo model' });
    expect(body.source.sampleSize).toBeGreaterThan(0);
    expect(body.forecast.impressions).toBeGreaterThan(0);
    expect(body.forecast.clicks).toBeGreaterThan(0);
    expect(body.forecast.costCents).toBeGreaterThan(0);
    expect(body.forecast.conversions).toBeGreaterThan(0);
    expect(body.forecast.costCents).toBeLessThanOrEqual(150_000);
    expect(body.forecast.averageCpcCents).toBe(
      Math.round(body.forecast.costCents / body.forecast.clicks),
    );
    expect(body.ideas[0]).toMatchObject({ text: 'water heater repair' });
    expect(body.ideas.length).toBeGreaterThan(1);
    for (const idea of body.ideas) {
      expect(idea.lowBidCents).toBeLessThanOrEqual(idea.highBidCents);
      expect(['LOW', 'MEDIUM', 'HIGH']).toContain(idea.competition);
    }
    // An admin is staff too.
    expect((await estimate(f.cookies.admin, valid)).status).toBe(200);
  });

  it('scales with the geo target and treats the budget as a ceiling', async () => {
    const city = (await estimate(f.cookies.employee, { ...valid, monthlyBudgetCents: 100_000_000 }))
      .body;
    const texas = (
      await estimate(f.cookies.employee, {
        ...valid,
        geoTarget: '21176',
        monthlyBudgetCents: 100_000_000,
      })
    ).body;
    expect(texas.forecast.impressions).toBeGreaterThan(city.forecast.impressions);
    const capped = (
      await estimate(f.cookies.employee, { ...valid, geoTarget: '21176', monthlyBudgetCents: 500 })
    ).body;
    expect(capped.forecast.costCents).toBeLessThanOrEqual(500);
    expect(capped.forecast.clicks).toBeLessThan(texas.forecast.clicks);
  });

  it('refuses clients and strangers (403): the estimator is a staff tool', async () => {
    for (const cookie of [f.cookies.client, f.cookies.stranger]) {
      const { status, body } = await estimate(cookie, valid);
      expect(status).toBe(403);
      expect(body.error.message).toContain('staff');
    }
  });

  it('says clearly what is wrong with a request (400)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, keywords: [] }, 'at least one keyword'],
      [
        { ...valid, keywords: Array.from({ length: 21 }, (_, i) => `k${i}`) },
        'at most 20 keywords',
      ],
      [{ ...valid, keywords: ['x'.repeat(81)] }, 'at most 80 characters'],
      [{ ...valid, keywords: ['  '] }, 'cannot be empty'],
      [{ ...valid, geoTarget: 'austin' }, '4 to 10 digits'],
      [{ ...valid, geoTarget: '99999' }, 'US list'],
      [{ ...valid, monthlyBudgetCents: 0 }, 'at least $1'],
      [{ ...valid, monthlyBudgetCents: 12.5 }, 'whole cents'],
    ];
    for (const [data, message] of cases) {
      const { status, body } = await estimate(f.cookies.employee, data);
      expect(status, message).toBe(400);
      expect(JSON.stringify(body.error)).toContain(message);
    }
  });
});

describe('the ads estimator in live mode without its customer id', () => {
  it('says the live estimator is not configured (503), never an invented estimate', async () => {
    const base = testConfig();
    const live = await createTestApp({
      config: {
        vendors: {
          ...base.vendors,
          googleAds: { ...base.vendors.googleAds, mode: 'live', developerToken: 'dev-token' },
        },
      },
    });
    try {
      const staff = await googleAdsFixture(live.app);
      const { status, body } = await estimate(staff.cookies.employee, valid, live.app);
      expect(status).toBe(503);
      expect(body.error.message).toContain('GOOGLE_ADS_ESTIMATOR_CUSTOMER_ID');
    } finally {
      await live.app.close();
    }
  });
});
