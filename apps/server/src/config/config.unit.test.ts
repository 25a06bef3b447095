import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../kernel/lib/paths';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('defaults to port 3000 on the embedded database in <repo>/data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(repoRoot, 'data') });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db.internal:5432/pinpoint' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://app@db.internal:5432/pinpoint',
    });
  });

  it('moves the data folder with PINPOINT_DATA_DIR, resolved from the working directory', () => {
    const config = loadConfig({ PINPOINT_DATA_DIR: 'var/pinpoint' });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('var/pinpoint') });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
  });

  it('names each wrong variable and the value it got', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
    });
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('PORT'))).toContain('(got "eighty")');
    expect(problems.find((p) => p.startsWith('DATABASE_URL'))).toContain('postgres://');
    expect(problems.find((p) => p.startsWith('LOG_LEVEL'))).toBeDefined();
    expect(problems.find((p) => p.startsWith('PUBLIC_URL'))).toBeDefined();
  });

  it('refuses ports outside 0–65535', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT must be between 0 and 65535/);
  });

  it('creates demo accounts outside production, and in production only with PINPOINT_DEMO=1', () => {
    expect(loadConfig({}).demoAccounts).toBe(true);
    const key = 'a'.repeat(64);
    expect(loadConfig({ NODE_ENV: 'production', PINPOINT_SECRET_KEY: key }).demoAccounts).toBe(
      false,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', PINPOINT_DEMO: '1', PINPOINT_SECRET_KEY: key })
        .demoAccounts,
    ).toBe(true);
    expect(loadConfig({ PINPOINT_DEMO: '0' }).demoAccounts).toBe(false);
  });

  it('requires PINPOINT_SECRET_KEY in production, as 32 bytes, and never echoes it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PINPOINT_SECRET_KEY is required/);
    expect(loadConfig({}).secretKey).toBeNull();
    expect(loadConfig({ PINPOINT_SECRET_KEY: 'ab'.repeat(32) }).secretKey?.length).toBe(32);
    expect(
      loadConfig({ PINPOINT_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') }).secretKey,
    ).toEqual(Buffer.alloc(32, 7));
    const wrong = () => loadConfig({ PINPOINT_SECRET_KEY: 'too-short-secret-value' });
    expect(wrong).toThrow(/PINPOINT_SECRET_KEY must be 32 bytes/);
    expect(wrong).not.toThrow(/too-short-secret-value/);
  });

  it('turns a social provider on only when all of its settings are given', () => {
    expect(loadConfig({}).social).toEqual({ google: null, facebook: null });
    const google = loadConfig({
      GOOGLE_OIDC_ISSUER: 'https://accounts.example.com',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    }).social;
    expect(google.google?.issuer).toBe('https://accounts.example.com');
    expect(google.facebook).toBeNull();
    expect(problemsOf({ FACEBOOK_CLIENT_ID: 'id' })[0]).toContain('facebook sign-in needs all of');
  });

  it('reads the scan quota: 5,000 points a day and 21×21 unless set, odd sizes only', () => {
    expect(loadConfig({}).scanQuota).toEqual({ pointsPerDay: 5_000, maxGridSize: 21 });
    expect(
      loadConfig({ PINPOINT_SCAN_POINTS_PER_DAY: '800', PINPOINT_MAX_GRID_SIZE: '9' }).scanQuota,
    ).toEqual({ pointsPerDay: 800, maxGridSize: 9 });
    expect(problemsOf({ PINPOINT_MAX_GRID_SIZE: '8' })[0]).toMatch(
      /^PINPOINT_MAX_GRID_SIZE must be an odd number from 3 to 21/,
    );
    expect(problemsOf({ PINPOINT_MAX_GRID_SIZE: '23' })).toHaveLength(1);
    expect(problemsOf({ PINPOINT_SCAN_POINTS_PER_DAY: '0' })[0]).toMatch(
      /^PINPOINT_SCAN_POINTS_PER_DAY must be between/,
    );
  });

  it('serves OpenStreetMap tiles by default, none in tests, none when set empty', () => {
    expect(loadConfig({}).tiles.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ NODE_ENV: 'test' }).tiles).toEqual({ url: null, attribution: '' });
    expect(loadConfig({ PINPOINT_TILE_URL: '' }).tiles.url).toBeNull();
    const own = loadConfig({
      PINPOINT_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
      PINPOINT_TILE_ATTRIBUTION: '© Example',
    });
    expect(own.tiles).toEqual({
      url: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
    expect(problemsOf({ PINPOINT_TILE_URL: 'https://tiles.example/{z}.png' })[0]).toMatch(
      /^PINPOINT_TILE_URL must contain \{z\}, \{x\} and \{y\}/,
    );
  });

  it('tracks SEO Pro rankings with the demo unless SEO_PROVIDER=dataforseo has credentials', () => {
    expect(loadConfig({}).seo).toEqual({ provider: 'demo' });
    // The search provider's credentials serve SEO Pro too, and only when asked for.
    const credentials = {
      DATAFORSEO_LOGIN: 'agency@example.com',
      DATAFORSEO_PASSWORD: 's3cret-pw',
    };
    expect(loadConfig(credentials).seo).toEqual({ provider: 'demo' });
    expect(
      loadConfig({
        ...credentials,
        SEO_PROVIDER: 'dataforseo',
        DATAFORSEO_BASE_URL: 'http://127.0.0.1:9/',
      }).seo,
    ).toEqual({
      provider: 'dataforseo',
      login: 'agency@example.com',
      password: 's3cret-pw',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 30_000,
    });
    // Every problem at once, and never the password.
    const problems = problemsOf({
      SEO_PROVIDER: 'dataforseo',
      SEARCH_PROVIDER: 'dataforseo',
      DATAFORSEO_PASSWORD: 's3cret-pw',
    });
    expect(problems).toEqual([
      'SEARCH_PROVIDER=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD',
      'SEO_PROVIDER=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD',
    ]);
    expect(problemsOf({ SEO_PROVIDER: 'semrush' })).toEqual([
      'SEO_PROVIDER must be demo or dataforseo (got "semrush")',
    ]);
  });
});
