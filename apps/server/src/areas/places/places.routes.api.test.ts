import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../platform/identity/demo-accounts';
import { createTestApp, signInCookie, TEST_ORIGIN } from '../../test/test-app';
import { PLACE_SEARCHES_PER_MINUTE } from './places.routes';

let app: FastifyInstance;
let cookie = '';

beforeAll(async () => {
  const testApp = await createTestApp();
  app = testApp.app;
  await seedDemoAccounts(testApp.database.db);
  cookie = await signInCookie(app, 'client@demo.pinpoint.local');
});
afterAll(() => app.close());

let address = 0;
const search = (query: string, who: string | null = cookie, remoteAddress?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/places/search${query}`,
    remoteAddress: remoteAddress ?? `10.2.0.${++address % 250}`,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who } : {}) },
  });

describe('GET /api/places/search (demo gazetteer)', () => {
  it('answers signed-in callers with Country, State, County and City places only', async () => {
    const res = await search('?q=austin');
    expect(res.statusCode).toBe(200);
    const { places } = res.json() as { places: { place_id: string; place_type: string }[] };
    expect(places[0]).toMatchObject({ place_id: 'us-tx-austin', place_type: 'City' });
    expect(places.length).toBeLessThanOrEqual(8);

    const counties = (await search('?q=travis&types=County&limit=3')).json().places;
    expect(counties).toEqual([
      expect.objectContaining({ place_id: 'us-tx-travis-county', place_type: 'County' }),
    ]);
  });

  it('works through the gateway as the web app calls it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { method: 'GET', url: '/api/places/search?q=Round%20Rock&limit=1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().places[0].full_name).toBe('Round Rock, TX, USA');
  });

  it('refuses anonymous callers and explains bad queries per field', async () => {
    expect((await search('?q=austin', null)).statusCode).toBe(401);
    const missing = await search('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].path).toBe('querystring.q');
    const badType = await search('?q=austin&types=City,Street');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.details[0].message).toContain('Unknown place type Street');
    expect((await search('?q=austin&limit=500')).statusCode).toBe(400);
  });

  it(`limits each address to ${PLACE_SEARCHES_PER_MINUTE} searches a minute`, async () => {
    let last = 0;
    for (let i = 0; i <= PLACE_SEARCHES_PER_MINUTE; i++) {
      last = (await search('?q=a', cookie, '10.3.0.1')).statusCode;
    }
    expect(last).toBe(429);
    expect((await search('?q=a', cookie, '10.3.0.2')).statusCode).toBe(200);
  });
});
