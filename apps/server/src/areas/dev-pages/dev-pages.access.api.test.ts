import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callAs, type DevPagesFixture, devPagesFixture } from './dev-pages.test-setup';

let testApp: TestApp;
let app: FastifyInstance;
let f: DevPagesFixture;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  f = await devPagesFixture(app);
});
afterAll(() => app.close());

const urls = () => [
  `/api/uni/products/seo/${f.seoProduct}/report`,
  '/api/uni/dev/insite-blogs',
  '/api/uni/dev/products-on-hold',
  '/api/uni/dev/packages-on-hold',
  `/api/uni/dev/social-calendar/${f.summit}?month=2026-03`,
];

describe('the dev-only pages’ API', () => {
  it('answers staff on dev hosts: localhost, 127.0.0.1, [::1] and dev.* names', async () => {
    for (const host of ['localhost', '127.0.0.1:3000', '[::1]:3000', 'dev.pinpoint.example']) {
      for (const url of urls()) {
        const res = await callAs(app, f.cookies.employee, 'GET', url, { host });
        expect(res.statusCode, `${host} ${url}`).toBe(200);
      }
    }
  });

  it('is not found on any other host, even for an admin, directly and through the gateway', async () => {
    for (const host of ['pinpoint.test', 'app.pinpoint.example', 'devpinpoint.example']) {
      for (const url of urls()) {
        const res = await callAs(app, f.cookies.admin, 'GET', url, { host });
        expect(res.statusCode, `${host} ${url}`).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
        const viaGateway = await callAs(app, f.cookies.admin, 'POST', '/database/request', {
          host,
          payload: { method: 'GET', url, data: {} },
        });
        expect(viaGateway.statusCode, `gateway ${host} ${url}`).toBe(404);
      }
    }
    const moved = await callAs(app, f.cookies.admin, 'POST', '/api/uni/dev/insite-blogs/1/state', {
      host: 'pinpoint.test',
      payload: { from: 'draft', to: 'in_review' },
    });
    expect(moved.statusCode).toBe(404);
  });

  it('still refuses callers the rules refuse on a non-dev host (401/403, not a hint)', async () => {
    for (const url of urls()) {
      expect((await callAs(app, null, 'GET', url, { host: 'pinpoint.test' })).statusCode).toBe(401);
      expect(
        (await callAs(app, f.cookies.client, 'GET', url, { host: 'pinpoint.test' })).statusCode,
      ).toBe(403);
    }
  });

  it('refuses clients on dev hosts too (403), and anonymous callers (401)', async () => {
    for (const url of urls()) {
      expect((await callAs(app, f.cookies.client, 'GET', url)).statusCode, url).toBe(403);
      expect((await callAs(app, null, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('keeps employees to their assigned companies', async () => {
    // The demo employee looks after Summit and Bayside, not Harbor.
    const seo = await callAs(
      app,
      f.cookies.employee,
      'GET',
      `/api/uni/products/seo/${f.harborSeo}/report`,
    );
    expect(seo.statusCode).toBe(403);
    const calendar = await callAs(
      app,
      f.cookies.employee,
      'GET',
      `/api/uni/dev/social-calendar/${f.harbor}?month=2026-03`,
    );
    expect(calendar.statusCode).toBe(403);
    const held = (
      await callAs(app, f.cookies.employee, 'GET', '/api/uni/dev/products-on-hold')
    ).json();
    expect(new Set(held.items.map((i: { company_id: number }) => i.company_id))).toEqual(
      new Set([f.summit]),
    );
    const blogs = (
      await callAs(app, f.cookies.employee, 'GET', '/api/uni/dev/insite-blogs')
    ).json();
    expect(blogs.items.length).toBeGreaterThan(0);
    expect(blogs.items.some((i: { company_id: number }) => i.company_id === f.harbor)).toBe(false);
    // The rookie employee is assigned to nobody: empty lists, not errors.
    const rookie = (await callAs(app, f.cookies.rookie, 'GET', '/api/uni/dev/insite-blogs')).json();
    expect(rookie.total).toBe(0);
    expect(rookie.companies).toEqual([]);
  });
});
