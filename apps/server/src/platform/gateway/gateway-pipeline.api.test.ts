import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import lightMyRequest from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { compilePattern, createRouteIndex } from './inner-url';

/**
 * The gateway dispatches through its own lean transport (inner-transport.ts), not a fake HTTP
 * exchange. These prove the inner route still runs its whole pipeline: its zod validation of
 * params, query and body (with field paths), its answer schema, its error handler, the
 * caller's address, and that a call arriving while the server closes is still answered.
 */

/** The slow route's calls, each waiting to be let go. */
const waiting: Array<() => void> = [];
let onPreClose: () => void = () => {};

async function until(condition: () => boolean) {
  while (!condition()) await new Promise<void>((resolve) => setImmediate(resolve));
}

async function testRoutes(app: FastifyInstance) {
  app.route({
    method: 'POST',
    url: '/api/test/gateway/echo/:n',
    config: { access: 'public' },
    schema: {
      params: z.object({ n: z.coerce.number().int() }),
      querystring: z.object({ q: z.string().max(3) }).partial(),
      body: z.object({ text: z.string() }),
      response: { 200: z.object({ n: z.number(), q: z.string().optional(), text: z.string() }) },
    },
    handler: async (request) => {
      const { n } = request.params as { n: number };
      const { q } = request.query as { q?: string };
      const { text } = request.body as { text: string };
      return { n, q, text };
    },
  });
  app.route({
    method: 'GET',
    url: '/api/test/gateway/broken-answer',
    config: { access: 'public' },
    schema: { response: { 200: z.object({ n: z.number() }) } },
    handler: async () => ({ n: 'not a number' }),
  });
  app.route({
    method: 'GET',
    url: '/api/test/gateway/caller',
    config: { access: 'public' },
    schema: {
      response: { 200: z.object({ ip: z.string(), protocol: z.string(), agent: z.string() }) },
    },
    handler: async (request) => ({
      ip: request.ip,
      protocol: request.protocol,
      agent: request.headers['user-agent'] ?? '',
    }),
  });
  app.route({
    method: 'GET',
    url: '/api/test/gateway/slow',
    config: { access: 'public' },
    schema: { response: { 200: z.object({ done: z.boolean() }) } },
    handler: async () => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      return { done: true };
    },
  });
  app.addHook('preClose', async () => onPreClose());
}

let app: FastifyInstance;

beforeAll(async () => {
  app = (await createTestApp({ extraRoutes: testRoutes })).app;
});
afterAll(() => app.close());

function gateway(target: FastifyInstance, body: unknown) {
  return target.inject({
    method: 'POST',
    url: '/database/request',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'user-agent': 'pp-test' },
    payload: JSON.stringify(body),
  });
}

describe('the inner route’s own pipeline, through the gateway', () => {
  it('validates the body, and answers with the parsed params, query and body', async () => {
    const res = await gateway(app, {
      method: 'POST',
      url: '/api/test/gateway/echo/7?q=abc',
      data: { text: 'hello', origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 7, q: 'abc', text: 'hello' });
  });

  it.each([
    ['params', '/api/test/gateway/echo/seven', { text: 'x' }, 'params.n'],
    ['query', '/api/test/gateway/echo/7?q=toolong', { text: 'x' }, 'querystring.q'],
    ['body', '/api/test/gateway/echo/7', { text: 5 }, 'body.text'],
  ])('refuses wrong %s with the route’s 400 and the field path', async (_part, url, data, path) => {
    const res = await gateway(app, { method: 'POST', url, data });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('answers 500 in the envelope when the route’s answer breaks its schema', async () => {
    const res = await gateway(app, { method: 'GET', url: '/api/test/gateway/broken-answer' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
    expect(res.body).not.toContain('not a number');
  });

  it('shows the inner route the caller’s address, protocol and user agent', async () => {
    const res = await gateway(app, { method: 'GET', url: '/api/test/gateway/caller' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ip: '127.0.0.1', protocol: 'http', agent: 'pp-test' });
  });
});

describe('the route index', () => {
  it('finds exactly the routes their patterns match, over the whole route table', () => {
    const routes = app.routeTable.filter((r) => r.gateway && r.url.startsWith('/api/'));
    const exists = createRouteIndex(routes);
    const patterns = routes.map((r) => ({ method: r.method, pattern: compilePattern(r.url) }));
    const byPattern = (method: string, path: string) =>
      patterns.some((p) => p.method === method && p.pattern.test(path));
    // Every route with its params filled, and near misses: one segment more or fewer, a
    // trailing slash, an empty param, a literal changed, another method.
    const paths = routes.flatMap((r) => {
      const filled = r.url.replace(/:[^/]+/g, '12');
      return [
        filled,
        `${filled}/`,
        `${filled}/extra`,
        filled.slice(0, filled.lastIndexOf('/')),
        r.url.replace(/:[^/]+/g, ''),
        filled.replace(/[a-z]+$/, 'zz'),
      ];
    });
    let checked = 0;
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        expect(exists(method, path), `${method} ${path}`).toBe(byPattern(method, path));
        checked++;
      }
    }
    expect(routes.length).toBeGreaterThan(300);
    expect(checked).toBe(paths.length * 5);
  });
});

describe('the inner call’s log lines', () => {
  it('carry the caller’s request id, and the inner route’s own request lines', async () => {
    const stream = new PassThrough();
    let output = '';
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const logged = (
      await createTestApp({
        extraRoutes: testRoutes,
        logStream: stream,
        config: { logLevel: 'info' },
      })
    ).app;
    try {
      const res = await logged.inject({
        method: 'POST',
        url: '/database/request',
        headers: { origin: TEST_ORIGIN, 'x-request-id': 'trace-gateway-0001' },
        payload: { method: 'GET', url: '/api/test/gateway/caller' },
      });
      expect(res.statusCode).toBe(200);
      const lines = output
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } });
      const inner = lines.filter((line) => line.req?.url === '/api/test/gateway/caller');
      expect(inner).toHaveLength(1);
      expect(inner[0]?.reqId).toBe('trace-gateway-0001');
      expect(lines.filter((line) => line.reqId === 'trace-gateway-0001').length).toBe(4);
    } finally {
      await logged.close();
    }
  });
});

describe('a gateway call while the server closes', () => {
  it('is dispatched and answered, as a direct call on an open connection is', async () => {
    const closing = (await createTestApp({ extraRoutes: testRoutes })).app;
    const closeBegun = new Promise<void>((resolve) => {
      onPreClose = resolve;
    });
    // Straight into the router, as the http server hands over a request that arrived on an
    // open connection (`app.inject` itself refuses once closing has begun).
    const send = () =>
      lightMyRequest(closing.routing, {
        method: 'POST',
        url: '/database/request',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ method: 'GET', url: '/api/test/gateway/slow' }),
      });
    const inFlight = send();
    await until(() => waiting.length === 1);
    const closed = closing.close();
    await closeBegun;
    // A call that arrives once closing has begun is dispatched too.
    const late = send();
    await until(() => waiting.length === 2);
    for (const letGo of waiting.splice(0)) letGo();
    for (const res of [await inFlight, await late]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ done: true });
    }
    await closed;
  });
});
