import {
  PEER_LOGIN,
  PEER_PASSWORD,
  type RunningDataForSeoPeer,
  refusedBaseUrl,
  startDataForSeoPeer,
} from '@pinpoint/fake-vendors/dataforseo-peer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataForSeoSearchProvider, type DataForSeoOptions } from './dataforseo-search';
import { CostCeilingExceededError, SearchProviderError } from './port';

let peer: RunningDataForSeoPeer;
const calls: boolean[] = [];
const logLines: string[] = [];

beforeAll(async () => {
  peer = await startDataForSeoPeer();
});
afterAll(() => peer.close());
afterEach(() => {
  vi.useRealTimers();
});
beforeEach(() => {
  peer.reset();
  calls.length = 0;
  logLines.length = 0;
});

const POINT = { lat: 30.2672, lng: -97.7431 };
const QUERY = { keyword: 'plumber', point: POINT, zoom: 13 };

function provider(overrides: Partial<DataForSeoOptions> = {}) {
  return createDataForSeoSearchProvider({
    login: PEER_LOGIN,
    password: PEER_PASSWORD,
    baseUrl: peer.base,
    timeoutMs: 2_000,
    concurrency: 5,
    costPerRequestMillicents: 200,
    scanCostCeilingCents: 50,
    recordCall: async (name, ok) => {
      expect(name).toBe('dataforseo');
      calls.push(ok);
    },
    log: { warn: (details, message) => logLines.push(`${message} ${JSON.stringify(details)}`) },
    resilience: { retries: 3, initialBackoffMs: 5, maxBackoffMs: 20, breakerThreshold: 5 },
    ...overrides,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<SearchProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SearchProviderError);
  return error as SearchProviderError;
}

describe('DataForSEO Google Maps adapter, against a local server in the vendor’s shape', () => {
  it('posts the documented task with basic auth and maps the listings in rank order', async () => {
    const results = await provider().search({
      ...QUERY,
      point: { lat: 30.26720001, lng: -97.7431 },
    });
    const [sent] = peer.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v3/serp/google/maps/live/advanced');
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${PEER_LOGIN}:${PEER_PASSWORD}`).toString('base64')}`,
    );
    expect(sent?.body).toEqual([
      {
        keyword: 'plumber',
        location_coordinate: '30.2672,-97.7431,13z',
        language_code: 'en',
        depth: 20,
      },
    ]);
    // 21 map listings and a paid one: the paid one is dropped, the 21st is beyond the limit.
    expect(results).toHaveLength(20);
    expect(results.map((r) => r.name).slice(0, 3)).toEqual([
      'Peer plumber 1',
      'Peer plumber 2',
      'Peer plumber 3',
    ]);
    expect(results[0]).toEqual({
      placeId: 'ChIJpeer1',
      name: 'Peer plumber 1',
      address: '120 Congress Ave, Austin, TX 78701',
      phone: '+15125551020',
      website: 'https://www.peer1.example.com/',
      rating: null,
      reviewCount: null,
      lat: 30.28,
      lng: -97.76,
    });
    // No url: the domain stands in; no place id: the cid keeps the listing distinct.
    expect(results.find((r) => r.name === 'Peer plumber 3')).toMatchObject({
      website: 'https://peer3.example.com',
      rating: 4.1,
      reviewCount: 180,
    });
    expect(results.find((r) => r.name === 'Peer plumber 16')?.placeId).toBe('cid:9000005');
    expect(calls).toEqual([true]);
  });

  it('reads "No Search Results." as an empty answer, not a failure', async () => {
    peer.mode = 'noResults';
    expect(await provider().search(QUERY)).toEqual([]);
    expect(calls).toEqual([true]);
  });

  it('retries 500 and 429 with backoff, then succeeds', async () => {
    peer.next = ['http500', 'http429', 'task50000'];
    const results = await provider().search(QUERY);
    expect(results).toHaveLength(20);
    expect(peer.requests).toHaveLength(4);
    expect(calls).toEqual([false, false, false, true]);
    expect(logLines.filter((line) => line.startsWith('search call failed; retrying'))).toHaveLength(
      3,
    );
  });

  it('gives up after the retries, with a message that names the failure', async () => {
    peer.mode = 'http500';
    const error = await failureOf(
      provider({ resilience: { retries: 2, initialBackoffMs: 5 } }).search(QUERY),
    );
    expect(error.code).toBe('server_error');
    expect(error.message).toBe('DataForSEO refused the search (HTTP 500: Internal Server Error.).');
    expect(peer.requests).toHaveLength(3);
  });

  it('does not retry wrong credentials, and never shows or logs the password', async () => {
    const error = await failureOf(provider({ password: 'wrong-password-123' }).search(QUERY));
    expect(error.code).toBe('auth');
    expect(error.retryable).toBe(false);
    expect(error.vendorStatus).toBe(401);
    expect(peer.requests).toHaveLength(1);
    expect(calls).toEqual([false]);
    const everything = JSON.stringify({ message: error.message, error, logLines });
    expect(everything).not.toContain('wrong-password-123');
    expect(everything).not.toContain(PEER_PASSWORD);
  });

  it('does not retry a task-level 40501 (our request was wrong)', async () => {
    peer.mode = 'task40501';
    const error = await failureOf(provider().search(QUERY));
    expect(error.code).toBe('invalid_request');
    expect(error.vendorStatus).toBe(40501);
    expect(error.message).toContain("Invalid Field: 'location_coordinate'.");
    expect(peer.requests).toHaveLength(1);
  });

  it('times a slow answer out, and retries it', async () => {
    peer.mode = 'slow';
    const started = Date.now();
    const error = await failureOf(
      provider({ timeoutMs: 150, resilience: { retries: 1, initialBackoffMs: 5 } }).search(QUERY),
    );
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('DataForSEO did not answer within 0.15 s.');
    // Both tries gave up before the slow answer came.
    expect(Date.now() - started).toBeLessThan(peer.slowMs);
    expect(peer.requests).toHaveLength(2);
  });

  it('counts a refused connection as a network failure and retries it', async () => {
    const error = await failureOf(
      provider({
        baseUrl: await refusedBaseUrl(),
        resilience: { retries: 2, initialBackoffMs: 5 },
      }).search(QUERY),
    );
    expect(error.code).toBe('network');
    expect(calls).toEqual([false, false, false]);
  });

  it('opens the circuit after consecutive failures, short-circuits without a request, then half-opens', async () => {
    peer.mode = 'http500';
    // The breaker reads Date.now(): a clock that moves only when told, so the circuit stays
    // open however slow the machine is, and half-opens without waiting.
    vi.useFakeTimers({ toFake: ['Date'] });
    const search = provider({
      resilience: { retries: 0, breakerThreshold: 3, halfOpenAfterMs: 300 },
    });
    for (let i = 0; i < 3; i++)
      expect((await failureOf(search.search(QUERY))).code).toBe('server_error');
    expect(peer.requests).toHaveLength(3);

    const open = await failureOf(search.search(QUERY));
    expect(open.code).toBe('circuit_open');
    expect(peer.requests).toHaveLength(3);
    expect(calls).toEqual([false, false, false]);

    vi.setSystemTime(Date.now() + 301);
    peer.mode = 'ok';
    expect(await search.search(QUERY)).toHaveLength(20);
    expect(peer.requests).toHaveLength(4);
    // Closed again: the next calls go through as usual.
    expect(await search.search(QUERY)).toHaveLength(20);
  });

  it('a failed trial call while half-open opens the circuit again', async () => {
    peer.mode = 'http500';
    vi.useFakeTimers({ toFake: ['Date'] });
    const search = provider({
      resilience: { retries: 0, breakerThreshold: 2, halfOpenAfterMs: 200 },
    });
    await failureOf(search.search(QUERY));
    await failureOf(search.search(QUERY));
    vi.setSystemTime(Date.now() + 201);
    expect((await failureOf(search.search(QUERY))).code).toBe('server_error');
    expect((await failureOf(search.search(QUERY))).code).toBe('circuit_open');
    expect(peer.requests).toHaveLength(3);
  });

  it('never has more requests in flight than the concurrency limit', async () => {
    peer.delayMs = 60;
    const search = provider({ concurrency: 3 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        search.search({ ...QUERY, point: { lat: POINT.lat + i / 100, lng: POINT.lng } }),
      ),
    );
    expect(results.every((r) => r.length === 20)).toBe(true);
    expect(peer.requests).toHaveLength(12);
    expect(peer.maxInFlight).toBe(3);
  });

  it('estimates a scan’s cost and refuses one above the ceiling before sending anything', async () => {
    const search = provider({ costPerRequestMillicents: 200, scanCostCeilingCents: 50 });
    expect(search.estimateCost(1)).toBe(1);
    expect(search.estimateCost(49)).toBe(10);
    expect(search.estimateCost(441)).toBe(89);
    expect(search.checkCost(225)).toEqual({ points: 225, cents: 45, ceilingCents: 50 });
    expect(() => search.checkCost(441)).toThrow(CostCeilingExceededError);
    try {
      search.checkCost(441);
    } catch (error) {
      expect((error as Error).message).toBe(
        'A scan of 441 points would cost about $0.89, above the $0.50 limit per scan. Use a smaller grid.',
      );
    }
    expect(peer.requests).toHaveLength(0);
    expect(calls).toEqual([]);
  });

  it('stops when the caller gives up, without counting it against the vendor', async () => {
    peer.mode = 'slow';
    const controller = new AbortController();
    const pending = provider().search(QUERY, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failureOf(pending)).code).toBe('cancelled');
    expect(calls).toEqual([]);
  });
});
