import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, sessions, signInEvents, users } from '../../kernel/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts';

let testApp: TestApp;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp({
    config: { logLevel: 'info' },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  });
  app = testApp.app;
  expect(await seedDemoAccounts(testApp.database.db)).toBe(true);
});
afterAll(() => app.close());
beforeEach(async () => {
  // Throttling counts failures per address; each test starts with a clean slate.
  await testApp.database.db.delete(signInEvents);
});

const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

function login(email: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...json, ...headers },
    payload: { email, password },
  });
}

function cookieOf(res: Awaited<ReturnType<typeof login>>): string {
  const cookie = res.cookies.find((c) => c.name === 'pinpoint_session');
  if (!cookie) throw new Error('no session cookie');
  return `pinpoint_session=${cookie.value}`;
}

describe('sign-in with a password', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and returns the descriptor', async () => {
    const before = Date.now();
    const res = await login('Owner@Demo.Pinpoint.Local ');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'pinpoint_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);

    const { session, user } = res.json();
    expect(session.clients.map((c: { label: string }) => c.label)).toEqual([
      'Bayside Dental',
      'Bayside Kids',
      'Harbor Smiles',
    ]);
    expect(session.client).toEqual(session.clients[0]);
    expect(session.exp - before).toBeGreaterThanOrEqual(12 * 3600 * 1000 - 5000);
    expect(session.exp - before).toBeLessThanOrEqual(12 * 3600 * 1000 + 5000);
    expect(user).toMatchObject({
      email: 'owner@demo.pinpoint.local',
      firstName: 'Olivia',
      clientId: session.clients[0].client_id,
      clientLabel: 'Bayside Dental',
      index: 0,
      perm: false,
      auth_type: 'password',
    });
  });

  it('gives employees their assigned clients and leads none', async () => {
    const employee = (await login('employee@demo.pinpoint.local')).json().session;
    expect(employee.perm).toBe(true);
    expect(employee.clients.map((c: { label: string }) => c.label)).toEqual([
      'Summit Plumbing',
      'Bayside Dental',
    ]);
    const rookie = (await login('rookie@demo.pinpoint.local')).json().session;
    expect(rookie).toMatchObject({ perm: true, clients: [], client: null });
    const lead = (await login('lead@demo.pinpoint.local')).json().session;
    expect(lead).toMatchObject({ lead: true, clients: [] });
  });

  it('answers a wrong password and an unknown email alike, and records both', async () => {
    const wrong = await login('client@demo.pinpoint.local', 'not-the-password');
    const unknown = await login('nobody@demo.pinpoint.local', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Email or password is incorrect.');
      expect(res.cookies).toHaveLength(0);
    }
    const events = await testApp.database.db.select().from(signInEvents);
    expect(events.map((e) => [e.email, e.outcome])).toEqual([
      ['client@demo.pinpoint.local', 'bad_credentials'],
      ['nobody@demo.pinpoint.local', 'bad_credentials'],
    ]);
  });

  it('serves the session to its cookie, rotates it at the next login, ends it at logout', async () => {
    const first = cookieOf(await login('client@demo.pinpoint.local'));
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: first },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('client@demo.pinpoint.local');

    const second = cookieOf(
      await login('client@demo.pinpoint.local', DEMO_PASSWORD, { cookie: first }),
    );
    expect(second).not.toBe(first);
    const stale = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: first },
    });
    expect(stale.statusCode).toBe(401);

    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...json, cookie: second },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'pinpoint_session')?.value).toBe('');
    const after = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: second },
    });
    expect(after.statusCode).toBe(401);
  });

  it('ends sessions idle for over 2 hours, past 12 hours, or of a disabled user', async () => {
    const db = testApp.database.db;
    const cases: Array<() => Promise<unknown>> = [
      () => db.update(sessions).set({ lastSeenAt: sql`now() - interval '121 minutes'` }),
      () => db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }),
      () =>
        db
          .update(users)
          .set({ disabledAt: new Date() })
          .where(eq(users.email, 'client@demo.pinpoint.local')),
    ];
    for (const lapse of cases) {
      await db.delete(sessions);
      const cookie = cookieOf(await login('client@demo.pinpoint.local'));
      await lapse();
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(401);
      expect(await db.select().from(sessions)).toHaveLength(0);
    }
    const disabled = await login('client@demo.pinpoint.local');
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().error.message).toContain('disabled');
    await db
      .update(users)
      .set({ disabledAt: null })
      .where(eq(users.email, 'client@demo.pinpoint.local'));
  });
});

describe('failed-login throttling', () => {
  it('delays after 5 failures per account, with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('client@demo.pinpoint.local', `wrong-${i}-password`)).statusCode).toBe(
        401,
      );
    }
    const throttled = await login('client@demo.pinpoint.local');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
    expect(throttled.json().error.code).toBe('RATE_LIMITED');
  });

  it('counts per address too, across accounts, and refuses for 15 minutes past 20', async () => {
    const db = testApp.database.db;
    await db.insert(signInEvents).values(
      Array.from({ length: 20 }, (_, i) => ({
        email: `someone-${i}@example.com`,
        ip: '127.0.0.1',
        method: 'password',
        outcome: 'bad_credentials',
        at: new Date(Date.now() - 60_000),
      })),
    );
    const res = await login('owner@demo.pinpoint.local');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(13 * 60);
    // Another address is not affected.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: json,
      remoteAddress: '10.9.8.7',
      payload: { email: 'owner@demo.pinpoint.local', password: DEMO_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('trial sign-up', () => {
  const signup = (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/freemium/create', headers: json, payload: body });
  const valid = {
    company: 'Northside Roofing',
    first_name: 'Nora',
    last_name: 'North',
    email: 'Nora@Northside.example',
    password: 'slate-shingle-ridge-42',
  };

  it('creates the lead and its lead record, and signs it in', async () => {
    const res = await signup(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().session).toMatchObject({ lead: true, perm: false, clients: [] });
    expect(res.json().user.email).toBe('nora@northside.example');
    const [lead] = await testApp.database.db
      .select()
      .from(leads)
      .where(eq(leads.email, 'nora@northside.example'));
    expect(lead).toMatchObject({ company: 'Northside Roofing', firstName: 'Nora' });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookieOf(res) },
    });
    expect(me.json().user.email).toBe('nora@northside.example');
  });

  it('refuses a taken email, a short or common password, and missing fields, writing nothing', async () => {
    const countUsers = async () => (await testApp.database.db.select().from(users)).length;
    const before = await countUsers();
    const taken = await signup({ ...valid, email: 'client@demo.pinpoint.local' });
    expect(taken.statusCode).toBe(409);
    const short = await signup({ ...valid, email: 'a@b.example', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details[0].path).toBe('body.password');
    const common = await signup({ ...valid, email: 'c@d.example', password: 'password1234' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toContain('too common');
    const missing = await signup({ email: 'e@f.example', password: valid.password });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.company', 'body.first_name', 'body.last_name']);
    expect(await countUsers()).toBe(before);
  });

  it('ignores role flags sent by the caller', async () => {
    const res = await signup({ ...valid, email: 'sneaky@example.com', admin: true, perm: true });
    expect(res.statusCode).toBe(200);
    const [row] = await testApp.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'sneaky@example.com'));
    expect(row).toMatchObject({ admin: false, perm: false, lead: true });
  });
});

describe('social providers', () => {
  it('are all off when none is configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: false, facebook: false });
    const start = await app.inject({ method: 'GET', url: '/api/auth/social/google/start' });
    expect(start.statusCode).toBe(404);
  });
});

describe('cross-site request defence', () => {
  it('refuses state changes without a same-origin Origin, or without JSON', async () => {
    const body = { email: 'client@demo.pinpoint.local', password: DEMO_PASSWORD };
    const noOrigin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
    expect(noOrigin.statusCode).toBe(403);
    const evil = await login('client@demo.pinpoint.local', DEMO_PASSWORD, {
      origin: 'https://evil.example',
    });
    expect(evil.statusCode).toBe(403);
    const form = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=client%40demo.pinpoint.local&password=${DEMO_PASSWORD}`,
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('logs', () => {
  it('record each sign-in with who, where and outcome, and never a password or token', async () => {
    const res = await login('client@demo.pinpoint.local');
    const token = res.cookies.find((c) => c.name === 'pinpoint_session')?.value ?? '';
    await login('client@demo.pinpoint.local', 'a-wrong-password-123');
    const all = logLines.join('');
    expect(all).toContain('"event":"sign_in"');
    expect(all).toContain('"outcome":"bad_credentials"');
    expect(all).not.toContain(DEMO_PASSWORD);
    expect(all).not.toContain('a-wrong-password-123');
    expect(token.length).toBeGreaterThan(0);
    expect(all).not.toContain(token);
  });
});
