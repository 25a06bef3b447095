import { addCalendarDays, type FbadsReport } from '@pinpoint/contracts';
import {
  FB_ADS_PEER_ACCOUNT,
  FB_ADS_PEER_TOKEN,
  type RunningFacebookMarketingPeer,
  startFacebookMarketingPeer,
} from '@pinpoint/fake-vendors/facebook-marketing-peer';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fbadsCampaigns, fbadsInsights } from '../../kernel/db/schema';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { fbadsFixture, generateInsights, liveFbadsConfig } from './fbads.test-setup';

let peer: RunningFacebookMarketingPeer;
let app: FastifyInstance;
const today = new Date().toISOString().slice(0, 10);
const day = (back: number) => addCalendarDays(today, -back);

beforeAll(async () => {
  peer = await startFacebookMarketingPeer();
  app = (await createTestApp({ config: liveFbadsConfig(peer.base) })).app;
});
afterAll(async () => {
  await app.close();
  await peer.close();
});
beforeEach(() => {
  peer.requests.length = 0;
  peer.campaigns.length = 0;
});

const insightRequests = () => peer.requests.filter((r) => r.path.endsWith('/insights'));

// The sync, then the report route reading what it stored. The sync's failures (expired
// token, rate limits) need no app: fbads.sync.repo.test.ts.
describe('Facebook Ads sync against a fake Marketing API', () => {
  it('backfills every page through paging.next and stores spend strings as exact cents', async () => {
    generateInsights(peer, 300); // 600 rows: two pages of 500
    peer.campaigns.push(
      {
        id: '2381',
        name: 'Lead form – roofing',
        objective: 'OUTCOME_LEADS',
        status: 'ACTIVE',
        daily_budget: '2500',
      },
      { id: '2382', name: 'Website visits', objective: 'OUTCOME_TRAFFIC', status: 'PAUSED' },
    );
    const f = await fbadsFixture(app, FB_ADS_PEER_ACCOUNT, FB_ADS_PEER_TOKEN);
    const run = await app.vendorSync.runSync(f.connectionId, 'insights');
    expect(run).toMatchObject({ status: 'done', pages: 2, itemsWritten: 600 });
    const calls = insightRequests();
    expect(calls).toHaveLength(2);
    const first = calls[0];
    expect(first?.path).toBe(`/v19.0/${FB_ADS_PEER_ACCOUNT}/insights`);
    expect(first?.query.get('level')).toBe('campaign');
    expect(first?.query.get('time_increment')).toBe('1');
    expect(first?.query.get('fields')).toContain('actions');
    expect(JSON.parse(first?.query.get('time_range') ?? '{}')).toEqual({
      since: day(547),
      until: today,
    });
    expect(first?.query.get('after')).toBeNull();
    // The second page asks with the cursor Graph gave (paging.cursors.after).
    expect(calls[1]?.query.get('after')).toBeTruthy();
    expect(first?.authorization).toBe(`Bearer ${FB_ADS_PEER_TOKEN}`);
    expect(calls.every((c) => !c.query.toString().includes(FB_ADS_PEER_TOKEN))).toBe(true);

    const rows = await app.database.db
      .select()
      .from(fbadsInsights)
      .where(eq(fbadsInsights.connectionId, f.connectionId));
    expect(rows).toHaveLength(600);
    const lead = rows.find((r) => r.campaignId === '2381' && r.day === today);
    const traffic = rows.find((r) => r.campaignId === '2382' && r.day === today);
    // "12.34" → 1234, "0.5" → 50; `lead` wins over the overlapping grouped figure.
    expect(lead).toMatchObject({
      spendCents: 1234,
      impressions: 1043,
      reach: 900,
      clicks: 17,
      leads: 3,
    });
    expect(traffic).toMatchObject({ spendCents: 50, leads: 1 });

    expect(await app.vendorSync.runSync(f.connectionId, 'campaigns')).toMatchObject({
      status: 'done',
    });
    const campaigns = await app.database.db
      .select()
      .from(fbadsCampaigns)
      .where(eq(fbadsCampaigns.connectionId, f.connectionId));
    expect(campaigns.find((c) => c.campaignId === '2381')).toMatchObject({
      objective: 'OUTCOME_LEADS',
      dailyBudgetCents: 2500,
    });

    // A second run refetches only the last days, and writes nothing that did not change.
    peer.requests.length = 0;
    const again = await app.vendorSync.runSync(f.connectionId, 'insights');
    expect(again).toMatchObject({ status: 'done', itemsWritten: 0 });
    expect(JSON.parse(insightRequests()[0]?.query.get('time_range') ?? '{}')).toEqual({
      since: day(7),
      until: today,
    });

    // The report's totals agree with its campaigns and its days.
    const res = await app.inject({
      method: 'POST',
      url: `/api/uni/products/fbads/${f.productId}/report`,
      headers: { cookie: f.cookies.client, origin: TEST_ORIGIN },
      payload: { from: day(29), to: today },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json<FbadsReport>();
    expect(report.totals).toEqual({
      spendCents: 30 * (1234 + 50),
      impressions: 30 * 2 * 1043,
      reachDailySum: 30 * 2 * 900,
      clicks: 30 * 2 * 17,
      leads: 30 * 4,
    });
    const sum = (key: 'spendCents' | 'leads') =>
      report.campaigns.reduce((total, c) => total + c[key], 0);
    expect(sum('spendCents')).toBe(report.totals.spendCents);
    expect(sum('leads')).toBe(report.totals.leads);
    expect(report.days).toHaveLength(30);
    expect(report.campaigns[0]).toMatchObject({ name: 'Lead form – roofing', status: 'ACTIVE' });
    expect(report.connection?.status).toBe('connected');

    const stranger = await app.inject({
      method: 'POST',
      url: `/api/uni/products/fbads/${f.productId}/report`,
      headers: { cookie: f.cookies.stranger, origin: TEST_ORIGIN },
      payload: { from: day(29), to: today },
    });
    expect(stranger.statusCode).toBe(403);
  });
});
