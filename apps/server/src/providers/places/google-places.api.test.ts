import { PassThrough } from 'node:stream';
import {
  PEER_API_KEY,
  type RunningPlacesPeer,
  SLOW_ANSWER_MS,
  startGooglePlacesPeer,
} from '@pinpoint/fake-vendors/google-places-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config';
import { users } from '../../kernel/db/schema';
import { hashPassword } from '../../platform/identity/password';
import { createTestApp, signInCookie, TEST_ORIGIN } from '../../test/test-app';
import { GOOGLE_PLACES_PROVIDER } from '../kernel/vendor-ids';
import { createGooglePlacesProvider } from './google-places';
import { PlacesProviderError } from './port';

let peer: RunningPlacesPeer;
const calls: { provider: string; ok: boolean }[] = [];

beforeAll(async () => {
  peer = await startGooglePlacesPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.mode = 'ok';
  peer.requests.length = 0;
  calls.length = 0;
});

const provider = (apiKey = PEER_API_KEY, timeoutMs = 1_000) =>
  createGooglePlacesProvider({
    apiKey,
    baseUrl: peer.base,
    timeoutMs,
    recordCall: async (name, ok) => {
      calls.push({ provider: name, ok });
    },
  });

describe('Google Places (New) adapter, against a local server in Google’s shape', () => {
  it('searches with Autocomplete, sending the key in its header and our four primary types', async () => {
    const places = await provider().search('austin', { limit: 8 });
    const [sent] = peer.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/v1/places:autocomplete');
    expect(sent?.url).not.toContain(PEER_API_KEY);
    expect(sent?.headers['x-goog-api-key']).toBe(PEER_API_KEY);
    expect(sent?.body).toEqual({
      input: 'austin',
      includedPrimaryTypes: [
        'country',
        'administrative_area_level_1',
        'administrative_area_level_2',
        'locality',
      ],
    });
    expect(calls).toEqual([{ provider: GOOGLE_PLACES_PROVIDER, ok: true }]);
    // The route, the query prediction and the café are dropped (SPEC §5).
    expect(places).toEqual([
      {
        place_id: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
        place_type: 'City',
        full_name: 'Austin, TX, USA',
      },
      {
        place_id: 'ChIJq6qqqmC1RIYR6kb5pDrSxb0',
        place_type: 'County',
        full_name: 'Travis County, TX, USA',
      },
    ]);
  });

  it('asks only for the requested types and keeps only those, within the limit', async () => {
    const places = await provider().search('austin', { types: ['County'], limit: 8 });
    expect(peer.requests[0]?.body).toMatchObject({
      includedPrimaryTypes: ['administrative_area_level_2'],
    });
    expect(places.map((p) => p.place_type)).toEqual(['County']);
    expect(await provider().search('austin', { limit: 1 })).toHaveLength(1);
  });

  it('looks a place up with Place Details, taking the names from its address components', async () => {
    const place = await provider().lookup('ChIJLwPMoJm1RIYRetVp1EtGm10');
    expect(peer.requests[0]?.headers['x-goog-fieldmask']).toBe(
      'id,formattedAddress,types,location,addressComponents',
    );
    expect(place).toEqual({
      place_id: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
      place_type: 'City',
      full_name: 'Austin, TX, USA',
      lat: 30.267153,
      lng: -97.7430608,
      country: 'US',
      state: 'TX',
      county: 'Travis County',
      city: 'Austin',
    });
    // An unknown id, and a place of another kind (a business), look up as nothing.
    expect(await provider().lookup('ChIJ-unknown')).toBeNull();
    expect(await provider().lookup('ChIJ-cafe')).toBeNull();
  });

  it('turns an error answer into a clear error without the key, and counts a failure', async () => {
    peer.mode = 'error';
    const failure = await provider()
      .search('austin', { limit: 8 })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PlacesProviderError);
    expect((failure as Error).message).toBe(
      'Google Places refused the request (HTTP 403 PERMISSION_DENIED).',
    );
    expect((failure as Error).message).not.toContain(PEER_API_KEY);
    expect(calls).toEqual([{ provider: GOOGLE_PLACES_PROVIDER, ok: false }]);
  });

  it('gives up on a slow answer after its timeout', async () => {
    peer.mode = 'slow';
    const started = Date.now();
    const failure = await provider(PEER_API_KEY, 200)
      .search('austin', { limit: 8 })
      .catch((e: unknown) => e);
    // It gave up before the slow answer came (the error says it was the timeout).
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_MS);
    expect(failure).toBeInstanceOf(PlacesProviderError);
    expect((failure as Error).message).toBe('Google Places did not answer within 0.2 s.');
    expect(calls).toEqual([{ provider: GOOGLE_PLACES_PROVIDER, ok: false }]);
  });

  it('reports an unreachable server as such', async () => {
    const gone = createGooglePlacesProvider({
      apiKey: PEER_API_KEY,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 1_000,
      recordCall: async () => {},
    });
    await expect(gone.search('austin', { limit: 8 })).rejects.toThrow(
      'Google Places could not be reached.',
    );
  });
});

describe('configuration of the places provider', () => {
  it('is the demo gazetteer unless PLACES_PROVIDER=google', () => {
    expect(loadConfig({}).places).toEqual({ provider: 'demo' });
    expect(loadConfig({ PLACES_PROVIDER: 'google', GOOGLE_PLACES_API_KEY: 'k' }).places).toEqual({
      provider: 'google',
      apiKey: 'k',
      baseUrl: 'https://places.googleapis.com',
      timeoutMs: 5_000,
    });
  });

  it('needs the key for google and never echoes a wrong key', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return error instanceof ConfigError ? error.problems : [];
      }
    };
    expect(problems({ PLACES_PROVIDER: 'google' })).toEqual([
      'PLACES_PROVIDER=google needs GOOGLE_PLACES_API_KEY',
    ]);
    expect(problems({ PLACES_PROVIDER: 'bing' })[0]).toContain('must be demo or google');
    const base = problems({ GOOGLE_PLACES_BASE_URL: 'nope', GOOGLE_PLACES_API_KEY: ' ' });
    expect(base[0]).toContain('GOOGLE_PLACES_BASE_URL must be an absolute URL');
  });
});

describe('GET /api/places/search with the live adapter configured', () => {
  it('answers from Google, and 503 with a plain message when Google fails; the key is never logged', async () => {
    const logs = new PassThrough();
    let logged = '';
    logs.on('data', (chunk) => {
      logged += String(chunk);
    });
    const { app, database } = await createTestApp({
      config: {
        places: { provider: 'google', apiKey: PEER_API_KEY, baseUrl: peer.base, timeoutMs: 500 },
        logLevel: 'debug',
      },
      logStream: logs,
    });
    try {
      await database.db.insert(users).values({
        email: 'places@test.local',
        firstName: 'P',
        lastName: 'S',
        passwordHash: await hashPassword('a long places password'),
      });
      const cookie = await signInCookie(app, 'places@test.local', 'a long places password');
      const search = () =>
        app.inject({
          method: 'GET',
          url: '/api/places/search?q=austin',
          headers: { cookie, origin: TEST_ORIGIN },
        });
      const ok = await search();
      expect(ok.statusCode).toBe(200);
      expect(ok.json().places.map((p: { place_type: string }) => p.place_type)).toEqual([
        'City',
        'County',
      ]);

      peer.mode = 'error';
      const failed = await search();
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Place search is not available right now. Try again in a minute.',
        },
      });
      expect(failed.headers['retry-after']).toBe('60');
      expect(failed.body).not.toContain(PEER_API_KEY);

      // The public status page lists the provider, with the calls just made.
      const status = await app.inject({ method: 'GET', url: '/api/system/status' });
      expect(status.body).toContain(GOOGLE_PLACES_PROVIDER);
    } finally {
      await app.close();
    }
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(PEER_API_KEY);
  });
});
