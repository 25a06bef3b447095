import {
  GADS_PEER_CUSTOMER,
  GADS_PEER_DEVELOPER_TOKEN,
  GADS_PEER_TOKEN,
  startGoogleAdsPeer,
} from '@pinpoint/fake-vendors/google-ads-peer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  googleAdsAreaSync,
  insertGoogleAdsRows,
} from '../../areas/google-ads/google-ads.test-setup';
import { gadsMetricMonths, vendorConnections } from '../../kernel/db/schema';
import type { TestDatabase } from '../../test/test-database';
import { createCatalogTestDatabase, type TestAreaSync, testConfig } from '../../test/test-services';
import { VendorError } from '../kernel/vendor-errors';
import { createGadsLive } from './gads-live';
import { microsToCents } from './micros';

const day = (n: number) => `2026-03-0${n}`;
const campaign = {
  id: '111',
  name: 'Search – Repair',
  status: 'ENABLED',
  advertisingChannelType: 'SEARCH',
  startDate: '2025-01-01',
};
const costs = ['1234500', '1235000', '999999', '5000', '0'];
const data = {
  customer: [
    {
      customer: {
        id: GADS_PEER_CUSTOMER,
        descriptiveName: 'Fake Plumbing',
        currencyCode: 'USD',
        timeZone: 'America/Chicago',
      },
    },
  ],
  campaign: [
    { campaign, campaignBudget: { amountMicros: '12345000' } },
    ...costs.map((cost, i) => ({
      campaign: { id: '111' },
      segments: { date: day(i + 1) },
      metrics: { impressions: String(100 + i), clicks: String(10 + i), costMicros: cost },
    })),
    {
      campaign: { id: '111' },
      segments: { date: day(1), conversionActionCategory: 'PHONE_CALL_LEAD' },
      metrics: { conversions: 2 },
    },
    {
      campaign: { id: '111' },
      segments: { date: day(1), conversionActionCategory: 'SUBMIT_LEAD_FORM' },
      metrics: { conversions: 1.0 },
    },
  ],
  ad_schedule_view: [
    {
      campaign: { id: '111' },
      campaignCriterion: {
        adSchedule: {
          dayOfWeek: 'MONDAY',
          startHour: 8,
          startMinute: 'THIRTY',
          endHour: 17,
          endMinute: 'ZERO',
        },
      },
    },
  ],
  ad_group_ad: [
    {
      campaign: { id: '111' },
      adGroup: { id: '222', name: 'Repair' },
      adGroupAd: {
        status: 'ENABLED',
        ad: {
          id: '333',
          type: 'RESPONSIVE_SEARCH_AD',
          finalUrls: ['https://fake.example/repair'],
          responsiveSearchAd: {
            headlines: [{ text: 'Fast repair' }, { text: 'Call now' }],
            descriptions: [{ text: 'Licensed pros.' }],
          },
        },
      },
    },
  ],
  keyword_view: [
    {
      campaign: { id: '111' },
      adGroup: { id: '222' },
      adGroupCriterion: {
        criterionId: '444',
        status: 'ENABLED',
        keyword: { text: 'plumber near me', matchType: 'PHRASE' },
        qualityInfo: { qualityScore: 7 },
      },
    },
  ],
  asset: [
    {
      asset: {
        id: '555',
        name: 'Van',
        imageAsset: {
          fileSize: '20480',
          fullSize: {
            url: 'https://tpc.googlesyndication.com/van.jpg',
            widthPixels: 1200,
            heightPixels: 628,
          },
        },
      },
    },
  ],
  geographic_view: [
    {
      segments: { date: day(1), geoTargetCity: 'geoTargetConstants/21147' },
      metrics: { impressions: '40', clicks: '4', costMicros: '500000' },
    },
    {
      segments: { date: day(1), geoTargetCity: 'geoTargetConstants/21147' },
      metrics: { impressions: '2', clicks: '0', costMicros: '0' },
    },
  ],
  call_view: [
    {
      campaign: { id: '111' },
      callView: {
        resourceName: 'customers/1234567890/callViews/9',
        callerAreaCode: '312',
        callDurationSeconds: '95',
        startCallDateTime: '2026-03-01 09:15:00',
      },
    },
  ],
  lead_form_submission_data: [
    {
      leadFormSubmissionData: {
        resourceName: 'customers/1234567890/leadFormSubmissionData/8',
        campaign: 'customers/1234567890/campaigns/111',
        submissionDateTime: '2026-03-01 10:00:00-06:00',
        leadFormSubmissionFields: [{ fieldType: 'FULL_NAME', fieldValue: 'Ann B.' }],
      },
    },
  ],
};

let peer: Awaited<ReturnType<typeof startGoogleAdsPeer>>;
const access = { externalAccount: '123-456-7890', accessToken: GADS_PEER_TOKEN };
const live = () =>
  createGadsLive({
    baseUrl: peer.url,
    apiVersion: 'v21',
    developerToken: GADS_PEER_DEVELOPER_TOKEN,
    timeoutMs: 5_000,
    recordCall: async () => {},
  });

beforeAll(async () => {
  peer = await startGoogleAdsPeer({ data, batchSize: 2 });
});
afterAll(() => peer.close());

describe('micros to cents', () => {
  it('rounds half away from zero, exactly, beyond 2^53 micros too', () => {
    expect(microsToCents('1234500')).toBe(123);
    expect(microsToCents('1235000')).toBe(124);
    expect(microsToCents('-1235000')).toBe(-124);
    expect(microsToCents('4999')).toBe(0);
    expect(microsToCents('5000')).toBe(1);
    expect(microsToCents('90071992547409915000')).toBe(9007199254740992);
    expect(microsToCents(null)).toBe(0);
  });
});

describe('the live Google Ads adapter against the fake', () => {
  it('reads the account over GAQL, with the developer token and the bearer, every stream batch joined', async () => {
    const shape = await live().structure(access);
    expect(shape.account).toEqual({
      customerId: GADS_PEER_CUSTOMER,
      descriptiveName: 'Fake Plumbing',
      currencyCode: 'USD',
      timeZone: 'America/Chicago',
    });
    expect(shape.campaigns).toEqual([
      {
        id: '111',
        name: campaign.name,
        channelType: 'SEARCH',
        status: 'ENABLED',
        budgetCents: 1235,
        startDate: '2025-01-01',
        schedule: [{ day: 'MONDAY', startHour: 8, startMinute: 30, endHour: 17, endMinute: 0 }],
      },
    ]);
    expect(shape.ads[0]).toMatchObject({
      headlines: ['Fast repair', 'Call now'],
      descriptions: ['Licensed pros.'],
      finalUrl: 'https://fake.example/repair',
    });
    expect(shape.keywords[0]).toMatchObject({
      id: '222~444',
      qualityScore: 7,
      matchType: 'PHRASE',
    });
    expect(shape.assets[0]).toMatchObject({
      url: 'https://tpc.googlesyndication.com/van.jpg',
      fileSize: 20480,
    });
    const last = peer.requests.at(-1);
    expect(last?.path).toBe(`/v21/customers/${GADS_PEER_CUSTOMER}/googleAds:searchStream`);
    expect(last?.headers['developer-token']).toBe(GADS_PEER_DEVELOPER_TOKEN);
  });

  it('pages through a stream of several batches and turns micros into cents', async () => {
    const figures = await live().figures(access, { from: day(1), to: day(5) });
    const days = figures
      .filter((f) => f.kind === 'campaign')
      .sort((a, b) => a.date.localeCompare(b.date));
    // 5 days in batches of 2: three batches, all read.
    expect(days.map((d) => d.costCents)).toEqual([123, 124, 100, 1, 0]);
    expect(days[0]).toMatchObject({ impressions: 100, clicks: 10, calls: 2, forms: 1 });
    const city = figures.find((f) => f.kind === 'location');
    expect(city).toMatchObject({ key: '21147', impressions: 42, clicks: 4, costCents: 50 });
    const leads = await live().leads(access, { from: day(1), to: day(1) });
    expect(leads.find((l) => l.kind === 'call')).toMatchObject({
      callerAreaCode: '312',
      durationSeconds: 95,
      occurredAt: new Date('2026-03-01T15:15:00Z'),
    });
    expect(leads.find((l) => l.kind === 'form')).toMatchObject({
      campaignId: '111',
      formFields: [{ name: 'FULL_NAME', value: 'Ann B.' }],
    });
  });

  it('reads an expired token as auth (needs attention) and a 429 with its Retry-After', async () => {
    const expired = live().structure({ ...access, accessToken: 'ya29.expired' });
    await expect(expired).rejects.toMatchObject({ code: 'auth', status: 401 });
    peer.rateLimit(1, 7);
    const error = await live()
      .structure(access)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorError);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 7000 });
  });
});

describe('the sync with the live adapter', () => {
  // The figures sync as its job runs it: the vendor frame with the Google Ads syncs, no app.
  let database: TestDatabase;
  let area: TestAreaSync;
  beforeAll(async () => {
    const base = testConfig();
    database = await createCatalogTestDatabase();
    area = await googleAdsAreaSync(database, {
      ...base,
      vendors: {
        ...base.vendors,
        googleAds: {
          mode: 'live',
          baseUrl: peer.url,
          apiVersion: 'v21',
          developerToken: GADS_PEER_DEVELOPER_TOKEN,
          timeoutMs: 5_000,
        },
      },
      vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 3_000, retries: 2 },
    });
  });
  afterAll(async () => {
    await area?.jobs.stop();
    await database?.close();
  });
  const connectedCustomer = (token: string) =>
    insertGoogleAdsRows(database.db, area.vendorSync.secrets, {
      account: GADS_PEER_CUSTOMER,
      token,
    });

  it('puts the connection in "needs attention" when the token has expired', async () => {
    const f = await connectedCustomer('ya29.expired');
    const run = await area.vendorSync.runSync(f.connectionId, 'figures');
    expect(run.status).toBe('needs_attention');
    const [row] = await database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, f.connectionId));
    expect(row?.status).toBe('needs_attention');
    expect(row?.lastError).toMatch(/HTTP 401/);
    expect(row?.lastError).not.toContain('ya29');
  });

  it('honours a 429: waits the Retry-After, then finishes the run', async () => {
    const f = await connectedCustomer(GADS_PEER_TOKEN);
    peer.rateLimit(1, 1);
    const started = peer.requests.length;
    const run = await area.vendorSync.runSync(f.connectionId, 'figures');
    expect(run.status).toBe('done');
    const [refused, retried] = peer.requests.slice(started);
    expect((retried?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(950);
    const months = await database.db
      .select()
      .from(gadsMetricMonths)
      .where(eq(gadsMetricMonths.connectionId, f.connectionId));
    const march = months.find((m) => m.kind === 'campaign' && m.month === '2026-03-01');
    expect(march?.costCents.slice(0, 5)).toEqual([123, 124, 100, 1, 0]);
  });
});
