import type { SalesContainer } from '@pinpoint/contracts';
import {
  PAGESPEED_PEER_KEY,
  type RunningPageSpeedPeer,
  startPageSpeedPeer,
} from '@pinpoint/fake-vendors/pagespeed-peer';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../kernel/db/schema';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, testConfig } from '../../test/test-app';

/**
 * The measurements a prospect workspace runs while the employee waits: the listings check
 * (demo listings vendor, told the business's own values) and one page speed run (the
 * PageSpeed Insights adapter against its local peer).
 */

let app: FastifyInstance;
let psi: RunningPageSpeedPeer;
/** A public address literal: the site URL policy needs no DNS, and PageSpeed is the peer. */
const SITE = 'http://93.184.215.14/';
const ids = { rookie: 0, other: 0 };

beforeAll(async () => {
  psi = await startPageSpeedPeer();
  psi.setPage(SITE, 'MOBILE', {
    scores: { performance: 0.41, accessibility: 0.88, 'best-practices': 0.92, seo: 0.85 },
    lab: { lcpMs: 4200, cls: 0.12, tbtMs: 600 },
  });
  const vendors = testConfig().vendors;
  ({ app } = await createTestApp({
    config: {
      vendors: {
        ...vendors,
        pageSpeed: {
          mode: 'live',
          baseUrl: psi.base,
          apiKey: PAGESPEED_PEER_KEY,
          timeoutMs: 5_000,
        },
      },
    },
  }));
  const people = await app.database.db
    .insert(users)
    .values([
      { email: 'rookie@measure.test', firstName: 'Rook', lastName: 'Ie', perm: true },
      { email: 'other@measure.test', firstName: 'Oth', lastName: 'Er', perm: true },
    ])
    .returning({ id: users.id });
  [ids.rookie, ids.other] = people.map((p) => p.id) as [number, number];
});
afterAll(async () => {
  await app?.close();
  await psi?.close();
});

async function call(userId: number, options: InjectOptions) {
  return app.inject({
    ...options,
    ...(options.method === 'POST' && options.payload === undefined && { payload: {} }),
    headers: { cookie: await sessionCookieOf(app, userId), origin: TEST_ORIGIN },
  });
}

const newcomer = {
  placeId: 'ChIJ-measure-newcomer',
  name: 'Newcomer Plumbing',
  address: '500 Congress Ave, Austin, TX 78701',
  phone: '(512) 555-0142',
  category: 'Plumber',
  lat: 30.2672,
  lng: -97.7431,
};

const create = (userId: number, business: object) =>
  call(userId, { method: 'POST', url: '/api/sales/containers', payload: { business } });

describe('prospect measurements', () => {
  it('checks the listings of a business that is not a client', async () => {
    const container = (await create(ids.rookie, newcomer)).json<SalesContainer>();
    const res = await call(ids.rookie, {
      method: 'POST',
      url: `/api/sales/containers/${container.id}/listings`,
    });
    expect(res.statusCode).toBe(200);
    const listings = res.json<SalesContainer>().listings;
    expect(listings?.directories.length).toBeGreaterThan(10);
    const google = listings?.directories.find((d) => d.directory === 'google');
    expect(google?.status).not.toBe('missing');
    const matching = listings?.directories.filter((d) => d.status === 'found').length ?? 0;
    expect(listings?.score).toBe(
      Math.round((100 * matching) / (listings?.directories.length ?? 1)),
    );
    // The same business gets the same story.
    const again = await call(ids.rookie, {
      method: 'POST',
      url: `/api/sales/containers/${container.id}/listings`,
    });
    expect(again.json<SalesContainer>().listings?.directories).toEqual(listings?.directories);
  });

  it('measures the prospect’s site once, under the site URL policy', async () => {
    const withSite = (
      await create(ids.rookie, {
        ...newcomer,
        placeId: 'ChIJ-sales-site',
        name: 'Site Pipes',
        website: SITE,
      })
    ).json<SalesContainer>();
    const res = await call(ids.rookie, {
      method: 'POST',
      url: `/api/sales/containers/${withSite.id}/page-speed`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SalesContainer>().pageSpeed).toMatchObject({
      url: SITE,
      strategy: 'mobile',
      performance: 41,
      accessibility: 88,
      bestPractices: 92,
      seo: 85,
    });
    expect(psi.requests.map((r) => [r.url, r.strategy])).toEqual([[SITE, 'MOBILE']]);

    const privateSite = (
      await create(ids.rookie, {
        ...newcomer,
        placeId: 'ChIJ-sales-private',
        name: 'Private Pipes',
        website: 'http://127.0.0.1:9/',
      })
    ).json<SalesContainer>();
    const refused = await call(ids.rookie, {
      method: 'POST',
      url: `/api/sales/containers/${privateSite.id}/page-speed`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/private, loopback or link-local/);
    expect(psi.requests).toHaveLength(1);
  });

  it('measures nothing for someone who does not work the workspace', async () => {
    const container = (await create(ids.rookie, newcomer)).json<SalesContainer>();
    for (const what of ['listings', 'page-speed']) {
      const res = await call(ids.other, {
        method: 'POST',
        url: `/api/sales/containers/${container.id}/${what}`,
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
