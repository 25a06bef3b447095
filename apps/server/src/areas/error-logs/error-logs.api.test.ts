import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../platform/identity/demo-accounts';
import { createTestApp, signInCookie, TEST_ORIGIN } from '../../test/test-app';
import { ERROR_REPORTS_PER_MINUTE } from './error-logs.routes';

let app: FastifyInstance;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const testApp = await createTestApp();
  app = testApp.app;
  await seedDemoAccounts(testApp.database.db);
  for (const who of ['client', 'employee']) {
    cookies[who] = await signInCookie(app, `${who}@demo.pinpoint.local`);
  }
});
afterAll(() => app.close());

let address = 0;
function report(body: Record<string, unknown>, opts: { cookie?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/status/create',
    remoteAddress: opts.ip ?? `10.0.0.${++address % 250}`,
    headers: { origin: TEST_ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    payload: body,
  });
}

function staff(method: 'GET' | 'PUT', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: cookies.employee ?? '' },
    ...(payload ? { payload } : {}),
  });
}

describe('error log', () => {
  it('starts a new error unresolved with count 1, and merges repeats into it', async () => {
    const first = await report({
      message: 'x is undefined',
      page: '/Products/gbp/12',
      browser: 'Chrome 156',
    });
    expect(first.json()).toMatchObject({ count: 1, resolved: false });
    const again = await report(
      {
        message: 'x is undefined',
        page: '/Products/gbp/12',
        browser: 'Firefox 140',
        productId: '12',
      },
      { cookie: cookies.client },
    );
    expect(again.json()).toMatchObject({ id: first.json().id, count: 2, resolved: false });

    const log = (await staff('GET', `/api/status/find/${first.json().id}`)).json();
    expect(log.affected.browser).toEqual(['Chrome 156', 'Firefox 140']);
    expect(log.affected.productids).toEqual(['12']);
    expect(log.affected.emails).toEqual(['client@demo.pinpoint.local']);
    expect(log.affected.clients).toHaveLength(1);
  });

  it('loses no count when 50 reports of one error arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        report({
          message: 'Race condition',
          page: '/dashboard/overview',
          browser: `Browser ${i % 5}`,
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const id = results[0]?.json().id;
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const log = (await staff('GET', `/api/status/find/${id}`)).json();
    expect(log.count).toBe(50);
    expect(log.affected.browser).toHaveLength(5);
  });

  it('lets staff search, filter by resolved, and resolve; a repeat reopens it', async () => {
    const { id } = (
      await report({ message: 'Chart failed to draw', page: '/dashboard/performance-report' })
    ).json();
    const found = (await staff('GET', '/api/status/finderror/all?q=chart&resolved=false')).json();
    expect(found.items.map((l: { id: number }) => l.id)).toContain(id);

    const resolved = await staff('PUT', `/api/status/updateid/${id}`, { resolved: true });
    expect(resolved.json().resolved).toBe(true);
    expect(
      (await staff('GET', '/api/status/finderror/all?q=chart&resolved=false')).json().total,
    ).toBe(0);
    const byKey = await staff('PUT', '/api/status/update', {
      message: 'Chart failed to draw',
      page: '/dashboard/performance-report',
      resolved: false,
    });
    expect(byKey.json()).toMatchObject({ id, resolved: false });

    await staff('PUT', `/api/status/updateid/${id}`, { resolved: true });
    const repeat = await report({
      message: 'Chart failed to draw',
      page: '/dashboard/performance-report',
    });
    expect(repeat.json()).toMatchObject({ id, resolved: false });
  });

  it('pages through the list', async () => {
    const page = (await staff('GET', '/api/status/finderror/all?pageSize=1&page=2')).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect((await staff('GET', '/api/status/finderror/all?pageSize=500')).statusCode).toBe(400);
  });

  it('keeps the log from clients, and refuses empty reports', async () => {
    const asClient = await app.inject({
      method: 'GET',
      url: '/api/status/finderror/all',
      headers: { cookie: cookies.client ?? '' },
    });
    expect(asClient.statusCode).toBe(403);
    expect((await report({ message: '', page: '/x' })).statusCode).toBe(400);
  });

  it('limits reports per address', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < ERROR_REPORTS_PER_MINUTE; i++) {
      expect((await report({ message: `Flood ${i}`, page: '/x' }, { ip })).statusCode).toBe(200);
    }
    const limited = await report({ message: 'One too many', page: '/x' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(
      (await report({ message: 'Elsewhere', page: '/x' }, { ip: '10.9.9.10' })).statusCode,
    ).toBe(200);
  });
});
