import type { ListingScanData, ListingScanSummary } from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, clientCompanies, listingScans } from '../../kernel/db/schema';
import { WORKERS_ON, waitFor } from '../../test/job-test-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { gatewayAs, type ListingScanFixture, listingScanFixture } from './listing-scans.test-setup';

let testApp: TestApp;
let app: FastifyInstance;
let f: ListingScanFixture;

beforeAll(async () => {
  testApp = await createTestApp({ config: { jobs: WORKERS_ON } });
  app = testApp.app;
  f = await listingScanFixture(app);
});
afterAll(async () => {
  await app.close();
});

const base = '/api/uni/products/listings';
const summaryOf = async (cookie: string, productId = f.productId) => {
  const res = await gatewayAs(app, cookie).get(`${base}/${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListingScanSummary;
};
const dataOf = async (cookie: string, query = '') => {
  const res = await gatewayAs(app, cookie).get(`${base}/data/${f.productId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListingScanData;
};
async function scanAndWait(): Promise<ListingScanSummary> {
  const res = await gatewayAs(app, f.cookies.employee).post(`${base}/${f.productId}/rescan`, {});
  expect(res.statusCode, res.body).toBe(202);
  const { scanId } = res.json() as { scanId: number };
  await waitFor(async () => {
    const [scan] = await app.database.db
      .select()
      .from(listingScans)
      .where(eq(listingScans.id, scanId));
    return scan?.state === 'done';
  }, 20_000);
  return summaryOf(f.cookies.employee);
}
const listingAlerts = () =>
  app.database.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.companyId, f.companyId), eq(alerts.kind, 'listing')));

describe('business listings scans', () => {
  it('has no scan before the first: a summary without a score, an empty table', async () => {
    const summary = await summaryOf(f.cookies.client);
    expect(summary).toMatchObject({ kind: 'directory-scan', score: null, running: null });
    expect(summary.canManage).toBe(false);
    expect(summary.ours.phone).toBe('(512) 555-0134');
    expect((await dataOf(f.cookies.client)).items).toEqual([]);
  });

  it('refuses a rescan or a fix to clients, and another client everything', async () => {
    const client = gatewayAs(app, f.cookies.client);
    expect((await client.post(`${base}/${f.productId}/rescan`, {})).statusCode).toBe(403);
    const fix = { directory: 'yelp', fields: ['phone'], idempotencyKey: 'client-try-1' };
    expect((await client.post(`${base}/${f.productId}/fix`, fix)).statusCode).toBe(403);
    const stranger = gatewayAs(app, f.cookies.stranger);
    expect((await stranger.get(`${base}/${f.productId}`)).statusCode).toBe(403);
    expect((await stranger.get(`${base}/data/${f.productId}`)).statusCode).toBe(403);
  });

  it('scans every directory through the queue: score, counts, a table field by field', async () => {
    const summary = await scanAndWait();
    expect(summary.score).toBeGreaterThanOrEqual(0);
    expect(summary.score).toBeLessThanOrEqual(100);
    expect(summary.counts.directories).toBe(20);
    expect(summary.counts.found + summary.counts.notFound + summary.counts.unavailable).toBe(20);
    expect(summary.checkedAt).not.toBeNull();
    const data = await dataOf(f.cookies.client, '?pageSize=100');
    expect(data.total).toBe(20);
    expect(data.history).toHaveLength(1);
    const google = data.items.find((r) => r.directory === 'google');
    expect(google?.status).toBe('found');
    expect(Object.keys(google?.fields ?? {}).sort()).toEqual([
      'address',
      'name',
      'phone',
      'website',
    ]);
    // The first scan raises no alert.
    expect(await listingAlerts()).toHaveLength(0);
  });

  it('filters by status and text, and pages', async () => {
    const all = await dataOf(f.cookies.client, '?pageSize=100');
    const mismatched = await dataOf(f.cookies.client, '?status=mismatch&pageSize=100');
    expect(mismatched.total).toBe(
      all.items.filter(
        (r) =>
          r.status === 'found' &&
          Object.values(r.fields).some((s) => s !== 'match' && s !== 'not_compared'),
      ).length,
    );
    const notFound = await dataOf(f.cookies.client, '?status=not_found');
    expect(notFound.items.every((r) => r.status === 'not_found')).toBe(true);
    const yelp = await dataOf(f.cookies.client, '?q=yelp');
    expect(yelp.items.map((r) => r.directory)).toEqual(['yelp']);
    const page2 = await dataOf(f.cookies.client, '?pageSize=5&page=2');
    expect(page2.items).toHaveLength(5);
    expect(page2.items[0]?.name).toBe(all.items[5]?.name);
    const bad = await gatewayAs(app, f.cookies.client).get(
      `${base}/data/${f.productId}?status=odd`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('a fix goes through the outbox, shows its status, and the next scan sees it', async () => {
    const before = await dataOf(f.cookies.employee, '?status=mismatch&pageSize=100');
    const target =
      before.items.find((r) => r.fields.phone === 'mismatch' || r.fields.name === 'mismatch') ??
      before.items[0];
    expect(target).toBeDefined();
    if (!target) return;
    const fields = (['name', 'address', 'phone', 'website'] as const).filter(
      (field) => target.fields[field] === 'mismatch' || target.fields[field] === 'missing',
    );
    const staff = gatewayAs(app, f.cookies.employee);
    const bad = await staff.post(`${base}/${f.productId}/fix`, {
      directory: 'nowhere',
      fields,
      idempotencyKey: 'fix-key-bad-1',
    });
    expect(bad.statusCode).toBe(400);
    const res = await staff.post(`${base}/${f.productId}/fix`, {
      directory: target.directory,
      fields,
      idempotencyKey: 'fix-key-0001',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending', fields });
    const sent = await waitFor(async () => {
      const data = await dataOf(f.cookies.client, '?pageSize=100');
      const fix = data.items.find((r) => r.directory === target.directory)?.fix;
      if (fix?.status === 'failed') throw new Error(`fix failed: ${fix.error}`);
      return fix?.status === 'sent' ? fix : null;
    }, 20_000);
    expect(sent.sentAt).not.toBeNull();
    const scoreBefore = (await summaryOf(f.cookies.client)).score ?? 0;
    const after = await scanAndWait();
    const row = (await dataOf(f.cookies.client, '?pageSize=100')).items.find(
      (r) => r.directory === target.directory,
    );
    for (const field of fields) expect(row?.fields[field]).toBe('match');
    expect(after.score).toBeGreaterThan(scoreBefore);
    // Our own fix is not news: no alert for it.
    expect(await listingAlerts()).toHaveLength(0);
  });

  it('raises a listing alert when directories show changed data between scans', async () => {
    await app.database.db
      .update(clientCompanies)
      .set({ phone: '+15125550177' })
      .where(eq(clientCompanies.id, f.companyId));
    await scanAndWait();
    const raised = await listingAlerts();
    expect(raised).toHaveLength(1);
    expect(raised[0]?.title).toMatch(/Listings changed on \d+ directories|Duplicate listing/);
    expect(raised[0]?.body).toContain('phone');
  });

  it('the monthly tick starts scans that are due only', async () => {
    const started = await app.areas['listing-scans'].listingScanEngine.runDue(new Date());
    // This product was scanned just now; the other company's product has never been.
    const [other] = await app.database.db
      .select()
      .from(listingScans)
      .where(eq(listingScans.productId, f.otherProductId));
    expect(started).toBe(1);
    expect(other?.trigger).toBe('scheduled');
  });

  it('leaves the Google products on their Business Profile listing', async () => {
    const res = await gatewayAs(app, f.cookies.client).get(`${base}/${f.googleProductId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('kind');
    expect(res.json()).toHaveProperty('fields');
  });
});
