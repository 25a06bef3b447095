import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../main/app';
import { createTestApp, TEST_ORIGIN, testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { Principal, RouteAccess } from './access';

const principals: Record<string, Principal> = {
  client: { userId: 1, perm: false, admin: false, lead: false, memberOf: [1], assignedTo: [] },
  employee: { userId: 2, perm: true, admin: false, lead: false, memberOf: [], assignedTo: [1] },
  admin: { userId: 3, perm: false, admin: true, lead: false, memberOf: [], assignedTo: [] },
};

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp({
    extraRoutes: (scope) => {
      // Stands in for the session layer: the test names the caller in a header.
      scope.addHook('onRequest', async (request) => {
        const who = request.headers['x-test-principal'];
        request.principal = typeof who === 'string' ? (principals[who] ?? null) : null;
      });
      for (const access of ['public', 'signed-in', 'employee', 'admin'] as RouteAccess[]) {
        scope.route({
          method: 'POST',
          url: `/api/test/${access}`,
          config: { access },
          schema: { body: z.object({ n: z.number() }), response: { 200: z.object({}) } },
          handler: async () => ({}),
        });
      }
    },
  }));
});
afterAll(() => app.close());

async function call(access: string, who?: string, body: unknown = { n: 1 }) {
  return app.inject({
    method: 'POST',
    url: `/api/test/${access}`,
    payload: body as object,
    headers: who ? { 'x-test-principal': who, origin: TEST_ORIGIN } : { origin: TEST_ORIGIN },
  });
}

describe('route access', () => {
  it('lets anyone call a public route', async () => {
    expect((await call('public')).statusCode).toBe(200);
  });

  it('answers 401 to an anonymous caller before looking at the body', async () => {
    const res = await call('signed-in', undefined, { n: 'not a number' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['signed-in', 'client', 200],
    ['employee', 'client', 403],
    ['employee', 'employee', 200],
    ['employee', 'admin', 200],
    ['admin', 'employee', 403],
    ['admin', 'admin', 200],
  ])('%s route called by %s answers %i', async (access, who, status) => {
    const res = await call(access, who);
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().reason).toBe('access denied');
  });

  it('stops the server at start-up when a route does not declare who may call it', async () => {
    const database = await createTestDatabase();
    await expect(
      buildApp({
        config: testConfig(),
        database,
        extraRoutes: (scope) => {
          scope.get('/api/test/undeclared', async () => ({}));
        },
      }),
    ).rejects.toThrow('GET /api/test/undeclared does not declare config.access');
  });

  it('stops the server at start-up when an API route has no response schema', async () => {
    const database = await createTestDatabase();
    await expect(
      buildApp({
        config: testConfig(),
        database,
        extraRoutes: (scope) => {
          scope.get('/api/test/untyped', { config: { access: 'public' } }, async () => ({}));
        },
      }),
    ).rejects.toThrow('GET /api/test/untyped does not declare a response schema');
  });
});
