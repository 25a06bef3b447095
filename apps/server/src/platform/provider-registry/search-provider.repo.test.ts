import {
  PEER_LOGIN,
  PEER_PASSWORD,
  type RunningDataForSeoPeer,
  startDataForSeoPeer,
} from '@pinpoint/fake-vendors/dataforseo-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createSearchProvider } from './search-provider';

let database: TestDatabase;
let peer: RunningDataForSeoPeer;
beforeAll(async () => {
  [database, peer] = await Promise.all([createTestDatabase(), startDataForSeoPeer()]);
});
afterAll(async () => {
  await Promise.all([database?.close(), peer?.close()]);
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('search settings', () => {
  it('defaults to the simulated provider with documented limits', () => {
    expect(loadConfig({}).search).toEqual({
      provider: 'simulated',
      dataforseo: null,
      costPerRequestMillicents: 200,
      scanCostCeilingCents: 500,
      concurrency: 5,
      timeoutMs: 60_000,
    });
  });

  it('reads DataForSEO settings and prices in thousandths of a cent', () => {
    const config = loadConfig({
      SEARCH_PROVIDER: 'dataforseo',
      DATAFORSEO_LOGIN: 'me@example.com',
      DATAFORSEO_PASSWORD: 's3cret-pass',
      DATAFORSEO_BASE_URL: 'http://127.0.0.1:9999/',
      SEARCH_COST_PER_REQUEST_CENTS: '0.125',
      SEARCH_SCAN_COST_CEILING_CENTS: '200',
      SEARCH_CONCURRENCY: '8',
      SEARCH_TIMEOUT_MS: '30000',
    }).search;
    expect(config).toEqual({
      provider: 'dataforseo',
      dataforseo: {
        login: 'me@example.com',
        password: 's3cret-pass',
        baseUrl: 'http://127.0.0.1:9999',
      },
      costPerRequestMillicents: 125,
      scanCostCeilingCents: 200,
      concurrency: 8,
      timeoutMs: 30_000,
    });
  });

  it('refuses incomplete or wrong values, naming them and never echoing a secret', () => {
    expect(problemsOf({ SEARCH_PROVIDER: 'dataforseo', DATAFORSEO_LOGIN: 'me' })).toEqual([
      'SEARCH_PROVIDER=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD',
    ]);
    expect(problemsOf({ SEARCH_PROVIDER: 'serpapi' })[0]).toContain('SEARCH_PROVIDER must be');
    expect(problemsOf({ SEARCH_COST_PER_REQUEST_CENTS: '0.0001' })[0]).toContain(
      'SEARCH_COST_PER_REQUEST_CENTS must be cents',
    );
    expect(problemsOf({ SEARCH_CONCURRENCY: '0' })[0]).toContain('SEARCH_CONCURRENCY');
    const withCredentials = problemsOf({
      DATAFORSEO_BASE_URL: 'https://me:hunter22@api.example.com',
    });
    expect(withCredentials[0]).toContain('must not carry credentials');
    expect(withCredentials.join()).not.toContain('hunter22');
  });
});

describe('createSearchProvider', () => {
  it('builds the simulated provider by default', () => {
    const provider = createSearchProvider(loadConfig({}).search, {
      db: database.db,
      recordCall: async () => {},
    });
    expect(provider.name).toBe('simulated');
    expect(provider.estimateCost(100)).toBe(0);
  });

  it('builds the DataForSEO adapter from the settings, counting its calls', async () => {
    const calls: [string, boolean][] = [];
    const config = loadConfig({
      SEARCH_PROVIDER: 'dataforseo',
      DATAFORSEO_LOGIN: PEER_LOGIN,
      DATAFORSEO_PASSWORD: PEER_PASSWORD,
      DATAFORSEO_BASE_URL: peer.base,
    }).search;
    const provider = createSearchProvider(config, {
      db: database.db,
      recordCall: async (name, ok) => {
        calls.push([name, ok]);
      },
    });
    expect(provider.name).toBe('dataforseo');
    expect(provider.estimateCost(441)).toBe(89);
    const results = await provider.search({
      keyword: 'plumber',
      point: { lat: 30.27, lng: -97.74 },
    });
    expect(results).toHaveLength(20);
    expect(calls).toEqual([['dataforseo', true]]);
    expect(
      (peer.requests[0]?.body as { location_coordinate: string }[] | undefined)?.[0]
        ?.location_coordinate,
    ).toBe('30.27,-97.74,13z');
  });
});
