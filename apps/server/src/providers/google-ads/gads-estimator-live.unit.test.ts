import {
  GADS_PEER_CUSTOMER,
  GADS_PEER_DEVELOPER_TOKEN,
  GADS_PEER_TOKEN,
  startGoogleAdsPeer,
} from '@pinpoint/fake-vendors/google-ads-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGadsLive } from './gads-live';

type Peer = Awaited<ReturnType<typeof startGoogleAdsPeer>>;
let peer: Peer;
const access = { externalAccount: '123-456-7890', accessToken: GADS_PEER_TOKEN };
const request = {
  keywords: ['water heater repair'],
  geoTargetId: '21176',
  population: 1_000_000,
  monthlyBudgetCents: 152_000,
  period: { from: '2026-03-02', to: '2026-03-31' },
};
// 60 ideas: more than one page of the adapter's 50, so paging and the cap are both exercised.
const keywordIdeas = Array.from({ length: 60 }, (_, i) => ({
  text: `water heater idea ${i}`,
  keywordIdeaMetrics: {
    avgMonthlySearches: String(1000 - i),
    competition: i === 0 ? 'HIGH' : i === 1 ? 'UNSPECIFIED' : 'LOW',
    lowTopOfPageBidMicros: '1235000',
    highTopOfPageBidMicros: '4994999',
  },
}));
const live = () =>
  createGadsLive({
    baseUrl: peer.url,
    apiVersion: 'v21',
    developerToken: GADS_PEER_DEVELOPER_TOKEN,
    timeoutMs: 5_000,
    recordCall: async () => {},
  });

beforeAll(async () => {
  peer = await startGoogleAdsPeer({
    data: {},
    keywordIdeas,
    forecastMetrics: {
      impressions: 12345.6,
      clicks: 432.4,
      costMicros: '151234500',
      conversions: 21.37,
      averageCpcMicros: '349755',
    },
  });
});
afterAll(() => peer.close());

describe('live keyword planning against the fake', () => {
  it('asks generateKeywordIdeas of the customer with the geo target and English, pages, and maps micros to cents', async () => {
    const { ideas, source } = await live().generateKeywordIdeas(access, request);
    expect(source).toMatchObject({ kind: 'live', label: 'Google Ads keyword planning' });
    expect(ideas).toHaveLength(50);
    expect(ideas[0]).toEqual({
      text: 'water heater idea 0',
      monthlySearches: 1000,
      competition: 'HIGH',
      lowBidCents: 124,
      highBidCents: 499,
    });
    expect(ideas[1]?.competition).toBe('UNKNOWN');
    const calls = peer.requests.filter((r) => r.path.endsWith(':generateKeywordIdeas'));
    expect(calls[0]?.path).toBe(`/v21/customers/${GADS_PEER_CUSTOMER}:generateKeywordIdeas`);
    expect(calls[0]?.headers['developer-token']).toBe(GADS_PEER_DEVELOPER_TOKEN);
    expect(calls[0]?.body).toMatchObject({
      keywordSeed: { keywords: ['water heater repair'] },
      geoTargetConstants: ['geoTargetConstants/21176'],
      language: 'languageConstants/1000',
      keywordPlanNetwork: 'GOOGLE_SEARCH',
    });
    // One full page of 50 is the cap: no second page is asked for.
    expect(calls).toHaveLength(1);
  });

  it('forecasts with a maximize-clicks daily spend of budget / days, the keywords and the geo modifier', async () => {
    const { forecast, source } = await live().forecast(access, request);
    expect(source.kind).toBe('live');
    expect(forecast).toEqual({
      impressions: 12346,
      clicks: 432,
      costCents: 15123,
      conversions: 21.4,
      averageCpcCents: 35,
    });
    const call = peer.requests.find((r) => r.path.endsWith(':generateKeywordForecastMetrics'));
    expect(call?.body).toMatchObject({
      forecastPeriod: { startDate: '2026-03-02', endDate: '2026-03-31' },
      campaign: {
        keywordPlanNetwork: 'GOOGLE_SEARCH',
        geoModifiers: [{ geoTargetConstant: 'geoTargetConstants/21176' }],
        // $1,520 over 30 days = $50.666… a day, in micros.
        biddingStrategy: { maximizeClicksBiddingStrategy: { dailyTargetSpendMicros: '50666667' } },
        adGroups: [
          { biddableKeywords: [{ keyword: { text: 'water heater repair', matchType: 'BROAD' } }] },
        ],
      },
    });
  });

  it('turns 401 into an auth error and 429 into rate limited with Retry-After', async () => {
    await expect(
      live().forecast({ ...access, accessToken: 'ya29.expired' }, request),
    ).rejects.toMatchObject({ code: 'auth', status: 401 });
    peer.rateLimit(1, 9);
    await expect(live().generateKeywordIdeas(access, request)).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterMs: 9000,
    });
  });
});
