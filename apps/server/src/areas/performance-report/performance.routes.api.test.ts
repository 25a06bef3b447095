import type { FastifyInstance } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gbpPerformanceDays } from '../../kernel/db/schema';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import { createGbpPerformanceDemo } from '../../providers/google-business-profile/gbp-performance-demo';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { createPerformanceRepository } from './performance.repository';
import { createPerformanceSync, performanceWindow } from './performance.sync';
import { type PerformanceFixture, performanceFixture } from './performance.test-setup';

let app: FastifyInstance;
let f: PerformanceFixture;

beforeAll(async () => {
  ({ app } = await createTestApp());
  f = await performanceFixture(app);
});
afterAll(async () => {
  await app.close();
});

const report = (source: string, id: number, body: unknown, cookie = f.cookies.client) =>
  app.inject({
    method: 'POST',
    url: `/api/uni/charts/performancereport/${source}/${id}`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: body as Record<string, unknown>,
  });
const MARCH = { from: '2026-03-01', to: '2026-03-10' };

describe('the performance report routes', () => {
  it('Google: every day of the range, totals = the sum of the days, the previous period', async () => {
    const res = await report('google', f.companyId, MARCH);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(10);
    expect(body.previousRange).toEqual({ from: '2026-02-19', to: '2026-02-28' });
    for (const m of body.metrics) {
      const sum = body.days.reduce(
        (s: number, d: { values: Record<string, number> }) => s + (d.values[m.key] ?? 0),
        0,
      );
      expect(body.totals[m.key]).toBe(sum);
    }
    // Both locations added: A 1 call × 10 days, B 2 calls × 5 days.
    expect(body.totals.calls).toBe(20);
    expect(body.days[0].values.views).toBe(10 + 2); // A 5+5, B 1+1 (maps, desktop + mobile)
    expect(body.totals.searches).toBe(15);
    expect(body.previousTotals.calls).toBe(30);
    expect(body.lastSyncedAt).toBeNull(); // never synced: said, not invented
  });

  it('one location only, and a location of nobody’s is a 400', async () => {
    const one = await report('google', f.companyId, { ...MARCH, connectionId: f.locations[1] });
    expect(one.json().totals.calls).toBe(10);
    const wrong = await report('google', f.companyId, {
      ...MARCH,
      connectionId: f.fbadsConnectionId,
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('Facebook Ads from the synced insights', async () => {
    const res = await report('fbads', f.companyId, MARCH);
    expect(res.statusCode).toBe(200);
    expect(res.json().totals).toEqual({ impressions: 300, clicks: 6, leads: 3, spendCents: 6_000 });
    expect(res.json().lastSyncedAt).toBe('2026-03-10T06:00:00.000Z');
  });

  it('sources the company does not have are left out (404), not zeroed', async () => {
    for (const source of ['facebook', 'listings', 'web']) {
      expect((await report(source, f.companyId, MARCH)).statusCode).toBe(404);
    }
    const sources = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie: f.cookies.client, origin: TEST_ORIGIN },
      payload: { method: 'GET', url: `/api/uni/charts/performancereport/sources/${f.companyId}` },
    });
    expect(sources.statusCode).toBe(200);
    const body = sources.json();
    expect(body.sources.map((s: { source: string }) => s.source)).toEqual(['google', 'fbads']);
    expect(body.missing.map((s: { source: string }) => s.source)).toEqual([
      'listings',
      'facebook',
      'web',
    ]);
    expect(body.locations).toHaveLength(2);
  });

  it('another client is refused (403); bad input is a 400', async () => {
    expect((await report('google', f.companyId, MARCH, f.cookies.stranger)).statusCode).toBe(403);
    expect(
      (await report('google', f.companyId, { from: '2026-03-10', to: '2026-03-01' })).statusCode,
    ).toBe(400);
    expect(
      (await report('google', f.companyId, { from: '03/01/2026', to: '2026-03-10' })).statusCode,
    ).toBe(400);
    expect((await report('google', f.companyId, { from: '2026-03-01' })).statusCode).toBe(400);
    expect((await report('tiktok', f.companyId, MARCH)).statusCode).toBe(400);
  });

  it('the PDF: a real PDF with the company name and each source’s title', async () => {
    const url = `/api/uni/charts/performancereport/pdf/${f.companyId}?from=2026-03-01&to=2026-03-10`;
    const res = await app.inject({ method: 'GET', url, headers: { cookie: f.cookies.client } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="performance-report-/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = await parser.getText();
    await parser.destroy();
    expect(text.total).toBeGreaterThanOrEqual(1);
    expect(text.text).toContain(`Perf perf-`);
    expect(text.text).toContain('Google Business Profile');
    expect(text.text).toContain('Facebook Ads');
    expect(text.text).toContain('Website: No website product.');
    const only = await app.inject({
      method: 'GET',
      url: `${url}&sources=fbads`,
      headers: { cookie: f.cookies.client },
    });
    const onlyParser = new PDFParse({ data: new Uint8Array(only.rawPayload) });
    const onlyText = (await onlyParser.getText()).text;
    await onlyParser.destroy();
    expect(onlyText).not.toContain('Profile views');
    expect(onlyText).toContain('Leads');
    const stranger = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: f.cookies.stranger },
    });
    expect(stranger.statusCode).toBe(403);
    const bad = await app.inject({
      method: 'GET',
      url: `${url}&sources=tiktok`,
      headers: { cookie: f.cookies.client },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the performance sync', () => {
  it('backfills 18 months to yesterday, then refetches the last 7 days', () => {
    expect(performanceWindow(null, '2026-03-10')).toEqual({ from: '2024-09-08', to: '2026-03-09' });
    expect(performanceWindow('2026-03-08', '2026-03-10')).toEqual({
      from: '2026-03-01',
      to: '2026-03-09',
    });
  });

  it('upserts the demo adapter’s days; a second run writes only what changed', async () => {
    const repo = createPerformanceRepository(app.database.db);
    const now = () => new Date('2026-03-20T08:00:00Z');
    const sync = createPerformanceSync({ repo, provider: createGbpPerformanceDemo({ now }), now });
    const connection = { id: f.locations[0], companyId: f.companyId } as ConnectionRow;
    const ctx = {
      connection,
      access: { externalAccount: 'accounts/1/locations/x', accessToken: null },
      signal: new AbortController().signal,
    };
    const page = await sync.fetchPage(ctx, null);
    expect(page.nextPageToken).toBeNull();
    // Stored up to March 10: the run refetches from March 3 to yesterday (March 19).
    expect(page.items).toHaveLength(17);
    const first = await sync.writePage(app.database.db, connection, page.items);
    expect(first.written).toBe(17);
    const again = await sync.writePage(app.database.db, connection, page.items);
    expect(again.written).toBe(0);
    const rows = await app.database.db.select().from(gbpPerformanceDays);
    expect(rows.some((r) => r.day === '2026-03-19')).toBe(true);
  });
});
