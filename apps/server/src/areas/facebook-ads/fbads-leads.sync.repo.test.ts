import {
  FB_ADS_PEER_ACCOUNT,
  FB_ADS_PEER_TOKEN,
  graphTime,
  type RunningFacebookMarketingPeer,
  startFacebookMarketingPeer,
} from '@pinpoint/fake-vendors/facebook-marketing-peer';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fbadsLeads, syncStates } from '../../kernel/db/schema';
import { createFbAdsLive } from '../../providers/facebook-ads/fb-ads-live';
import type { TestDatabase } from '../../test/test-database';
import { createCatalogTestDatabase, type TestAreaSync, testConfig } from '../../test/test-services';
import { fbadsAreaSync, insertFbadsRows, liveFbadsConfig } from './fbads.test-setup';

// The adapter against the fake Graph, and the leads sync as its job runs it (the vendor
// frame with the Facebook Ads syncs, fbads.test-setup.ts), on this file's database.
let peer: RunningFacebookMarketingPeer;
let database: TestDatabase;
let area: TestAreaSync;
const HOUR = 3_600_000;
const access = { externalAccount: FB_ADS_PEER_ACCOUNT, accessToken: FB_ADS_PEER_TOKEN };

/** `count` leads of an ad, one an hour back from now, in Graph's shape. */
function leadsOf(adId: string, campaignId: string, count: number, startHoursAgo = 1) {
  return Array.from({ length: count }, (_, i) => ({
    id: `${adId}${String(i).padStart(4, '0')}`,
    created_time: graphTime(new Date(Date.now() - (startHoursAgo + i) * HOUR)),
    ad_id: adId,
    form_id: `7${campaignId}`,
    campaign_id: campaignId,
    field_data: [
      { name: 'full_name', values: [`Lead ${i}`] },
      { name: 'phone_number', values: [`+1512555${String(1000 + i)}`] },
      { name: 'email', values: [`lead${i}@example.com`] },
    ],
  }));
}

beforeAll(async () => {
  peer = await startFacebookMarketingPeer();
  database = await createCatalogTestDatabase();
  area = await fbadsAreaSync(database, testConfig(liveFbadsConfig(peer.base)));
});
afterAll(async () => {
  await area?.jobs.stop();
  await database?.close();
  await peer?.close();
});
beforeEach(() => {
  peer.requests.length = 0;
  peer.ads.length = 0;
  peer.leads.length = 0;
});

describe('the live adapter reading lead ads against a fake Graph', () => {
  const live = () =>
    createFbAdsLive({
      baseUrl: peer.base,
      graphVersion: 'v19.0',
      timeoutMs: 5_000,
      recordCall: async () => {},
    });

  it("reads an ad's leads page by page, newest first, filtered on time_created", async () => {
    peer.ads.push({ id: '23911', campaign_id: '2381' });
    peer.leads.push(...leadsOf('23911', '2381', 5));
    const first = await live().listLeads(access, {
      adId: '23911',
      createdAfter: null,
      after: null,
      pageSize: 3,
    });
    expect(first.leads.map((l) => l.leadgenId)).toEqual(['239110000', '239110001', '239110002']);
    expect(first.after).toBeTruthy();
    expect(first.leads[0]).toMatchObject({
      formId: '72381',
      adId: '23911',
      campaignId: '2381',
      fieldData: [
        { name: 'full_name', values: ['Lead 0'] },
        { name: 'phone_number', values: ['+15125551000'] },
        { name: 'email', values: ['lead0@example.com'] },
      ],
    });
    // Graph's "+0000" offset is read as UTC, to the second.
    expect(first.leads[0]?.createdTime.getTime()).toBe(
      Date.parse(peer.leads[0]?.created_time ?? ''),
    );
    const second = await live().listLeads(access, {
      adId: '23911',
      createdAfter: null,
      after: first.after,
      pageSize: 3,
    });
    expect(second.leads).toHaveLength(2);
    expect(second.after).toBeNull();

    // Only what was created after the bound (strictly, in whole seconds).
    const bound = new Date(Date.parse(peer.leads[2]?.created_time ?? ''));
    const newer = await live().listLeads(access, {
      adId: '23911',
      createdAfter: bound,
      after: null,
      pageSize: 10,
    });
    expect(newer.leads.map((l) => l.leadgenId)).toEqual(['239110000', '239110001']);
    const request = peer.requests.at(-1);
    expect(request?.path).toBe('/v19.0/23911/leads');
    expect(JSON.parse(request?.query.get('filtering') ?? '[]')).toEqual([
      { field: 'time_created', operator: 'GREATER_THAN', value: bound.getTime() / 1000 },
    ]);
    expect(request?.query.get('fields')).toBe(
      'id,created_time,ad_id,form_id,campaign_id,field_data',
    );
    expect(request?.authorization).toBe(`Bearer ${FB_ADS_PEER_TOKEN}`);
    expect(request?.query.toString()).not.toContain(FB_ADS_PEER_TOKEN);
  });

  it("lists the account's ads with cursor paging", async () => {
    peer.ads.push(
      { id: '23911', campaign_id: '2381' },
      { id: '23912', campaign_id: '2381' },
      { id: '23921', campaign_id: '2382' },
    );
    const first = await live().listAds(access, { after: null, pageSize: 2 });
    expect(first.ads).toEqual([
      { adId: '23911', campaignId: '2381' },
      { adId: '23912', campaignId: '2381' },
    ]);
    const second = await live().listAds(access, { after: first.after, pageSize: 2 });
    expect(second).toEqual({ ads: [{ adId: '23921', campaignId: '2382' }], after: null });
    expect(peer.requests[0]?.path).toBe(`/v19.0/${FB_ADS_PEER_ACCOUNT}/ads`);
  });
});

describe('the leads sync', () => {
  it('backfills every ad through the paging, then reads only newer leads and writes nothing twice', async () => {
    peer.ads.push({ id: '23911', campaign_id: '2381' }, { id: '23921', campaign_id: '2382' });
    // 1,200 leads on one ad (three pages of 500) and three on the other; one of them
    // older than 18 months, which the backfill leaves out.
    peer.leads.push(...leadsOf('23911', '2381', 1_200), ...leadsOf('23921', '2382', 2));
    peer.leads.push({
      ...leadsOf('23921', '2382', 1)[0],
      id: '2392199999',
      created_time: graphTime(new Date(Date.now() - 600 * 24 * HOUR)),
    } as (typeof peer.leads)[number]);
    const f = await insertFbadsRows(
      database.db,
      area.vendorSync.secrets,
      FB_ADS_PEER_ACCOUNT,
      FB_ADS_PEER_TOKEN,
    );
    const run = await area.vendorSync.runSync(f.connectionId, 'leads');
    // One ads page, three lead pages of the first ad, one of the second.
    expect(run).toMatchObject({ status: 'done', pages: 5, itemsWritten: 1_202 });
    expect(run.createdIds).toHaveLength(1_202);
    const leadCalls = peer.requests.filter((r) => r.path.endsWith('/leads'));
    expect(leadCalls.map((r) => r.path)).toEqual([
      '/v19.0/23911/leads',
      '/v19.0/23911/leads',
      '/v19.0/23911/leads',
      '/v19.0/23921/leads',
    ]);
    expect(leadCalls[1]?.query.get('after')).toBeTruthy();
    const rows = await database.db
      .select()
      .from(fbadsLeads)
      .where(eq(fbadsLeads.connectionId, f.connectionId));
    expect(rows).toHaveLength(1_202);
    expect(rows.find((r) => r.leadgenId === '239110000')).toMatchObject({
      companyId: f.companyId,
      formId: '72381',
      adId: '23911',
      campaignId: '2381',
    });

    // A new lead arrives; the next run asks from the newest stored lead (less an hour)
    // and writes only the new one. The newest is read across every stored lead: each
    // lead's time was taken as it was made, so the second ad's first lead can be a second
    // newer than the first ad's.
    const newest = Math.max(...peer.leads.map((lead) => Date.parse(lead.created_time)));
    peer.requests.length = 0;
    peer.leads.push({
      ...leadsOf('23921', '2382', 1)[0],
      id: '2392100077',
      created_time: graphTime(new Date(Date.now() - 60_000)),
    } as (typeof peer.leads)[number]);
    const again = await area.vendorSync.runSync(f.connectionId, 'leads');
    expect(again).toMatchObject({ status: 'done', itemsWritten: 1 });
    const filtering = JSON.parse(
      peer.requests.find((r) => r.path.endsWith('/leads'))?.query.get('filtering') ?? '[]',
    );
    expect(filtering[0]?.value).toBe(Math.floor((newest - HOUR) / 1000));

    peer.requests.length = 0;
    expect(await area.vendorSync.runSync(f.connectionId, 'leads')).toMatchObject({
      status: 'done',
      itemsWritten: 0,
    });
    const [state] = await database.db
      .select()
      .from(syncStates)
      .where(and(eq(syncStates.connectionId, f.connectionId), eq(syncStates.dataset, 'leads')));
    expect(state?.state).toBe('idle');
  });
});
