import type { FbadsReport } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { figureList } from '../fbads-format';
import FacebookAdsReport from './facebook-ads-report';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const range = { from: '2026-10-01', to: '2026-10-03' };
const previousRange = { from: '2026-09-28', to: '2026-09-30' };

const tuneUp = {
  campaignId: '120210000000001',
  name: 'Fall Furnace Tune-Up – Lead Form',
  objective: 'OUTCOME_LEADS',
  status: 'ACTIVE',
  dailyBudgetCents: 5_000,
  spendCents: 142_250,
  impressions: 61_400,
  reachDailySum: 24_870,
  clicks: 1_628,
  leads: 67,
};
const awareness = {
  campaignId: '120210000000002',
  name: 'Brand Awareness – North Austin',
  objective: 'OUTCOME_AWARENESS',
  status: 'PAUSED',
  dailyBudgetCents: 1_500,
  spendCents: 42_000,
  impressions: 35_000,
  reachDailySum: 17_000,
  clicks: 300,
  leads: 0,
};

/** Bright Air Heating & Cooling's three days: the campaigns add up to the totals. */
const report: FbadsReport = {
  range,
  previousRange,
  totals: {
    spendCents: 184_250,
    impressions: 96_400,
    reachDailySum: 41_870,
    clicks: 1_928,
    leads: 67,
  },
  previousTotals: {
    spendCents: 150_000,
    impressions: 80_000,
    reachDailySum: 35_000,
    clicks: 1_600,
    leads: 0,
  },
  days: [
    {
      day: '2026-10-01',
      spendCents: 61_000,
      impressions: 32_000,
      reachDailySum: 14_000,
      clicks: 640,
      leads: 22,
    },
    {
      day: '2026-10-02',
      spendCents: 60_250,
      impressions: 31_900,
      reachDailySum: 13_870,
      clicks: 630,
      leads: 20,
    },
    {
      day: '2026-10-03',
      spendCents: 63_000,
      impressions: 32_500,
      reachDailySum: 14_000,
      clicks: 658,
      leads: 25,
    },
  ],
  campaigns: [tuneUp, awareness],
  connection: { status: 'connected', lastSyncedAt: '2026-10-04T06:15:00.000Z' },
};

const show = () =>
  renderWithApp(
    <FacebookAdsReport
      productId={31}
      slug="facebook-ads"
      range={range}
      previousRange={previousRange}
      timeZone="America/Chicago"
    />,
  );

const figureValues = () =>
  Object.fromEntries(
    screen
      .getAllByTestId('report-figure')
      .map((card) => [
        card.getAttribute('data-figure'),
        within(card).getByTestId('figure-value').textContent,
      ]),
  );

describe('figureList', () => {
  it('derives CTR, CPC and cost per lead, and gives a dash where the divisor is zero', () => {
    const values = Object.fromEntries(figureList(report.totals).map((f) => [f.key, f.value]));
    expect(values).toEqual({
      spend: '$1,842.50',
      reach: '41,870',
      impressions: '96,400',
      clicks: '1,928',
      ctr: '2.00%',
      cpc: '$0.96',
      leads: '67',
      cpl: '$27.50',
    });
    const none = figureList({ ...report.totals, impressions: 0, clicks: 0, leads: 0 });
    expect(none.filter((f) => f.value === '—').map((f) => f.key)).toEqual(['ctr', 'cpc', 'cpl']);
  });
});

describe('FacebookAdsReport', () => {
  it('asks for the range and shows each figure against the previous period', async () => {
    const api = fakeApi({ 'POST /api/uni/products/fbads/:productId/report': () => report });
    show();
    await screen.findByTestId('fbads-report');
    expect(api.calls.map((c) => [c.path, c.data])).toEqual([
      ['/api/uni/products/fbads/31/report', range],
    ]);
    expect(figureValues()).toMatchObject({ spend: '$1,842.50', ctr: '2.00%', cpl: '$27.50' });
    const spend = screen.getAllByTestId('report-figure')[0];
    expect(spend?.textContent).toContain('Previous period: $1,500.00');
    const cpl = screen.getAllByTestId('report-figure').at(-1);
    expect(cpl?.textContent).toContain('Previous period: —');
    expect(screen.getByTestId('fbads-freshness').textContent).toMatch(
      /^Last synced from Facebook \d\d\/\d\d\/2026 \d{1,2}:\d\d [AP]M\.$/,
    );
    expect(screen.getByTestId('fbads-how-counted').textContent).toContain(
      '10/01/2026 – 10/03/2026 (previous period 09/28/2026 – 09/30/2026)',
    );
  });

  it('lists the campaigns with their goal, status and own ratios, and the totals row', async () => {
    fakeApi({ 'POST /api/uni/products/fbads/:productId/report': () => report });
    show();
    const rows = await screen.findAllByTestId('fbads-campaign');
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(rows.map(cells)).toEqual([
      [
        'Fall Furnace Tune-Up – Lead Form',
        'Leads',
        'Active',
        '$1,422.50',
        '24,870',
        '61,400',
        '1,628',
        '2.65%',
        '$0.87',
        '67',
        '$21.23',
      ],
      [
        'Brand Awareness – North Austin',
        'Awareness',
        'Paused',
        '$420.00',
        '17,000',
        '35,000',
        '300',
        '0.86%',
        '$1.40',
        '0',
        '—',
      ],
    ]);
    expect(cells(screen.getByTestId('fbads-campaigns-total'))).toEqual([
      'Total',
      '$1,842.50',
      '41,870',
      '96,400',
      '1,928',
      '2.00%',
      '$0.96',
      '67',
      '$27.50',
    ]);
  });

  it('gives the daily figures as a table beside the chart', async () => {
    fakeApi({ 'POST /api/uni/products/fbads/:productId/report': () => report });
    show();
    const table = await screen.findByRole('table', { name: 'Spend and leads by day: data' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((c) => c.textContent))).toEqual([
      ['Day', 'Spend', 'Impressions', 'Reach', 'Clicks', 'Leads'],
      ['10/01/2026', '$610.00', '32,000', '14,000', '640', '22'],
      ['10/02/2026', '$602.50', '31,900', '13,870', '630', '20'],
      ['10/03/2026', '$630.00', '32,500', '14,000', '658', '25'],
    ]);
  });

  it('says when no ad account is connected, or when the connected one needs attention', async () => {
    fakeApi({
      'POST /api/uni/products/fbads/:productId/report': () => ({
        ...report,
        campaigns: [],
        connection: null,
      }),
    });
    show();
    expect(
      await screen.findByText(/No Facebook ad account is connected to this product yet/),
    ).toBeTruthy();
    expect(screen.queryByTestId('fbads-freshness')).toBeNull();
    expect(screen.getByText('No campaign delivered in this period.')).toBeTruthy();
    cleanup();

    fakeApi({
      'POST /api/uni/products/fbads/:productId/report': () => ({
        ...report,
        connection: { status: 'needs_attention', lastSyncedAt: null },
      }),
    });
    show();
    expect((await screen.findByTestId('fbads-freshness')).textContent).toBe(
      'Not synced from Facebook yet. The ad account needs attention: your agency has been told and will reconnect it.',
    );
  });

  it('shows the server’s reason when the report fails, and tries again on request', async () => {
    let failures = 1;
    const api = fakeApi({
      'POST /api/uni/products/fbads/:productId/report': () =>
        failures-- > 0
          ? replyError(503, 'SERVICE_UNAVAILABLE', 'Facebook is not answering.')
          : report,
    });
    show();
    expect(
      await screen.findByText(
        /The Facebook Ads report could not be loaded: Facebook is not answering\./,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('fbads-report')).toBeTruthy();
    expect(api.calls).toHaveLength(2);
  });
});
