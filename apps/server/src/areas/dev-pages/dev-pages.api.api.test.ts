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

const get = (url: string, who: keyof DevPagesFixture['cookies'] = 'employee') =>
  callAs(app, f.cookies[who], 'GET', url);

describe('SEO Pro', () => {
  it('reports the synced positions per keyword, a point a day, and the ranking pages', async () => {
    const res = await get(`/api/uni/products/seo/${f.seoProduct}/report?days=30`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.domain).toBe('summitplumbing.com');
    expect(report.provider).toBe('demo');
    expect(report.keywords.map((k: { keyword: string }) => k.keyword).sort()).toEqual([
      'drain cleaning',
      'plumber',
      'water heater repair',
    ]);
    for (const series of report.keywords) {
      expect(series.points).toHaveLength(30);
      expect(series.points.at(-1).day).toBe('2026-03-20');
      const first = series.points.find((p: { position: number | null }) => p.position !== null);
      if (series.latest !== null) expect(series.change).toBe(first.position - series.latest);
    }
    expect(report.pages.length).toBeGreaterThan(0);
    expect(report.pages[0].url).toMatch(/^https:\/\/summitplumbing\.com\//);
    const positions = report.pages.map((p: { position: number }) => p.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('syncs again without duplicating days, and refuses products that are not SEO Pro', async () => {
    const sync = await callAs(
      app,
      f.cookies.employee,
      'POST',
      `/api/uni/products/seo/${f.seoProduct}/sync`,
      {
        payload: {},
      },
    );
    expect(sync.statusCode).toBe(200);
    expect(sync.json().positions).toBe(90 * 3);
    const report = (await get(`/api/uni/products/seo/${f.seoProduct}/report?days=365`)).json();
    // 90 seeded days up to the anchor plus the days up to today: never two points a day.
    for (const series of report.keywords) {
      const days = series.points.map((p: { day: string }) => p.day);
      expect(new Set(days).size).toBe(days.length);
    }
    expect((await get(`/api/uni/products/seo/${f.gbpProduct}/report`)).statusCode).toBe(404);
  });
});

describe('InSite blogs', () => {
  it('lists posts with counts per state and filters by state and company', async () => {
    const all = (await get('/api/uni/dev/insite-blogs', 'admin')).json();
    expect(all.total).toBeGreaterThan(0);
    const sum = Object.values(all.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(all.total);
    const drafts = (await get('/api/uni/dev/insite-blogs?state=draft', 'admin')).json();
    expect(drafts.total).toBe(all.counts.draft);
    expect(drafts.items.every((i: { state: string }) => i.state === 'draft')).toBe(true);
    const summit = (await get(`/api/uni/dev/insite-blogs?companyId=${f.summit}`, 'admin')).json();
    expect(summit.items.every((i: { company_id: number }) => i.company_id === f.summit)).toBe(true);
  });

  it('moves a post along the allowed transitions, 409 when stale, 400 when not allowed', async () => {
    const list = (await get(`/api/uni/dev/insite-blogs?state=draft&companyId=${f.summit}`)).json();
    const post = list.items[0];
    expect(post).toBeDefined();
    const move = (payload: object) =>
      callAs(app, f.cookies.employee, 'POST', `/api/uni/dev/insite-blogs/${post.id}/state`, {
        payload,
      });
    expect((await move({ from: 'draft', to: 'published' })).statusCode).toBe(400);
    const review = await move({ from: 'draft', to: 'in_review' });
    expect(review.statusCode).toBe(200);
    expect(review.json().state).toBe('in_review');
    // Someone else still sees it as a draft.
    const stale = await move({ from: 'draft', to: 'in_review' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
    expect((await move({ from: 'in_review', to: 'scheduled' })).statusCode).toBe(400);
    const past = await move({
      from: 'in_review',
      to: 'scheduled',
      scheduled_for: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await move({ from: 'in_review', to: 'scheduled', scheduled_for: at });
    expect(scheduled.json().scheduled_for).toBe(at);
    const published = await move({ from: 'scheduled', to: 'published' });
    expect(published.json().state).toBe('published');
    expect(published.json().published_at).not.toBeNull();
    expect((await move({ from: 'published', to: 'draft' })).statusCode).toBe(400);
  });

  it('shows a post’s body, and hides other companies’ posts as not found', async () => {
    const harbor = (await get(`/api/uni/dev/insite-blogs?companyId=${f.harbor}`, 'admin')).json();
    const other = harbor.items[0];
    expect((await get(`/api/uni/dev/insite-blogs/${other.id}`, 'admin')).json().body).toContain(
      '#',
    );
    expect((await get(`/api/uni/dev/insite-blogs/${other.id}`)).statusCode).toBe(404);
    const moved = await callAs(
      app,
      f.cookies.employee,
      'POST',
      `/api/uni/dev/insite-blogs/${other.id}/state`,
      {
        payload: { from: other.state, to: 'draft' },
      },
    );
    expect(moved.statusCode).toBe(404);
  });
});

describe('products and packages on hold', () => {
  it('lists held products with reason, since, price and totals; sorts and pages', async () => {
    const res = (await get('/api/uni/dev/products-on-hold?sort=revenue&dir=desc', 'admin')).json();
    expect(res.items.map((i: { product_slug: string }) => i.product_slug)).toEqual([
      'google-ads',
      'facebook-ads',
      'website',
    ]);
    expect(res.totals).toEqual({ count: 3, monthly_cents: 75_000 + 50_000 + 14_900 });
    for (const item of res.items) {
      expect(item.reason).toBeTruthy();
      expect(item.since <= '2026-03-20').toBe(true);
    }
    const paged = (
      await get('/api/uni/dev/products-on-hold?sort=client&pageSize=1&page=3', 'admin')
    ).json();
    expect(paged.total).toBe(3);
    expect(paged.items).toHaveLength(1);
    expect(paged.items[0].company_id).toBe(f.summit);
  });

  it('groups them into packages: held share, whole or partial, and revenue paused', async () => {
    const res = (await get('/api/uni/dev/packages-on-hold?sort=revenue&dir=desc', 'admin')).json();
    const summit = res.items.find((p: { company_id: number }) => p.company_id === f.summit);
    expect(summit.held).toHaveLength(2);
    expect(summit.product_count).toBe(4);
    expect(summit.whole).toBe(false);
    expect(summit.monthly_paused_cents).toBe(75_000 + 14_900);
    expect(summit.package_monthly_cents).toBe(89_900 + 29_900 + 75_000 + 14_900);
    expect(res.totals.monthly_cents).toBe(75_000 + 50_000 + 14_900);
    const employee = (await get('/api/uni/dev/packages-on-hold')).json();
    expect(employee.items.map((p: { company_id: number }) => p.company_id)).toEqual([f.summit]);
  });
});

describe('the social calendar', () => {
  it("shows a month's scheduled and published posts in the company's zone, never drafts", async () => {
    const march = (await get(`/api/uni/dev/social-calendar/${f.summit}?month=2026-03`)).json();
    expect(march.time_zone).toBe('America/Chicago');
    expect(march.posts).toHaveLength(1);
    expect(march.posts[0]).toMatchObject({
      day: '2026-03-10',
      time: '12:00',
      state: 'published',
      channel: 'google',
      product_id: f.gbpProduct,
      product_slug: 'google-business-pro',
    });
    const april = (await get(`/api/uni/dev/social-calendar/${f.summit}?month=2026-04`)).json();
    expect(april.posts.map((p: { state: string }) => p.state)).toEqual(['scheduled']);
    expect((await get(`/api/uni/dev/social-calendar/${f.summit}?month=2026-13`)).statusCode).toBe(
      400,
    );
  });
});
