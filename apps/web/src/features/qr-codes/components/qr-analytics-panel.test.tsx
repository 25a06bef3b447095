import {
  addCalendarDays,
  type BstacQrCode,
  type QrAnalytics,
  type QrCode,
  todayIn,
} from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { QrAnalyticsPanel } from './qr-analytics-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ZONE = 'America/Chicago';
const ANALYTICS = 'POST /api/uni/products/qrcodes/:productId/analytics';

const codes: QrCode[] = [
  {
    id: 51,
    name: 'Storefront window',
    targetUrl: 'https://lonestarbbq.example/menu',
    code: 'Xk3_p9QaZr',
    redirectUrl: 'https://pinpoint.test/q/Xk3_p9QaZr',
    status: 'active',
    createdAt: '2026-08-01T16:00:00.000Z',
    updatedAt: '2026-08-01T16:00:00.000Z',
    scans: 140,
    lastScanAt: '2026-11-28T23:10:00.000Z',
  },
];
const vendorCodes: BstacQrCode[] = [
  {
    id: 7,
    externalId: 'bq-1044',
    name: 'Table tent',
    shortUrl: 'https://qr.page/g/3Fz9',
    targetUrl: 'https://lonestarbbq.example/order',
    state: 'A',
    updatedAt: '2026-11-01T12:00:00.000Z',
    syncedAt: '2026-11-28T12:00:00.000Z',
  },
];

const analytics: QrAnalytics = {
  from: '2026-11-27',
  to: '2026-11-29',
  days: [
    { day: '2026-11-27', scans: 30, visitors: 22 },
    { day: '2026-11-28', scans: 45, visitors: 31 },
    { day: '2026-11-29', scans: 25, visitors: 19 },
  ],
  totals: { scans: 100, visitors: 72 },
  os: [
    { label: 'iOS', scans: 58 },
    { label: 'Android', scans: 42 },
  ],
  browsers: [{ label: 'Safari', scans: 30 }],
  devices: [],
  cities: [{ label: 'Austin', scans: 3 }],
  locations: [],
  vendorSyncedAt: '2026-11-28T12:00:00.000Z',
};

/** Picks an option of a labelled select by its text, whatever value the option carries. */
function choose(label: string, optionText: string) {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  const option = within(select).getByRole('option', { name: optionText }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

describe('QR scans', () => {
  it('asks for the chosen period in the viewer’s zone, and for one source or one code', async () => {
    const api = fakeApi({ [ANALYTICS]: () => analytics });
    renderWithApp(
      <QrAnalyticsPanel productId={640} codes={codes} vendorCodes={vendorCodes} timeZone={ZONE} />,
    );
    expect(await screen.findByText('Unique visitors (per day)')).toBeTruthy();
    const today = todayIn(ZONE);
    expect(api.calls[0]?.path).toBe('/api/uni/products/qrcodes/640/analytics');
    expect(api.calls[0]?.data).toEqual({
      from: addCalendarDays(today, -89),
      to: today,
      tz: ZONE,
      source: 'all',
    });

    choose('Period', 'Last 12 months');
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]?.data.from).toBe(addCalendarDays(today, -364));

    choose('Codes', 'Storefront window');
    await waitFor(() => expect(api.calls).toHaveLength(3));
    expect(api.calls[2]?.data).toMatchObject({ source: 'ours', codeId: 51 });

    choose('Codes', 'Codes in Uniqode');
    await waitFor(() => expect(api.calls).toHaveLength(4));
    expect(api.calls[3]?.data.source).toBe('vendor');
    expect(api.calls[3]?.data).not.toHaveProperty('codeId');

    choose('Codes', 'Table tent (Uniqode)');
    await waitFor(() => expect(api.calls).toHaveLength(5));
    expect(api.calls[4]?.data).toMatchObject({ source: 'vendor', codeId: 7 });
  });

  it('offers no Uniqode choices when the company has no vendor codes', async () => {
    fakeApi({ [ANALYTICS]: () => analytics });
    renderWithApp(
      <QrAnalyticsPanel productId={640} codes={codes} vendorCodes={[]} timeZone={ZONE} />,
    );
    const select = (await screen.findByLabelText('Codes')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'All codes',
      'Codes made here',
      'Storefront window',
    ]);
  });

  it('shows the totals, each breakdown’s share and the days as a table', async () => {
    fakeApi({ [ANALYTICS]: () => analytics });
    renderWithApp(
      <QrAnalyticsPanel productId={640} codes={codes} vendorCodes={vendorCodes} timeZone={ZONE} />,
    );
    const totals = await screen.findByTestId('qr-totals');
    expect(within(totals).getByText('100')).toBeTruthy();
    expect(within(totals).getByText('72')).toBeTruthy();

    expect(screen.getByText('iOS').closest('tr')?.textContent).toBe('iOS58 (58%)');
    expect(screen.getByText('Android').closest('tr')?.textContent).toBe('Android42 (42%)');
    // One row is the whole of its breakdown.
    expect(screen.getByText('Safari').closest('tr')?.textContent).toBe('Safari30 (100%)');
    expect(screen.getByText('Not reported for Uniqode codes.')).toBeTruthy();
    expect(screen.getByText("Places come from Uniqode's location reports only.")).toBeTruthy();
    expect(screen.getByText(/^Uniqode figures last synced \d\d\/\d\d\/2026/)).toBeTruthy();

    // The chart's text alternative (jsdom draws no canvas), shown or not.
    const table = screen.getByRole('table', { name: 'Scans by day: data', hidden: true });
    expect(
      within(table)
        .getAllByRole('row', { hidden: true })
        .map((row) => row.textContent),
    ).toEqual(['DayScansUnique visitors', '11/27/20263022', '11/28/20264531', '11/29/20262519']);
  });

  it('says so when the period has no scans, and draws nothing', async () => {
    fakeApi({
      [ANALYTICS]: () => ({
        ...analytics,
        days: analytics.days.map((d) => ({ ...d, scans: 0, visitors: 0 })),
        totals: { scans: 0, visitors: 0 },
        os: [],
        browsers: [],
        cities: [],
        vendorSyncedAt: null,
      }),
    });
    renderWithApp(
      <QrAnalyticsPanel productId={640} codes={codes} vendorCodes={[]} timeZone={ZONE} />,
    );
    expect(await screen.findByText('No scans in this period yet.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Scans by day: data', hidden: true })).toBeNull();
    expect(screen.queryByText('Operating system')).toBeNull();
    expect(screen.queryByText(/Uniqode figures last synced/)).toBeNull();
  });
});
