import { STATUS_HISTORY_DAYS, statusPageSchema } from '@pinpoint/contracts';
import { startOidcPeer } from '@pinpoint/fake-vendors/oidc-peer';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, healthSamples, providerCalls } from '../../kernel/db/schema';
import { createHealthProbeRegistry, PROBE_TIMEOUT_MS } from '../../kernel/lib/health-probes';
import { buildApp } from '../../main/app';
import { createTestApp, TEST_ORIGIN, type TestApp, testConfig } from '../../test/test-app';
import { createHealthSampler } from './health-sampler';
import { createProviderCallRecorder } from './provider-calls';
import { createStatusRepository, type StatusRepository } from './status.repository';
import { providerStatus } from './status.service';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => app.close());

const db = () => testApp.database.db;

async function sampleRows(where?: SQL) {
  return db().select().from(healthSamples).where(where);
}

/** Samples of one component: `count` minutes of `status` starting at `from`. */
function minutes(component: string, from: Date, count: number, status: 'up' | 'degraded' | 'down') {
  return Array.from({ length: count }, (_, i) => ({
    component,
    minute: new Date(from.getTime() + i * MINUTE),
    status,
    latencyMs: 1,
  }));
}

describe('health probes', () => {
  it('reports the built-in api and database probes, and only registered components', async () => {
    const page = await app.statusPage.build();
    const names = page.components.map((c) => c.name);
    expect(names).toEqual(app.healthProbes.names());
    expect(names.slice(0, 2)).toEqual(['api', 'database']);
    // The job queue does not exist yet, so it must not be shown as working.
    expect(names).not.toContain('job-queue');
    for (const name of ['api', 'database']) {
      const component = page.components.find((c) => c.name === name);
      expect(component).toMatchObject({ status: 'up' });
      expect(component?.latencyMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts a hung or failing probe as down without leaking its error', async () => {
    const registry = createHealthProbeRegistry();
    registry.register('hung', () => new Promise(() => {}));
    registry.register('broken', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    registry.register('slow-ok', async () => ({ status: 'degraded', detail: 'x'.repeat(500) }));
    const started = Date.now();
    const [hung, broken, slow] = await registry.runAll(50);
    // The hung probe was given up on at the timeout asked for, not the default one.
    expect(Date.now() - started).toBeLessThan(PROBE_TIMEOUT_MS);
    expect(hung).toMatchObject({
      name: 'hung',
      status: 'down',
      detail: 'No answer within 0.05 s.',
    });
    expect(broken).toMatchObject({ status: 'down', detail: 'The health check failed.' });
    expect(slow?.status).toBe('degraded');
    expect(slow?.detail).toHaveLength(200);
    expect(() => registry.register('hung', async () => ({ status: 'up' }))).toThrow(/twice/);
    expect(() => registry.register('Bad Name', async () => ({ status: 'up' }))).toThrow(/slug/);
  });

  it('shows a component registered by another module, and the overall status follows it', async () => {
    const other = await createTestApp();
    other.app.healthProbes.register('test-degraded', async () => ({
      status: 'degraded',
      detail: 'Half the workers are busy.',
    }));
    const page = await other.app.statusPage.build();
    await other.app.close();
    expect(page.status).toBe('degraded');
    expect(page.components.at(-1)).toMatchObject({
      name: 'test-degraded',
      status: 'degraded',
      detail: 'Half the workers are busy.',
    });
  });
});

describe('the sampler', () => {
  it('writes one row per component per minute, however often and from however many processes', async () => {
    const now = new Date('2031-01-15T10:20:30.500Z');
    const minute = new Date('2031-01-15T10:20:00Z');
    const first = await app.healthSampler.sampleOnce(now);
    expect(first.written.sort()).toEqual(app.healthProbes.names().sort());
    const again = await app.healthSampler.sampleOnce(new Date(now.getTime() + 15_000));
    expect(again.written).toEqual([]);

    // A second server process on the same database (its close leaves the database open).
    const database = { ...testApp.database, close: async () => {} };
    const second = await buildApp({ config: testConfig(), database });
    const fromSecond = await second.healthSampler.sampleOnce(new Date(now.getTime() + 25_000));
    await second.close();
    expect(fromSecond.written).toEqual([]);

    const rows = await sampleRows(eq(healthSamples.minute, minute));
    expect(rows.map((r) => r.component).sort()).toEqual(app.healthProbes.names().sort());
    expect(rows.find((r) => r.component === 'database')?.status).toBe('up');
  });

  it('prunes samples older than 90 days, at most once an hour', async () => {
    // A sampler of its own, so the app's sampler's last prune does not matter here.
    const repository = createStatusRepository(db());
    const sampler = createHealthSampler({ probes: app.healthProbes, repository, log: app.log });
    const now = new Date('2031-06-01T12:00:00Z');
    await db()
      .insert(healthSamples)
      .values([
        ...minutes('api', new Date(now.getTime() - 91 * DAY), 2, 'up'),
        ...minutes('api', new Date(now.getTime() - 89 * DAY), 2, 'up'),
      ]);
    await db()
      .insert(providerCalls)
      .values({ provider: 'old-provider', minute: new Date(now.getTime() - 91 * DAY), failed: 1 });

    await sampler.sampleOnce(now);
    const before = (t: Date) => sql`${healthSamples.minute} < ${t.toISOString()}::timestamptz`;
    const cutoff = new Date(now.getTime() - 90 * DAY);
    expect(await sampleRows(before(cutoff))).toHaveLength(0);
    expect(
      await sampleRows(
        sql`${healthSamples.minute} between ${cutoff.toISOString()}::timestamptz and ${now.toISOString()}::timestamptz - interval '1 hour'`,
      ),
    ).toHaveLength(2);
    expect(
      await db().select().from(providerCalls).where(eq(providerCalls.provider, 'old-provider')),
    ).toHaveLength(0);

    // Half an hour later a sample that has just become too old is still there …
    await db()
      .insert(healthSamples)
      .values(minutes('api', new Date(now.getTime() - 95 * DAY), 1, 'up'));
    await sampler.sampleOnce(new Date(now.getTime() + 30 * MINUTE));
    expect(await sampleRows(before(cutoff))).toHaveLength(1);
    // … and goes at the next hourly prune.
    await sampler.sampleOnce(new Date(now.getTime() + 61 * MINUTE));
    expect(await sampleRows(before(cutoff))).toHaveLength(0);
  });

  it('starts with the app when asked, and stops when it closes', async () => {
    const sampled = await createTestApp({ config: { healthSampler: true } });
    // The app samples once as it becomes ready; `stop` waits for a sample in progress.
    await sampled.app.healthSampler.stop();
    const rows = await sampled.database.db.select().from(healthSamples);
    await sampled.app.close();
    expect(rows.length).toBe(sampled.app.healthProbes.names().length);
  });

  it('does not sample in tests unless asked', async () => {
    const quiet = await createTestApp();
    // Had the sampler started with the app, its first sample would be running now, and
    // `stop` waits for it to be stored.
    await quiet.app.healthSampler.stop();
    const rows = await quiet.database.db.select().from(healthSamples);
    await quiet.app.close();
    expect(rows).toEqual([]);
  });
});

describe('the uptime history', () => {
  const now = new Date('2032-03-10T15:00:00Z');

  it('has one entry per UTC day for 90 days, with days without samples as no data', async () => {
    const page = await app.statusPage.build(now);
    const api = page.components.find((c) => c.name === 'api');
    expect(api?.history).toHaveLength(STATUS_HISTORY_DAYS);
    expect(api?.history.at(-1)?.date).toBe('2032-03-10');
    expect(api?.history[0]?.date).toBe('2031-12-12');
    // Nothing was sampled in this window: no data, never 100 %.
    expect(api?.history.every((d) => d.uptimePercent === null && d.up + d.down === 0)).toBe(true);
    expect(api?.uptimePercent).toBeNull();
  });

  it('counts up and degraded minutes as available and down minutes against it', async () => {
    const yesterday = new Date('2032-03-09T00:00:00Z');
    const earlier = new Date('2032-03-01T23:00:00Z');
    await db()
      .insert(healthSamples)
      .values([
        ...minutes('database', yesterday, 1400, 'up'),
        ...minutes('database', new Date(yesterday.getTime() + 1400 * MINUTE), 10, 'degraded'),
        ...minutes('database', new Date(yesterday.getTime() + 1410 * MINUTE), 30, 'down'),
        // One day's last hour only: fully up, counted over what was sampled.
        ...minutes('database', earlier, 60, 'up'),
        // Before the window: not counted.
        ...minutes('database', new Date('2031-12-11T12:00:00Z'), 5, 'down'),
        // Not a registered component: not shown.
        ...minutes('retired-part', yesterday, 5, 'down'),
      ]);

    const page = await app.statusPage.build(now);
    const database = page.components.find((c) => c.name === 'database');
    const day = (date: string) => database?.history.find((d) => d.date === date);
    expect(day('2032-03-09')).toEqual({
      date: '2032-03-09',
      up: 1400,
      degraded: 10,
      down: 30,
      uptimePercent: 97.91, // 1410 / 1440 = 97.916…, rounded down
    });
    expect(day('2032-03-01')).toMatchObject({ up: 60, down: 0, uptimePercent: 100 });
    expect(day('2032-03-02')?.uptimePercent).toBeNull();
    expect(day('2032-03-10')?.uptimePercent).toBeNull();
    // 1470 of 1500 sampled minutes.
    expect(database?.uptimePercent).toBe(98);
    expect(page.components.map((c) => c.name)).not.toContain('retired-part');
  });

  it('never rounds one bad minute up to 100 %', async () => {
    const start = new Date('2032-03-05T00:00:00Z');
    await db()
      .insert(healthSamples)
      .values([
        ...minutes('api', start, 1439, 'up'),
        ...minutes('api', new Date(start.getTime() + 1439 * MINUTE), 1, 'down'),
      ]);
    const page = await app.statusPage.build(now);
    const api = page.components.find((c) => c.name === 'api');
    expect(api?.history.find((d) => d.date === '2032-03-05')?.uptimePercent).toBe(99.93);
    expect(api?.uptimePercent).toBeLessThan(100);
  });
});

describe('provider calls', () => {
  let repository: StatusRepository;
  beforeAll(() => {
    repository = createStatusRepository(db());
  });

  it('counts calls per minute in one row, and reports the 24 h error rate and last success', async () => {
    const now = new Date('2033-05-05T12:00:00Z');
    const at = (ms: number) => new Date(now.getTime() - ms);
    await app.recordProviderCall('search-demo', true, at(2 * DAY)); // older than 24 h
    await app.recordProviderCall('search-demo', false, at(2 * DAY - 1000));
    await Promise.all([
      ...Array.from({ length: 7 }, () =>
        app.recordProviderCall('search-demo', true, at(3 * MINUTE)),
      ),
      ...Array.from({ length: 3 }, () =>
        app.recordProviderCall('search-demo', false, at(3 * MINUTE)),
      ),
    ]);
    await app.recordProviderCall('search-demo', true, at(10 * MINUTE + 5000));
    await app.recordProviderCall('search-demo', false, at(MINUTE));
    await app.recordProviderCall('ads-demo', false, at(MINUTE));

    const rows = await db()
      .select()
      .from(providerCalls)
      .where(
        eq(providerCalls.minute, new Date(Math.floor(at(3 * MINUTE).getTime() / MINUTE) * MINUTE)),
      );
    expect(rows.find((r) => r.provider === 'search-demo')).toMatchObject({
      succeeded: 7,
      failed: 3,
    });

    const page = await app.statusPage.build(now);
    expect(page.providers.find((p) => p.name === 'search-demo')).toEqual({
      name: 'search-demo',
      lastSuccessAt: at(3 * MINUTE).toISOString(),
      calls24h: 12,
      failed24h: 4,
      errorRate24h: 33.34, // 4 / 12, rounded up
      status: 'degraded', // 4 of the 12 calls of the last 15 minutes failed
    });
    expect(page.providers.find((p) => p.name === 'ads-demo')).toEqual({
      name: 'ads-demo',
      lastSuccessAt: null,
      calls24h: 1,
      failed24h: 1,
      errorRate24h: 100,
      status: 'down', // its only recent call failed
    });
  });

  it('derives each provider’s status from its last 15 minutes and its circuit breaker', async () => {
    expect(providerStatus({ succeeded: 0, failed: 0 }, null)).toBe('up');
    expect(providerStatus({ succeeded: 19, failed: 1 }, 'closed')).toBe('up');
    expect(providerStatus({ succeeded: 9, failed: 1 }, null)).toBe('degraded');
    expect(providerStatus({ succeeded: 20, failed: 0 }, 'open')).toBe('degraded');
    expect(providerStatus({ succeeded: 0, failed: 0 }, 'half-open')).toBe('degraded');
    expect(providerStatus({ succeeded: 0, failed: 3 }, 'open')).toBe('down');

    const now = new Date('2033-06-06T12:00:00Z');
    // Failures older than the window count in the 24 h figures only.
    await app.recordProviderCall('maps-demo', false, new Date(now.getTime() - 20 * MINUTE));
    await app.recordProviderCall('maps-demo', true, new Date(now.getTime() - MINUTE));
    let circuit: 'closed' | 'open' = 'closed';
    app.statusPage.watchCircuit('maps-demo', () => circuit);
    const closed = await app.statusPage.build(now);
    expect(closed.providers.find((p) => p.name === 'maps-demo')).toMatchObject({
      failed24h: 1,
      status: 'up',
    });
    circuit = 'open';
    const open = await app.statusPage.build(now);
    expect(open.providers.find((p) => p.name === 'maps-demo')?.status).toBe('degraded');
  });

  it('never throws into the caller when counting fails', async () => {
    const failing = {
      ...repository,
      recordCall: async () => {
        throw new Error('database gone');
      },
    };
    const record = createProviderCallRecorder(failing, app.log);
    await expect(record('search-demo', true)).resolves.toBeUndefined();
  });

  it('counts social sign-in calls, and lists configured providers before their first call', async () => {
    const google = await startOidcPeer({
      clientId: 'pinpoint',
      clientSecret: 'peer-secret',
      redirectUris: ['http://localhost/api/auth/social/google/callback'],
    });
    const social = await createTestApp({
      config: {
        social: {
          google: { issuer: google.issuer, clientId: 'pinpoint', clientSecret: 'peer-secret' },
          // Nothing listens here: the token exchange cannot succeed.
          facebook: {
            authorizeUrl: 'http://127.0.0.1:9/dialog/oauth',
            tokenUrl: 'http://127.0.0.1:9/oauth/access_token',
            profileUrl: 'http://127.0.0.1:9/me',
            clientId: 'pinpoint',
            clientSecret: 'peer-secret',
          },
        },
      },
    });
    try {
      const before = await social.app.statusPage.build();
      expect(before.providers.map((p) => p.name)).toEqual(['facebook-sign-in', 'google-sign-in']);
      expect(before.providers.every((p) => p.calls24h === 0 && p.errorRate24h === null)).toBe(true);

      // Starting a Google sign-in runs OpenID discovery: one successful call.
      const start = await social.app.inject({
        method: 'GET',
        url: '/api/auth/social/google/start',
      });
      expect(start.statusCode).toBe(302);
      // A Facebook callback whose token exchange fails: one failed call.
      const fbStart = await social.app.inject({
        method: 'GET',
        url: '/api/auth/social/facebook/start',
      });
      const state = new URL(fbStart.headers.location as string).searchParams.get('state') ?? '';
      await social.app.inject({
        method: 'GET',
        url: `/api/auth/social/facebook/callback?code=abc&state=${state}`,
        cookies: { pinpoint_oauth_state: state },
      });

      const after = await social.app.statusPage.build();
      expect(after.providers.find((p) => p.name === 'google-sign-in')).toMatchObject({
        calls24h: 1,
        failed24h: 0,
        errorRate24h: 0,
      });
      expect(
        after.providers.find((p) => p.name === 'google-sign-in')?.lastSuccessAt,
      ).not.toBeNull();
      expect(after.providers.find((p) => p.name === 'facebook-sign-in')).toMatchObject({
        calls24h: 1,
        failed24h: 1,
        lastSuccessAt: null,
      });
    } finally {
      await social.app.close();
      await google.close();
    }
  });
});

describe('GET /api/system/status', () => {
  it('answers signed out, directly and through the gateway, with nothing about clients', async () => {
    const [company] = await db()
      .insert(clientCompanies)
      .values({ name: 'Zephyr Status Plumbing', label: 'Zephyr' })
      .returning();
    await app.recordProviderCall('google-sign-in', true);

    const res = await app.inject({ method: 'GET', url: '/api/system/status' });
    expect(res.statusCode).toBe(200);
    const body = statusPageSchema.parse(res.json());
    // Operational when every component is up (other modules' probes included).
    const allUp = body.components.every((c) => c.status === 'up');
    expect(body.status === 'operational').toBe(allUp);
    expect(body.components.find((c) => c.name === 'api')?.status).toBe('up');
    expect(body.components.find((c) => c.name === 'database')?.status).toBe('up');
    expect(body.components.every((c) => c.history.length === STATUS_HISTORY_DAYS)).toBe(true);
    expect(res.body).not.toContain('Zephyr');
    expect(res.body).not.toContain(`"id":${company?.id}`);
    expect(res.body).not.toMatch(/@|email/i);

    const viaGateway = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { origin: TEST_ORIGIN },
      payload: { method: 'GET', url: '/api/system/status' },
    });
    expect(viaGateway.statusCode).toBe(200);
    expect(statusPageSchema.parse(viaGateway.json()).components.length).toBeGreaterThan(1);
  });

  it('serves one cached answer for a few seconds', async () => {
    const first = (await app.inject({ method: 'GET', url: '/api/system/status' })).json();
    const second = (await app.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(second.checkedAt).toBe(first.checkedAt);
  });

  it('is declared public in the route table', () => {
    expect(app.routeTable).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        url: '/api/system/status',
        access: 'public',
        gateway: true,
      }),
    );
  });
});
