import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { accessDenied } from '../lib/app-error';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await createTestApp({
    extraRoutes: (scope) => {
      const routes = scope.withTypeProvider<ZodTypeProvider>();
      routes.route({
        method: 'GET',
        url: '/api/test/crash',
        config: { access: 'public' },
        schema: { response: { 200: z.object({ ok: z.boolean() }) } },
        handler: async () => {
          throw new Error('select * from users where password = hunter2');
        },
      });
      routes.route({
        method: 'POST',
        url: '/api/test/echo',
        config: { access: 'public' },
        schema: {
          body: z.object({ email: z.email(), count: z.number().int().min(1) }),
          response: { 200: z.object({ email: z.string() }) },
        },
        handler: async (request) => ({ email: request.body.email, internal: 'trimmed' }),
      });
      routes.route({
        method: 'GET',
        url: '/api/test/denied',
        config: { access: 'public' },
        schema: { response: { 200: z.object({}) } },
        handler: async () => {
          throw accessDenied();
        },
      });
      routes.route({
        method: 'GET',
        url: '/api/test/wrong-shape',
        config: { access: 'public' },
        schema: { response: { 200: z.object({ n: z.number() }) } },
        handler: async () => ({ n: 'not a number' }) as unknown as { n: number },
      });
    },
  }));
});
afterAll(() => app.close());

describe('one error envelope', () => {
  it('hides the cause of a 500: no message, stack or SQL reaches the client', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        code: 'INTERNAL',
        message: 'Something went wrong on our side. The error has been logged.',
      },
    });
    expect(res.body).not.toMatch(/hunter2|select|stack|at .*\.ts/);
  });

  it('answers bad input with 400 and the field errors in details', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'nope', count: 0 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.count',
      'body.email',
    ]);
  });

  it('trims answers to the declared response schema', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'owner@example.com', count: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'owner@example.com' });
  });

  it('treats an answer that breaks its own schema as a server fault, without details', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/wrong-shape' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
    expect(res.body).not.toContain('not a number');
  });

  it('marks refused access with 403 and reason "access denied"', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/denied' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'You do not have access to this.' },
      reason: 'access denied',
    });
  });

  it('answers malformed JSON with 400, an unsupported type with 415, a huge body with 413', async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('BAD_REQUEST');

    const xml = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml', origin: TEST_ORIGIN },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: JSON.stringify({ email: 'a@b.co', count: 1, pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers unknown API routes, in any method, with a 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: '/api/no/such/route?x=1',
        headers: { origin: TEST_ORIGIN },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: `No route ${method} /api/no/such/route.` },
      });
    }
  });

  it('gives every answer a request id, keeping a well-formed one from the caller', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'edge-1234abcd' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-1234abcd');
    const forged = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a\nfake log line' },
    });
    expect(forged.headers['x-request-id']).not.toContain('fake');
  });
});
