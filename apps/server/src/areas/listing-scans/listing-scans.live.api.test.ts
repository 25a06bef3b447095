import type { ListingScanData } from '@pinpoint/contracts';
import {
  LISTINGS_PEER_KEY,
  type RunningListingsPeer,
  startListingsPeer,
} from '@pinpoint/fake-vendors/listings-vendor-peer';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingScans } from '../../kernel/db/schema';
import { VendorError } from '../../providers/kernel/vendor-errors';
import { createListingsLive } from '../../providers/listings-vendor/listings-live';
import { WORKERS_ON, waitFor } from '../../test/job-test-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  gatewayAs,
  type ListingScanFixture,
  listingScanFixture,
  listingsLiveConfig,
} from './listing-scans.test-setup';

let peer: RunningListingsPeer;
let testApp: TestApp;
let app: FastifyInstance;
let f: ListingScanFixture;
const base = '/api/uni/products/listings';
/** The peer numbers locations from 5001: the fixture's is the first created. */
const LOCATION = '5001';
const ours = {
  name: null as string | null,
  streetAndNo: '100 Main Street',
  addressExtra: 'Suite 4',
  zip: '78701',
  city: 'Austin',
  province: 'TX',
  country: 'US',
  phone: '+1 512-555-0134',
  website: 'scan-plumbing.example',
};

beforeAll(async () => {
  peer = await startListingsPeer();
  testApp = await createTestApp({ config: { ...listingsLiveConfig(peer.base), jobs: WORKERS_ON } });
  app = testApp.app;
  f = await listingScanFixture(app);
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

async function rescan() {
  const res = await gatewayAs(app, f.cookies.employee).post(`${base}/${f.productId}/rescan`, {});
  expect(res.statusCode, res.body).toBe(202);
  const { scanId } = res.json() as { scanId: number };
  await waitFor(async () => {
    const [scan] = await app.database.db
      .select()
      .from(listingScans)
      .where(eq(listingScans.id, scanId));
    return scan?.state === 'done';
  }, 20_000);
}
async function rows() {
  const res = await gatewayAs(app, f.cookies.client).get(
    `${base}/data/${f.productId}?pageSize=100`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ListingScanData).items;
}

describe('listing scans against the live vendor API (local fake)', () => {
  it('says so when the vendor is down for the first scan (its location cannot be made)', async () => {
    peer.failNext(10, 503, '/v1/locations');
    const res = await gatewayAs(app, f.cookies.employee).post(`${base}/${f.productId}/rescan`, {});
    peer.clearFailures();
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toContain('The scan did not start');
    expect(peer.locations.size).toBe(0);
  });

  it('creates the location, reads each directory, and shows a failed one as unavailable', async () => {
    const name = (await gatewayAs(app, f.cookies.client).get(`${base}/${f.productId}`)).json().ours
      .name as string;
    ours.name = name;
    peer.setListing(LOCATION, 'google', {
      listingStatus: 'FOUND',
      listingUrl: 'https://g.example/1',
      ...ours,
    });
    peer.setListing(LOCATION, 'yelp', {
      listingStatus: 'FOUND',
      listingUrl: 'https://yelp.example/biz/1',
      ...ours,
      phone: '(512) 555-0999',
      addressExtra: '',
    });
    peer.setListing(LOCATION, 'facebook', {
      listingStatus: 'FOUND',
      listingUrl: 'https://fb.example/1',
      ...ours,
      duplicates: [{ listingUrl: 'https://fb.example/2', name, phone: '(512) 555-0999' }],
    });
    peer.failNext(1, 404, '/listings/bing');
    await rescan();
    const created = peer.requests.find((r) => r.method === 'POST' && r.path === '/v1/locations');
    expect(created?.headers.privatekey).toBe(LISTINGS_PEER_KEY);
    expect(created?.body).toMatchObject({
      streetAndNo: '100 Main Street',
      addressExtra: 'Suite 4',
    });
    expect(peer.requests.some((r) => r.path === `/v1/locations/${LOCATION}/scans`)).toBe(true);

    const table = await rows();
    const by = (slug: string) => table.find((r) => r.directory === slug);
    expect(by('google')?.fields).toEqual({
      name: 'match',
      address: 'match',
      phone: 'match',
      website: 'match',
    });
    expect(by('yelp')?.fields).toMatchObject({
      phone: 'mismatch',
      address: 'mismatch',
      name: 'match',
    });
    expect(by('yelp')?.found?.phone).toBe('(512) 555-0999');
    expect(by('facebook')?.duplicates).toBe(1);
    expect(by('bing')).toMatchObject({ status: 'unavailable', found: null });
    expect(by('bing')?.reason).toContain('Location not found');
    expect(by('tripadvisor')?.status).toBe('not_found');
  });

  it('sends a fix as a PATCH of the chosen fields; the next scan reads it back', async () => {
    const res = await gatewayAs(app, f.cookies.employee).post(`${base}/${f.productId}/fix`, {
      directory: 'yelp',
      fields: ['phone', 'address'],
      idempotencyKey: 'live-fix-0001',
    });
    expect(res.statusCode, res.body).toBe(202);
    await waitFor(
      async () => (await rows()).find((r) => r.directory === 'yelp')?.fix?.status === 'sent',
      20_000,
    );
    const patch = peer.requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe(`/v1/locations/${LOCATION}/listings/yelp`);
    expect(patch?.body).toMatchObject({ phone: '+15125550134', addressExtra: 'Suite 4' });
    expect(patch?.body).not.toHaveProperty('name');
    await rescan();
    expect((await rows()).find((r) => r.directory === 'yelp')?.fields).toMatchObject({
      phone: 'match',
      address: 'match',
    });
  });

  it('a fix the vendor refuses is failed with its reason', async () => {
    peer.failNext(1, 403, '/listings/google');
    const res = await gatewayAs(app, f.cookies.employee).post(`${base}/${f.productId}/fix`, {
      directory: 'google',
      fields: ['website'],
      idempotencyKey: 'live-fix-0002',
    });
    expect(res.statusCode, res.body).toBe(202);
    const fix = await waitFor(async () => {
      const row = (await rows()).find((r) => r.directory === 'google');
      return row?.fix?.status === 'failed' ? row.fix : null;
    }, 20_000);
    expect(fix.error).toContain('may not manage this location');
  });
});

describe('the live adapter', () => {
  const adapter = () =>
    createListingsLive({
      baseUrl: peer.base,
      apiKey: LISTINGS_PEER_KEY,
      timeoutMs: 2_000,
      recordCall: async () => {},
    });
  const access = { externalAccount: LOCATION, accessToken: null, refreshToken: null };

  it('maps refusals, rate limits and odd answers to vendor errors, never echoing the key', async () => {
    peer.failNext(1, 401);
    const auth = await adapter()
      .status(access)
      .catch((e) => e);
    expect(auth).toBeInstanceOf(VendorError);
    expect(auth.code).toBe('auth');
    expect(auth.message).not.toContain(LISTINGS_PEER_KEY);
    peer.failNext(1, 429, undefined, '7');
    const limited = await adapter()
      .getListing(access, 'yelp', new Date())
      .catch((e) => e);
    expect([limited.code, limited.retryAfterMs]).toEqual(['rate_limited', 7000]);
    peer.garbleNext();
    const odd = await adapter()
      .status(access)
      .catch((e) => e);
    expect(odd.code).toBe('unavailable');
    expect(await adapter().status(access)).toEqual({ syncStatus: 'IN_SYNC' });
    const wrongKey = createListingsLive({
      baseUrl: peer.base,
      apiKey: 'not-the-key',
      timeoutMs: 2_000,
      recordCall: async () => {},
    });
    expect((await wrongKey.status(access).catch((e) => e)).code).toBe('auth');
  });
});
