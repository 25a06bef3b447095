import net from 'node:net';
import { DEMO_PASSWORD } from '@pinpoint/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signInCookie, TEST_ORIGIN } from '../../test/test-app';
import { seedDemoAccounts } from '../identity/demo-accounts';

let app: FastifyInstance;
let ownerCookie = '';

beforeAll(async () => {
  const testApp = await createTestApp();
  app = testApp.app;
  await seedDemoAccounts(testApp.database.db);
  ownerCookie = await signInCookie(app, 'owner@demo.pinpoint.local');
});
afterAll(() => app.close());

function gateway(body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/database/request',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('gateway', () => {
  it('answers with the inner route’s status and body, under the caller’s session', async () => {
    const clients = await app.inject({
      method: 'GET',
      url: '/api/uni/user/clients',
      headers: { cookie: ownerCookie },
    });
    const id = clients.json().clients[0].id;
    const direct = await app.inject({
      method: 'GET',
      url: `/api/uni/client/${id}`,
      headers: { cookie: ownerCookie },
    });
    const via = await gateway(
      { method: 'GET', url: `/api/uni/client/${id}`, data: { origin: TEST_ORIGIN } },
      { cookie: ownerCookie },
    );
    expect(via.statusCode).toBe(200);
    expect(via.json()).toEqual(direct.json());

    const anonymous = await gateway({ method: 'GET', url: `/api/uni/client/${id}` });
    expect(anonymous.statusCode).toBe(401);
    const other = await gateway(
      { method: 'GET', url: '/api/uni/client/1' },
      { cookie: ownerCookie },
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().reason).toBe('access denied');
  });

  it('passes bodies on and returns the inner cookies (sign-in through the gateway)', async () => {
    const res = await gateway({
      method: 'POST',
      url: '/api/auth/login',
      data: { email: 'client@demo.pinpoint.local', password: DEMO_PASSWORD, origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('client@demo.pinpoint.local');
    expect(res.cookies.find((c) => c.name === 'pinpoint_session')?.httpOnly).toBe(true);
  });

  it.each([
    ['no url', { method: 'GET' }, 'url must be a string'],
    ['a wrong method', { method: 'TRACE', url: '/api/uni/user/clients' }, 'method must be one of'],
    [
      'data that is not an object',
      { method: 'POST', url: '/api/auth/logout', data: [1] },
      'data must be',
    ],
    [
      'a route that does not exist',
      { method: 'GET', url: '/api/nope' },
      'There is no route GET /api/nope',
    ],
    ['a page route', { method: 'GET', url: '/api/auth/social/google/start' }, 'There is no route'],
    ['itself', { method: 'POST', url: '/database/request' }, 'url must be the path'],
  ])('refuses %s with 400 and a clear message', async (_name, body, message) => {
    const res = await gateway(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('refuses wrong JSON and a body over 1 MB with 400', async () => {
    expect((await gateway('{"method":')).statusCode).toBe(400);
    const huge = await gateway({
      method: 'POST',
      url: '/api/auth/logout',
      data: { pad: 'x'.repeat(1024 * 1024) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toBe('The request body is over 1 MB.');
  });
});

/** Inner urls that must never be dispatched. */
const hostileUrl = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.domain().map((d) => `//${d}/api/uni/user/clients`),
  fc.constantFrom(
    'http://169.254.169.254/latest/meta-data/',
    '//169.254.169.254/api/uni/user/clients',
    '/api/../../169.254.169.254',
    'http://localhost:3000/api/uni/user/clients',
    'file:///etc/passwd',
  ),
  fc.string().map((s) => `/api/uni/${s}@evil.example/client`),
  fc.string().map((s) => `/api\\uni\\${s}`),
  fc.string().map((s) => `\\\\evil.example\\api\\${s}`),
  fc
    .constantFrom('%2e%2e', '%2E%2E', '%2e.', '.%2e', '%2f', '%2F', '%5c')
    .chain((enc) => fc.string().map((s) => `/api/${enc}/${s}/uni/user/clients`)),
  fc.constantFrom(
    '/api/uni/client/１',
    '/ａpi/uni/user/clients',
    '/api/uni/cliеnt/1',
    '／api/uni/user/clients',
    '/api\u2215uni/user/clients',
    '/api/uni/user/clients\u0000',
  ),
  fc.integer({ min: 2049, max: 20_000 }).map((n) => `/api/${'a'.repeat(n)}`),
  fc.string({ unit: 'grapheme', minLength: 1 }).map((s) => `/api/${s}/\u00e9`),
  fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object()),
);

describe('gateway fuzz', () => {
  it('refuses 10,000 hostile inner urls with 400, dispatches none, opens no socket', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const dispatchedBefore = app.gateway.dispatched;
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(
        hostileUrl,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        async (url, method) => {
          cases++;
          const res = await gateway({ method, url });
          return res.statusCode === 400 && res.json().error.code === 'BAD_REQUEST';
        },
      ),
      { numRuns: 10_000 },
    );
    expect(cases).toBe(10_000);
    expect(app.gateway.dispatched).toBe(dispatchedBefore);
    expect(connect).not.toHaveBeenCalled();
    connect.mockRestore();
    process.stdout.write(
      `\n[gateway fuzz] ${cases} hostile urls refused, 0 dispatched, 0 sockets opened\n`,
    );
  }, 120_000);
});

describe('gateway and cross-site requests', () => {
  it('refuses a cross-site gateway call, and a forged in-process marker changes nothing', async () => {
    const evil = await gateway(
      { method: 'POST', url: '/api/auth/logout', data: {} },
      { origin: 'https://evil.example' },
    );
    expect(evil.statusCode).toBe(403);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-pinpoint-gateway': 'guess', 'content-type': 'application/json' },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
  });

  it('looks the session up once per call, and a forged session hand-off grants nothing', async () => {
    const lookups = vi.spyOn(app.sessionService, 'resolve');
    const via = await gateway(
      { method: 'GET', url: '/api/uni/user/clients' },
      { cookie: ownerCookie },
    );
    expect(via.statusCode).toBe(200);
    expect(via.json().clients).toHaveLength(3);
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
    const forged = await app.inject({
      method: 'GET',
      url: '/api/uni/user/clients',
      headers: { 'x-pinpoint-gateway': 'guess', 'x-pinpoint-gateway-session': 'anything' },
    });
    expect(forged.statusCode).toBe(401);
    expect(app.gateway.handoff.size).toBe(0);
  });

  it('works for a browser on any host: the inner call keeps the caller’s host', async () => {
    const res = await gateway(
      { method: 'POST', url: '/api/auth/logout', data: {} },
      { origin: 'http://pinpoint.test:3999', host: 'pinpoint.test:3999' },
    );
    expect(res.statusCode).toBe(200);
  });
});
