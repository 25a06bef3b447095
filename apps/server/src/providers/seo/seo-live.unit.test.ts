import {
  PEER_LOGIN,
  PEER_PASSWORD,
  type RunningDataForSeoLabsPeer,
  startDataForSeoLabsPeer,
} from '@pinpoint/fake-vendors/dataforseo-labs-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VendorError } from '../kernel/vendor-errors';
import type { SeoSite } from './port';
import { createSeoLive, RANKED_KEYWORDS_LIMIT, type SeoLiveOptions } from './seo-live';

let peer: RunningDataForSeoLabsPeer;
const calls: { name: string; ok: boolean }[] = [];
let clock = Date.parse('2026-11-25T09:00:00Z');

beforeAll(async () => {
  peer = await startDataForSeoLabsPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.reset();
  calls.length = 0;
  clock = Date.parse('2026-11-25T09:00:00Z');
});

const SITE: SeoSite = {
  domain: 'redfieldlaw.com',
  keywords: ['law firm near me', 'divorce lawyer austin', 'custody attorney', 'estate planning'],
};
const RANGE = { from: '2026-08-28', to: '2026-11-25' };

function provider(overrides: Partial<SeoLiveOptions> = {}) {
  return createSeoLive({
    login: PEER_LOGIN,
    password: PEER_PASSWORD,
    baseUrl: peer.base,
    timeoutMs: 2_000,
    recordCall: async (name, ok) => {
      calls.push({ name, ok });
    },
    now: () => new Date(clock),
    ...overrides,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<VendorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  return error as VendorError;
}

describe('SEO Pro on DataForSEO Labs Ranked Keywords, against a local server in its shape', () => {
  it('posts the documented task with basic auth and reads today’s positions of the tracked keywords', async () => {
    const positions = await provider().positions(SITE, RANGE);
    expect(peer.requests).toHaveLength(1);
    const [sent] = peer.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v3/dataforseo_labs/google/ranked_keywords/live');
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${PEER_LOGIN}:${PEER_PASSWORD}`).toString('base64')}`,
    );
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toEqual([
      {
        target: 'redfieldlaw.com',
        location_code: 2840,
        language_code: 'en',
        item_types: ['organic'],
        limit: RANKED_KEYWORDS_LIMIT,
      },
    ]);
    // One day (the last asked): the vendor keeps no cheap daily history; ours accumulates.
    expect(positions).toEqual([
      {
        keyword: 'law firm near me',
        day: '2026-11-25',
        position: 1,
        url: 'https://redfieldlaw.com/',
      },
      {
        keyword: 'divorce lawyer austin',
        day: '2026-11-25',
        position: 3,
        url: 'https://redfieldlaw.com/family-law',
      },
      {
        keyword: 'custody attorney',
        day: '2026-11-25',
        position: 12,
        url: 'https://redfieldlaw.com/family-law/custody',
      },
      { keyword: 'estate planning', day: '2026-11-25', position: null, url: null },
    ]);
    expect(calls).toEqual([{ name: 'seo', ok: true }]);
  });

  it('lists the ranking pages with where each stood a crawl before, from the same answer', async () => {
    const seo = provider();
    await seo.positions(SITE, RANGE);
    const pages = await seo.rankedPages(SITE, RANGE.to);
    // positions() and rankedPages() of one sync share one paid call.
    expect(peer.requests).toHaveLength(1);
    expect(pages).toEqual([
      {
        url: 'https://redfieldlaw.com/',
        keyword: 'law firm near me',
        position: 1,
        previousPosition: null,
      },
      {
        // 5th absolute now, 9th before: four places lower, so 7th organic.
        url: 'https://redfieldlaw.com/family-law',
        keyword: 'divorce lawyer austin',
        position: 3,
        previousPosition: 7,
      },
      {
        url: 'https://redfieldlaw.com/family-law/custody',
        keyword: 'custody attorney',
        position: 12,
        previousPosition: null,
      },
    ]);
    // A later sync asks again.
    clock += 10 * 60_000;
    await seo.rankedPages(SITE, RANGE.to);
    expect(peer.requests).toHaveLength(2);
    expect(calls.map((c) => c.ok)).toEqual([true, true]);
  });

  it('reads "No Search Results." as a site ranking for none of its keywords', async () => {
    peer.mode = 'noResults';
    const seo = provider();
    expect((await seo.positions(SITE, RANGE)).map((p) => p.position)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(await seo.rankedPages(SITE, RANGE.to)).toEqual([]);
  });

  it('maps wrong credentials (HTTP 401) to an auth error that carries no credentials', async () => {
    const error = await failureOf(
      provider({ password: 'wrong-password-123' }).positions(SITE, RANGE),
    );
    expect(error.vendor).toBe('seo');
    expect(error.code).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.retryable).toBe(false);
    expect(error.needsAttention).toBe(true);
    expect(error.message).toMatch(/^DataForSEO refused the ranked keywords request \(HTTP 401: /);
    const everything = JSON.stringify({ message: error.message, stack: error.stack, error });
    for (const secret of ['wrong-password-123', PEER_PASSWORD, PEER_LOGIN]) {
      expect(everything).not.toContain(secret);
    }
    expect(calls).toEqual([{ name: 'seo', ok: false }]);
  });

  it('maps DataForSEO status codes inside an HTTP 200 to vendor errors', async () => {
    peer.mode = 'status40200';
    const payment = await failureOf(provider().positions(SITE, RANGE));
    expect(payment.code).toBe('permission');
    expect(payment.status).toBe(40200);
    expect(payment.message).toBe(
      'DataForSEO could not list the ranked keywords (40200: Payment Required.).',
    );

    peer.mode = 'task40501';
    const invalid = await failureOf(provider().rankedPages(SITE, RANGE.to));
    expect(invalid.code).toBe('invalid');
    expect(invalid.retryable).toBe(false);
    expect(invalid.message).toContain("40501: Invalid Field: 'target'.");

    peer.mode = 'task50000';
    const internal = await failureOf(provider().positions(SITE, RANGE));
    expect(internal.code).toBe('unavailable');
    expect(internal.retryable).toBe(true);
  });

  it('maps 429 (with its Retry-After) and 5xx to retryable errors', async () => {
    peer.mode = 'http429';
    const limited = await failureOf(provider().positions(SITE, RANGE));
    expect(limited.code).toBe('rate_limited');
    expect(limited.retryAfterMs).toBe(30_000);
    expect(limited.retryable).toBe(true);

    peer.mode = 'http500';
    const down = await failureOf(provider().positions(SITE, RANGE));
    expect(down.code).toBe('unavailable');
    expect(down.status).toBe(500);
    expect(down.message).toBe(
      'DataForSEO refused the ranked keywords request (HTTP 500: Internal Server Error.).',
    );
    expect(calls.map((c) => c.ok)).toEqual([false, false]);
  });

  it('does not remember a failure: the next call asks again', async () => {
    peer.mode = 'http500';
    const seo = provider();
    await failureOf(seo.positions(SITE, RANGE));
    peer.mode = 'ok';
    expect(await seo.positions(SITE, RANGE)).toHaveLength(4);
    expect(peer.requests).toHaveLength(2);
  });
});
