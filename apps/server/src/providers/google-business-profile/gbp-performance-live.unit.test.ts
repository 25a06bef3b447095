import {
  GBP_PERFORMANCE_PEER_TOKEN,
  type RunningGbpPerformancePeer,
  startGbpPerformancePeer,
} from '@pinpoint/fake-vendors/gbp-performance-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionAccess } from '../kernel/connection-access';
import { VendorError } from '../kernel/vendor-errors';
import { createGbpPerformanceDemo } from './gbp-performance-demo';
import { createGbpPerformanceLive, DAILY_METRICS } from './gbp-performance-live';

let peer: RunningGbpPerformancePeer;
const calls: [string, boolean][] = [];
const ACCESS: ConnectionAccess = {
  externalAccount: 'accounts/111/locations/333',
  accessToken: GBP_PERFORMANCE_PEER_TOKEN,
};

beforeAll(async () => {
  peer = await startGbpPerformancePeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.values.set(
    'locations/333',
    new Map([
      [
        'CALL_CLICKS',
        new Map([
          ['2026-03-01', 4],
          ['2026-03-02', 0],
          ['2026-03-03', 7],
        ]),
      ],
      ['BUSINESS_IMPRESSIONS_MOBILE_SEARCH', new Map([['2026-03-02', 120]])],
      [
        'WEBSITE_CLICKS',
        new Map([
          ['2026-02-28', 99],
          ['2026-03-01', 2],
        ]),
      ],
    ]),
  );
  peer.requests.length = 0;
  calls.length = 0;
});

const adapter = () =>
  createGbpPerformanceLive({
    baseUrl: peer.base,
    timeoutMs: 2_000,
    recordCall: async (name, ok) => {
      calls.push([name, ok]);
    },
  });

async function failureOf(promise: Promise<unknown>): Promise<VendorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  return error as VendorError;
}

describe('Business Profile Performance API adapter (live, against the fake)', () => {
  it('asks for every metric over the range in one call and maps Google’s shape to days', async () => {
    const days = await adapter().dailyMetrics(ACCESS, { from: '2026-03-01', to: '2026-03-03' });
    expect(peer.requests).toHaveLength(1);
    const url = new URL(peer.requests[0]?.slice(4) ?? '', 'http://x');
    expect(url.pathname).toBe('/v1/locations/333:fetchMultiDailyMetricsTimeSeries');
    expect(url.searchParams.getAll('dailyMetrics').sort()).toEqual(
      Object.keys(DAILY_METRICS).sort(),
    );
    expect(url.searchParams.get('dailyRange.startDate.day')).toBe('1');
    expect(url.searchParams.get('dailyRange.endDate.month')).toBe('3');
    const zero = {
      desktopMaps: 0,
      desktopSearch: 0,
      mobileMaps: 0,
      mobileSearch: 0,
      calls: 0,
      directions: 0,
      websiteClicks: 0,
    };
    // Values left out (zeros) and the day outside the range are zero / absent.
    expect(days).toEqual([
      { ...zero, day: '2026-03-01', calls: 4, websiteClicks: 2 },
      { ...zero, day: '2026-03-02', mobileSearch: 120 },
      { ...zero, day: '2026-03-03', calls: 7 },
    ]);
    expect(calls).toEqual([['google-business-profile', true]]);
  });

  it('a refused token is an auth error; 429 is rate_limited with Retry-After', async () => {
    const auth = await failureOf(
      adapter().dailyMetrics(
        { ...ACCESS, accessToken: 'expired' },
        { from: '2026-03-01', to: '2026-03-01' },
      ),
    );
    expect(auth.code).toBe('auth');
    expect(auth.message).not.toContain('expired');
    peer.failNext(429, 7);
    const limited = await failureOf(
      adapter().dailyMetrics(ACCESS, { from: '2026-03-01', to: '2026-03-01' }),
    );
    expect(limited.code).toBe('rate_limited');
    expect(limited.retryAfterMs).toBe(7_000);
    const unknown = await failureOf(
      adapter().dailyMetrics(
        { ...ACCESS, externalAccount: 'accounts/1/locations/404' },
        {
          from: '2026-03-01',
          to: '2026-03-01',
        },
      ),
    );
    expect(unknown.code).toBe('not_found');
  });

  it('the demo is deterministic per location and stops at today', async () => {
    const demo = createGbpPerformanceDemo({ now: () => new Date('2026-03-10T12:00:00Z') });
    const range = { from: '2026-03-01', to: '2026-03-20' };
    const a = await demo.dailyMetrics({ ...ACCESS, accessToken: null }, range);
    const b = await demo.dailyMetrics({ ...ACCESS, accessToken: null }, range);
    expect(a).toEqual(b);
    expect(a.at(-1)?.day).toBe('2026-03-10');
    expect(a.every((d) => d.mobileSearch > 0)).toBe(true);
  });
});
