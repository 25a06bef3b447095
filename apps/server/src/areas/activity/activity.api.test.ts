import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productInstances } from '../../kernel/db/schema';
import { createTestApp } from '../../test/test-app';
import { createActivityRepository, type NewActivityRow } from './activity.repository';
import { createPeople, type People } from './test-people';

let app: FastifyInstance;
let people: People;
let instanceA = 0;

const url = (companyId: number, query = '') =>
  `/api/uni/client/activity/${companyId}${query ? `?${query}` : ''}`;

beforeAll(async () => {
  ({ app } = await createTestApp());
  people = await createPeople(app, 'Activity');
  const { companyA, companyB } = people;
  const db = app.database.db;
  const [instance] = await db
    .insert(productInstances)
    .values({
      companyId: companyA,
      productSlug: 'google-business-pro',
      status: 'active',
      startDate: '2024-01-01',
      monthlyPriceCents: 29_900,
    })
    .returning();
  instanceA = instance?.id ?? 0;

  const rows: NewActivityRow[] = [];
  // 25 posts, one a day through January 2025 (noon UTC), for the product.
  for (let day = 1; day <= 25; day++) {
    rows.push({
      companyId: companyA,
      type: 'post_published',
      title: `Post ${day}`,
      productInstanceId: instanceA,
      occurredAt: new Date(Date.UTC(2025, 0, day, 12)),
    });
  }
  // Replies at the edges of January in Chicago (UTC−6): local midnight is 06:00 UTC.
  const edges: [string, string][] = [
    ['Before January (Dec 31, 23:59:59 local)', '2025-01-01T05:59:59.000Z'],
    ['First instant of January', '2025-01-01T06:00:00.000Z'],
    ['Last instant of January', '2025-02-01T05:59:59.999Z'],
    ['First instant of February', '2025-02-01T06:00:00.000Z'],
  ];
  for (const [title, at] of edges) {
    rows.push({ companyId: companyA, type: 'review_replied', title, occurredAt: new Date(at) });
  }
  rows.push({
    companyId: companyB,
    type: 'post_published',
    title: 'Beta post',
    occurredAt: new Date(Date.UTC(2025, 0, 10)),
  });
  await createActivityRepository(db).insert(rows);
});
afterAll(() => app.close());

describe('GET /api/uni/client/activity/:id', () => {
  it('pages the feed newest first, 20 by default, with the total and the product', async () => {
    const res = await people.call('member', 'GET', url(people.companyA));
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 29, limit: 20, offset: 0 });
    expect(page.items).toHaveLength(20);
    const times = page.items.map((i: { occurredAt: string }) => i.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.items[0].title).toBe('First instant of February');
    const post = page.items.find((i: { title: string }) => i.title === 'Post 25');
    expect(post).toMatchObject({
      type: 'post_published',
      detail: '',
      product: { instanceId: instanceA, slug: 'google-business-pro', name: 'Google Business Pro' },
    });
    expect(
      page.items.find((i: { type: string }) => i.type === 'review_replied').product,
    ).toBeNull();

    const second = (await people.call('member', 'GET', url(people.companyA, 'offset=20'))).json();
    expect(second.items).toHaveLength(9);
    const ids = new Set([...page.items, ...second.items].map((i: { id: number }) => i.id));
    expect(ids.size).toBe(29);
    expect(JSON.stringify(second)).not.toContain('Beta post');
  });

  it('filters by type', async () => {
    const replies = (
      await people.call('member', 'GET', url(people.companyA, 'type=review_replied'))
    ).json();
    expect(replies.total).toBe(4);
    expect(replies.items.every((i: { type: string }) => i.type === 'review_replied')).toBe(true);
    const none = (await people.call('member', 'GET', url(people.companyA, 'type=scan_run'))).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('filters by days in the company’s zone, or in the zone the browser sends', async () => {
    const january = 'type=review_replied&from=2025-01-01&to=2025-01-31';
    const local = (await people.call('member', 'GET', url(people.companyA, january))).json();
    expect(local.items.map((i: { title: string }) => i.title)).toEqual([
      'Last instant of January',
      'First instant of January',
    ]);
    const utc = (
      await people.call('member', 'GET', url(people.companyA, `${january}&tz=UTC`))
    ).json();
    // In UTC, January ends six hours before Chicago's does and starts six hours earlier.
    expect(utc.items.map((i: { title: string }) => i.title)).toEqual([
      'First instant of January',
      'Before January (Dec 31, 23:59:59 local)',
    ]);
    const posts = (
      await people.call(
        'member',
        'GET',
        url(people.companyA, 'type=post_published&from=2025-01-10&to=2025-01-12'),
      )
    ).json();
    expect(posts.total).toBe(3);
  });

  it('refuses bad filters with field messages', async () => {
    for (const query of [
      'type=unknown',
      'limit=0',
      'limit=101',
      'offset=-1',
      'from=2025-01-01',
      'from=2025-02-01&to=2025-01-01',
      'from=2025-02-30&to=2025-03-01',
      'from=2025-01-01&to=2025-01-31&tz=Nowhere/Else',
    ]) {
      const res = await people.call('member', 'GET', url(people.companyA, query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_FAILED');
      expect(res.json().error.details.length, query).toBeGreaterThan(0);
    }
  });

  it('is for the company’s members, assigned employees and admins only', async () => {
    for (const who of ['member', 'assigned', 'admin'] as const) {
      expect((await people.call(who, 'GET', url(people.companyA))).statusCode, who).toBe(200);
    }
    for (const who of ['other', 'unassigned', 'lead'] as const) {
      const res = await people.call(who, 'GET', url(people.companyA));
      expect(res.statusCode, who).toBe(403);
      expect(res.json().reason).toBe('access denied');
      expect(res.body).not.toContain('Post 1');
    }
    expect((await people.call(null, 'GET', url(people.companyA))).statusCode).toBe(401);
    expect((await people.call('admin', 'GET', url(999_999))).statusCode).toBe(404);
    // Another company's feed holds only its own events.
    const beta = (await people.call('other', 'GET', url(people.companyB))).json();
    expect(beta.items.map((i: { title: string }) => i.title)).toEqual(['Beta post']);
  });

  it('is reachable through the gateway', async () => {
    const res = await people.call('member', 'POST', '/database/request', {
      method: 'GET',
      url: url(people.companyA, 'type=review_replied&limit=2'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 4, limit: 2 });
  });
});
