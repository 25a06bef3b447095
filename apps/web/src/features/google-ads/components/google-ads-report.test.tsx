import type { GoogleAdsMetrics, GoogleAdsResponse } from '@pinpoint/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import GoogleAdsReport from './google-ads-report';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const range = { from: '2026-10-01', to: '2026-10-31' };

/** Sums as the server gives them, with the ratios derived from them. */
function metrics(
  impressions: number,
  clicks: number,
  costCents: number,
  calls: number,
  forms: number,
): GoogleAdsMetrics {
  const conversions = calls + forms;
  return {
    impressions,
    clicks,
    costCents,
    calls,
    forms,
    conversions,
    ctr: impressions ? clicks / impressions : null,
    averageCpcCents: clicks ? Math.round(costCents / clicks) : null,
    costPerConversionCents: conversions ? Math.round(costCents / conversions) : null,
  };
}

const current = metrics(48_200, 2_410, 361_500, 58, 31);
const furnace = metrics(30_100, 1_610, 241_500, 41, 22);
const brand = metrics(18_100, 800, 120_000, 17, 9);

/** Bright Air Heating & Cooling's synced Google Ads account, report by report. */
const REPORTS: Record<string, (data: FakeRequest['data']) => GoogleAdsResponse> = {
  'account/snapshot': () => ({
    report: 'account/snapshot',
    account: {
      customerId: '482-930-1756',
      name: 'Bright Air Heating & Cooling',
      currencyCode: 'USD',
      timeZone: 'America/Chicago',
    },
    current,
    previous: metrics(40_000, 2_000, 320_000, 40, 20),
    previousRange: { from: '2026-08-31', to: '2026-09-30' },
    freshness: { status: 'connected', lastSyncedAt: '2026-11-01T11:00:00.000Z' },
  }),
  'performance/report': () => ({ report: 'performance/report', days: [] }),
  'campaigns/metrics': () => ({
    report: 'campaigns/metrics',
    campaigns: [
      {
        id: '1001',
        name: 'Furnace Repair – Search',
        channelType: 'SEARCH',
        status: 'ENABLED',
        budgetCents: 8_000,
        metrics: furnace,
      },
      {
        id: '1002',
        name: 'Brand – Performance Max',
        channelType: 'PERFORMANCE_MAX',
        status: 'PAUSED',
        budgetCents: 4_000,
        metrics: brand,
      },
    ],
    totals: current,
  }),
  'campaigns/schedules': () => ({
    report: 'campaigns/schedules',
    campaigns: [
      {
        id: '1001',
        name: 'Furnace Repair – Search',
        status: 'ENABLED',
        schedule: [{ day: 'MONDAY', startHour: 7, startMinute: 0, endHour: 19, endMinute: 0 }],
      },
      { id: '1002', name: 'Brand – Performance Max', status: 'PAUSED', schedule: [] },
    ],
  }),
  // The lists have their own tests (google-ads-lists.test.tsx): here they are empty.
  'reports/keywords': (data) => ({
    report: 'reports/keywords',
    rows: [],
    total: 0,
    page: Number(data.page),
    pageSize: 10,
  }),
  'reports/locations': (data) => ({
    report: 'reports/locations',
    rows: [],
    total: 0,
    page: Number(data.page),
    pageSize: 10,
  }),
  leads: (data) => ({
    report: 'leads',
    calls: 0,
    forms: 0,
    rows: [],
    total: 0,
    page: Number(data.page),
    pageSize: 10,
  }),
};

/** The one Google Ads route: answers each report by its name, unless a test says otherwise. */
function serve(overrides: Record<string, (data: FakeRequest['data']) => FakeAnswer> = {}) {
  return fakeApi({
    'POST /api/googleads/': ({ data }) => {
      const name = String(data.report);
      const answer = overrides[name] ?? REPORTS[name];
      return answer ? answer(data) : replyError(400, 'BAD_REQUEST', `Unknown report ${name}`);
    },
  });
}

const show = () =>
  renderWithApp(
    <GoogleAdsReport
      productId={58}
      slug="google-ads"
      range={range}
      previousRange={{ from: '2026-08-31', to: '2026-09-30' }}
      timeZone="America/Chicago"
    />,
  );

const cellsOf = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

describe('GoogleAdsReport', () => {
  it('asks each report for the product and range, and shows the figures with their trend', async () => {
    const api = serve();
    show();
    await screen.findByTestId('gads-report');
    expect(screen.getByTestId('gads-freshness').textContent).toMatch(
      /^From Google Ads account Bright Air Heating & Cooling \(482-930-1756\), days in America\/Chicago\. Last synced \d\d\/\d\d\/2026/,
    );
    const card = (name: string) => screen.getByRole('article', { name });
    expect(within(card('Spend')).getByTestId('figure-value').textContent).toBe('$3,615.00');
    expect(card('Spend').textContent).toContain('Up 13% vs previous period');
    expect(card('Spend').querySelector('.text-body-secondary')).toBeTruthy();
    expect(card('Clicks').textContent).toContain('Up 21% vs previous period');
    expect(card('Clicks').querySelector('.text-success')).toBeTruthy();
    expect(card('Average CPC').textContent).toContain('Down 6% vs previous period');
    expect(card('Average CPC').querySelector('.text-success')).toBeTruthy();
    expect(card('Conversions').textContent).toContain('Previous period: 60');
    expect(screen.getByText(/58 calls and 31 forms make the conversions/)).toBeTruthy();
    expect(await screen.findByText('No ad activity in this range.')).toBeTruthy();
    expect(await screen.findByText('No keywords in this account.')).toBeTruthy();
    expect(await screen.findByText('No location figures in this range.')).toBeTruthy();
    expect(await screen.findByText('No leads of this type in this range.')).toBeTruthy();

    const asked = api.calls.map((c) => c.data);
    expect(asked).toContainEqual({ report: 'account/snapshot', productId: 58, ...range });
    expect(asked).toContainEqual({ report: 'campaigns/schedules', productId: 58 });
    expect(asked).toContainEqual({
      report: 'reports/keywords',
      productId: 58,
      ...range,
      page: 1,
      pageSize: 10,
    });
  });

  it('lists the campaigns with their channel, schedule and figures, then the account’s totals', async () => {
    serve();
    show();
    const rows = await screen.findAllByTestId('gads-campaign');
    await screen.findByText(/Schedule: Mon 07:00–19:00/);
    expect(rows.map(cellsOf)).toEqual([
      [
        'Furnace Repair – SearchSearch · Schedule: Mon 07:00–19:00',
        'Enabled',
        '$80.00',
        '30,100',
        '1,610',
        '5.35%',
        '$2,415.00',
        '$1.50',
        '63',
        '$38.33',
      ],
      [
        'Brand – Performance MaxPerformance max · Schedule: All day, every day',
        'Paused',
        '$40.00',
        '18,100',
        '800',
        '4.42%',
        '$1,200.00',
        '$1.50',
        '26',
        '$46.15',
      ],
    ]);
    expect(cellsOf(screen.getByTestId('gads-campaign-totals'))).toEqual([
      'Total',
      '48,200',
      '2,410',
      '5.00%',
      '$3,615.00',
      '$1.50',
      '89',
      '$40.62',
    ]);
  });

  it('says a schedule is not available when the schedules fail, and keeps the figures', async () => {
    serve({ 'campaigns/schedules': () => replyError(502, 'SERVICE_UNAVAILABLE', 'Google.') });
    show();
    expect(await screen.findAllByText(/Schedule: not available/)).toHaveLength(2);
    expect(screen.getAllByTestId('gads-campaign')).toHaveLength(2);
  });

  it('says when no account is connected, and when the connected one needs attention', async () => {
    const snapshot = REPORTS['account/snapshot']?.({}) as Extract<
      GoogleAdsResponse,
      { report: 'account/snapshot' }
    >;
    serve({
      'account/snapshot': () => ({ ...snapshot, freshness: { status: null, lastSyncedAt: null } }),
    });
    show();
    expect(
      await screen.findByText(/No Google Ads account is connected to this product yet/),
    ).toBeTruthy();
    expect(screen.queryByTestId('gads-report')).toBeNull();
    cleanup();

    serve({
      'account/snapshot': () => ({
        ...snapshot,
        freshness: { status: 'needs_attention', lastSyncedAt: '2026-10-20T09:00:00.000Z' },
      }),
    });
    show();
    expect(
      await screen.findByText(/The Google Ads account needs attention: Google refused our access/),
    ).toBeTruthy();
    expect(screen.queryByTestId('gads-freshness')).toBeNull();
  });

  it('shows why the report failed', async () => {
    serve({
      'account/snapshot': () => replyError(403, 'FORBIDDEN', 'This product is not yours.'),
    });
    show();
    expect(
      await screen.findByText(
        /The Google Ads report could not be loaded: This product is not yours\./,
      ),
    ).toBeTruthy();
  });
});
