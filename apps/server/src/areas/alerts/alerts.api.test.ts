import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config';
import { alerts, appSettings, clientCompanies, users } from '../../kernel/db/schema';
import { seedDemoAccounts } from '../../platform/identity/demo-accounts';
import { createTestApp, signInCookie, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { loadAlertsLinkSecret, signAlertsLink } from './alerts.links';
import { SHARED_ALERTS_PER_MINUTE } from './alerts.routes';
import { seedDemoAlerts } from './alerts.seed';
import { LINK_EXPIRED_MESSAGE, LINK_INVALID_MESSAGE } from './alerts.service';

let testApp: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
/** Summit (the demo client's), Bayside (the owner's and the employee's), Harbor (owner only). */
let summit = 0;
let bayside = 0;
let harbor = 0;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  const db = testApp.database.db;
  await seedDemoAccounts(db);
  expect(await seedDemoAlerts(db)).toBe(4);
  const companies = await db.select().from(clientCompanies);
  const idOf = (label: string) => companies.find((c) => c.label === label)?.id ?? 0;
  summit = idOf('Summit Plumbing');
  bayside = idOf('Bayside Dental');
  harbor = idOf('Harbor Smiles');
  for (const who of ['client', 'owner', 'employee', 'rookie', 'admin', 'lead']) {
    cookies[who] = await signInCookie(app, `${who}@demo.pinpoint.local`);
  }
});
afterAll(() => app.close());

let address = 0;
function call(
  who: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  target = app,
) {
  const options: InjectOptions = {
    method,
    url,
    remoteAddress: `10.1.0.${++address % 250}`,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: cookies[who] ?? '' } : {}) },
  };
  if (payload) options.payload = payload;
  return target.inject(options);
}

const shareLink = (who: string, companyId: number, payload: object = {}) =>
  call(who, 'POST', `/api/alerts/${companyId}/share-link`, payload);

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

const openShared = (token: string | null, target = app) =>
  call(
    null,
    'GET',
    token === null ? '/api/public/alerts' : `/api/public/alerts?token=${encodeURIComponent(token)}`,
    undefined,
    target,
  );

describe('demo alerts', () => {
  it('are seeded once per demo company, of every kind, some unread', async () => {
    expect(await seedDemoAlerts(testApp.database.db)).toBe(0);
    const rows = await testApp.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.companyId, summit));
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['grid', 'listing', 'freemium']));
    expect(rows.some((r) => r.read)).toBe(true);
    expect(rows.some((r) => !r.read)).toBe(true);
  });
});

describe('a company’s alerts', () => {
  it('are listed newest first with counts, for members, assigned employees and admins', async () => {
    for (const who of ['client', 'employee', 'admin']) {
      const res = await call(who, 'GET', `/api/alerts/${summit}`);
      expect(res.statusCode, who).toBe(200);
      const list = res.json();
      expect(list).toMatchObject({ total: 5, unreadCount: 2, limit: 20, offset: 0 });
      const dates = list.items.map((a: { createdAt: string }) => a.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(list.items.every((a: { companyId: number }) => a.companyId === summit)).toBe(true);
    }
  });

  it('page by limit and offset, and filter to unread', async () => {
    const all = (await call('client', 'GET', `/api/alerts/${summit}`)).json().items;
    const page = (await call('client', 'GET', `/api/alerts/${summit}?limit=2&offset=2`)).json();
    expect(page.total).toBe(5);
    expect(page.items.map((a: { id: number }) => a.id)).toEqual(
      all.slice(2, 4).map((a: { id: number }) => a.id),
    );
    const unread = (await call('client', 'GET', `/api/alerts/${summit}?unread=true`)).json();
    expect(unread.total).toBe(2);
    expect(unread.items.every((a: { read: boolean }) => !a.read)).toBe(true);
    expect((await call('client', 'GET', `/api/alerts/${summit}?limit=500`)).statusCode).toBe(400);
    expect((await call('client', 'GET', `/api/alerts/${summit}?offset=-1`)).statusCode).toBe(400);
  });

  it('are refused to other clients, unassigned employees, leads and visitors', async () => {
    for (const [who, companyId, status] of [
      ['owner', summit, 403],
      ['client', bayside, 403],
      ['employee', harbor, 403],
      ['rookie', summit, 403],
      ['lead', summit, 403],
      [null, summit, 401],
    ] as const) {
      const list = await call(who, 'GET', `/api/alerts/${companyId}`);
      expect(list.statusCode, `${who} list`).toBe(status);
      const link = await call(who, 'POST', `/api/alerts/${companyId}/share-link`, {});
      expect(link.statusCode, `${who} link`).toBe(status);
      expect(link.body).not.toContain('token');
    }
    expect((await call('admin', 'GET', '/api/alerts/999999')).statusCode).toBe(404);
    expect((await call('client', 'GET', '/api/alerts/abc')).statusCode).toBe(404);
  });
});

describe('shared links', () => {
  it('are created for 7 days by default, or 1 or 30, on this server’s own origin', async () => {
    const before = Date.now();
    const res = await shareLink('client', summit);
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^http:\/\/localhost\/my-alerts\?token=[\w-]+\.[\w-]+$/);
    const days = (Date.parse(expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    for (const choice of [1, 30]) {
      const made = (await shareLink('employee', summit, { days: choice })).json();
      expect(Math.round((Date.parse(made.expiresAt) - before) / 86_400_000)).toBe(choice);
    }
    for (const bad of [0, 2, 365, '7', -1]) {
      const refused = await shareLink('client', summit, { days: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
    // Unknown fields are dropped, never used: the link is still the caller's own company's.
    const extra = await shareLink('client', summit, { days: 1, companyId: bayside, admin: true });
    expect(extra.statusCode).toBe(200);
    expect((await openShared(tokenOf(extra.json().url))).json().company.name).toBe(
      'Summit Plumbing & Drain',
    );
  });

  it('through the gateway, ignore the informational origin inside data', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { origin: TEST_ORIGIN, cookie: cookies.admin ?? '' },
      payload: {
        method: 'POST',
        url: `/api/alerts/${harbor}/share-link`,
        data: { days: 30, origin: 'https://evil.example' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url.startsWith('http://localhost/my-alerts?token=')).toBe(true);
  });

  it('open only that company’s alerts, read-only, without a session', async () => {
    await testApp.database.db
      .insert(alerts)
      .values({ companyId: bayside, kind: 'grid', title: 'Only for Bayside', body: 'x' });
    const { url, expiresAt } = (await shareLink('client', summit)).json();
    const res = await openShared(tokenOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const shared = res.json();
    expect(shared.company).toEqual({ name: 'Summit Plumbing & Drain' });
    expect(shared.expiresAt).toBe(expiresAt);
    expect(shared.alerts).toHaveLength(5);
    expect(res.body).not.toContain('Bayside');
    expect(res.body).not.toContain('companyId');
    for (const alert of shared.alerts) {
      expect(Object.keys(alert).sort()).toEqual(
        ['body', 'createdAt', 'id', 'kind', 'read', 'title'].sort(),
      );
    }

    const bay = (await shareLink('owner', bayside)).json();
    const viaGateway = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { origin: TEST_ORIGIN },
      payload: { method: 'GET', url: `/api/public/alerts?token=${tokenOf(bay.url)}` },
    });
    expect(viaGateway.statusCode).toBe(200);
    expect(viaGateway.json().alerts.map((a: { title: string }) => a.title)).toContain(
      'Only for Bayside',
    );
  });

  it('answer a missing, malformed or forged token with 400 link_invalid', async () => {
    const { url } = (await shareLink('client', summit)).json();
    const token = tokenOf(url);
    const [payload = '', signature = ''] = token.split('.');
    const otherCompany = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), c: bayside }),
    ).toString('base64url');
    for (const bad of [
      null,
      '',
      'garbage',
      `${token}x`,
      `${otherCompany}.${signature}`,
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      const res = await openShared(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toEqual({ code: 'LINK_INVALID', message: LINK_INVALID_MESSAGE });
    }
  });

  it('answer a genuine expired token with 410 link_expired', async () => {
    // The secret this installation made and kept; reading it again does not replace it.
    const secret = await loadAlertsLinkSecret(testApp.database.db, null);
    const expired = signAlertsLink(secret, summit, new Date(Date.now() - 60_000));
    const res = await openShared(expired);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toEqual({ code: 'LINK_EXPIRED', message: LINK_EXPIRED_MESSAGE });
    const fresh = signAlertsLink(secret, summit, new Date(Date.now() + 60_000));
    expect((await openShared(fresh)).statusCode).toBe(200);
  });

  it('are limited per address on the public side', async () => {
    const remoteAddress = '10.7.7.7';
    const open = () =>
      app.inject({ method: 'GET', url: '/api/public/alerts?token=x', remoteAddress });
    for (let i = 0; i < SHARED_ALERTS_PER_MINUTE; i++) expect((await open()).statusCode).toBe(400);
    const limited = await open();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('the link secret', () => {
  it('must be at least 32 characters when configured, and a refusal never echoes it', () => {
    const short = 'too-short-secret-value';
    expect(() => loadConfig({ PINPOINT_LINK_SECRET: short })).toThrow(ConfigError);
    try {
      loadConfig({ PINPOINT_LINK_SECRET: short });
    } catch (error) {
      expect(String(error)).toContain('PINPOINT_LINK_SECRET must be at least 32 characters');
      expect(String(error)).not.toContain(short);
    }
    expect(loadConfig({ PINPOINT_LINK_SECRET: 'x'.repeat(32) }).linkSecret).toBe('x'.repeat(32));
    expect(loadConfig({}).linkSecret).toBeNull();
  });

  it('is made once and kept in the database when none is configured', async () => {
    const db = testApp.database.db;
    const [a, b] = await Promise.all([
      loadAlertsLinkSecret(db, null),
      loadAlertsLinkSecret(db, null),
    ]);
    expect(a.equals(b)).toBe(true);
    expect(a.length).toBe(32);
    const rows = await db
      .select()
      .from(appSettings)
      .where(eq(appSettings.key, 'alerts-link-secret'));
    expect(rows).toHaveLength(1);
  });

  it('comes from PINPOINT_LINK_SECRET when set, points links at PUBLIC_URL, and is never logged', async () => {
    const linkSecret = 'a-configured-link-secret-of-40-characters';
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const other = await createTestApp({
      config: { linkSecret, publicUrl: 'https://app.example.com', logLevel: 'trace' },
      logStream,
    });
    try {
      await seedDemoAccounts(other.database.db);
      // PUBLIC_URL is https, so the session cookie is __Host- and Secure: made directly here.
      const [client] = await other.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'client@demo.pinpoint.local'));
      const { token } = await other.app.sessionService.create({
        userId: client?.id ?? 0,
        authType: 'password',
        ip: '127.0.0.1',
        userAgent: 'test',
      });
      const cookie = `${other.app.sessionCookie.name}=${token}`;
      const [company] = await other.database.db
        .select()
        .from(clientCompanies)
        .where(eq(clientCompanies.label, 'Summit Plumbing'));
      const res = await other.app.inject({
        method: 'POST',
        url: `/api/alerts/${company?.id}/share-link`,
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { days: 1 },
      });
      expect(res.statusCode).toBe(200);
      const { url } = res.json();
      expect(url.startsWith('https://app.example.com/my-alerts?token=')).toBe(true);
      expect((await openShared(tokenOf(url), other.app)).statusCode).toBe(200);
      // The configured secret, not the stored one: a token of this server fails on the first.
      expect((await openShared(tokenOf(url))).statusCode).toBe(400);
      const stored = await other.database.db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, 'alerts-link-secret'));
      expect(stored).toHaveLength(0);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).not.toContain(linkSecret);
    } finally {
      await other.app.close();
    }
  });
});
