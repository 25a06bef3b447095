import type { PerformanceSeries, PerformanceSource, PerformanceSources } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { performanceCsv } from '../performance-csv';
import { PerformanceReport } from './performance-report';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RANGE = '?range=custom&from=2026-11-01&to=2026-11-03';
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'];

const sources: PerformanceSources = {
  companyId: 4,
  companyName: 'Harbor Smiles Orthodontics',
  sources: [
    { source: 'google', title: 'Google Business Profile', productIds: [21] },
    { source: 'fbads', title: 'Facebook Ads', productIds: [31] },
    { source: 'web', title: 'Website', productIds: [] },
  ],
  missing: [{ source: 'listings', title: 'Listings', reason: 'No listings product was bought.' }],
  products: [
    { id: 21, name: 'Google Business Pro', source: 'google' },
    { id: 31, name: 'Facebook Ads', source: 'fbads' },
    { id: 40, name: 'SEO Pro', source: null },
  ],
  locations: [
    { connectionId: 301, name: 'South Lamar' },
    { connectionId: 302, name: 'Round Rock' },
  ],
};

const METRICS: Record<PerformanceSource, { key: string; label: string; values: number[] }[]> = {
  google: [
    { key: 'views', label: 'Profile views', values: [120, 98, 143] },
    { key: 'calls', label: 'Calls', values: [6, 4, 9] },
  ],
  fbads: [
    { key: 'spendCents', label: 'Spend', values: [61_000, 60_250, 63_000] },
    { key: 'leads', label: 'Leads', values: [22, 20, 25] },
  ],
  web: [{ key: 'sessions', label: 'Sessions', values: [310, 295, 1_204] }],
  listings: [],
  facebook: [],
};

function series(source: PerformanceSource, from: string, to: string): PerformanceSeries {
  const metrics = METRICS[source];
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    source,
    title: sources.sources.find((s) => s.source === source)?.title ?? source,
    range: { from, to },
    previousRange: { from: '2026-10-29', to: '2026-10-31' },
    metrics: metrics.map(({ key, label }) => ({ key, label })),
    days: DAYS.map((day, i) => ({
      day,
      values: Object.fromEntries(metrics.map((m) => [m.key, m.values[i] ?? 0])),
    })),
    totals: Object.fromEntries(metrics.map((m) => [m.key, sum(m.values)])),
    previousTotals: Object.fromEntries(
      metrics.map((m) => [m.key, Math.round(sum(m.values) * 0.8)]),
    ),
    lastSyncedAt: '2026-11-29T08:00:00.000Z',
  };
}

function serve(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/uni/charts/performancereport/sources/:companyId': () => sources,
    'POST /api/uni/charts/performancereport/:source/:companyId': ({ params, data }) =>
      series(params.source as PerformanceSource, String(data.from), String(data.to)),
    ...routes,
  });
}

const show = (query = RANGE) =>
  renderWithApp(<PerformanceReport companyId={4} />, { path: `/${query}` });
const asked = (api: ReturnType<typeof serve>) =>
  api.calls.filter((c) => c.method === 'POST').map((c) => [c.params.source, c.data]);
const pdfHref = () => {
  const href = screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href') ?? '';
  const [path, query] = href.split('?');
  return [path, Object.fromEntries(new URLSearchParams(query))];
};
const totals = (title: string) =>
  within(screen.getByRole('table', { name: `${title}: totals` }))
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('performanceCsv', () => {
  it('writes one row per source, day and metric, money in dollars and named so', () => {
    const csv = performanceCsv([
      series('google', '2026-11-01', '2026-11-03'),
      series('fbads', '2026-11-01', '2026-11-03'),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('source,date,metric,value');
    expect(lines.slice(1, 3)).toEqual([
      'Google Business Profile,11/01/2026,Profile views,120',
      'Google Business Profile,11/01/2026,Calls,6',
    ]);
    expect(lines).toContain('Facebook Ads,11/02/2026,Spend (USD),602.50');
    expect(lines).toContain('Facebook Ads,11/03/2026,Leads,25');
    expect(lines).toHaveLength(1 + 3 * 2 + 3 * 2 + 1);
  });

  it('defuses a title a spreadsheet would run as a formula', () => {
    const risky = { ...series('web', '2026-11-01', '2026-11-03'), title: '=HYPERLINK("x")' };
    expect(performanceCsv([risky]).split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""x"")",11/01/2026,Sessions,310`,
    );
  });
});

describe('PerformanceReport', () => {
  it('asks each source the company has for the range in the address, and shows its totals', async () => {
    const api = serve();
    show();
    expect(await screen.findByRole('table', { name: 'Facebook Ads: totals' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Website: totals' });
    expect(asked(api)).toEqual([
      ['google', { from: '2026-11-01', to: '2026-11-03' }],
      ['fbads', { from: '2026-11-01', to: '2026-11-03' }],
      ['web', { from: '2026-11-01', to: '2026-11-03' }],
    ]);
    expect(totals('Facebook Ads')).toEqual([
      ['Metric', 'This period', 'Previous period'],
      ['Spend', '$1,842.50', '$1,474.00'],
      ['Leads', '67', '54'],
    ]);
    expect(totals('Website')[1]).toEqual(['Sessions', '1,809', '1,447']);
    expect(
      screen.getAllByText(
        '11/01/2026 – 11/03/2026, compared with 10/29/2026 – 10/31/2026. Last synced 11/29/2026 08:00 UTC.',
      ),
    ).toHaveLength(3);
    expect(
      screen.getByText('Listings: not in this report. No listings product was bought.'),
    ).toBeTruthy();
    const data = screen.getByRole('table', { name: 'Google Business Profile: data', hidden: true });
    expect(
      within(data)
        .getAllByRole('row', { hidden: true })
        .map((r) => r.textContent),
    ).toEqual(['DateProfile viewsCalls', '11/01/20261206', '11/02/2026984', '11/03/20261439']);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', false);
    expect(pdfHref()).toEqual([
      '/api/uni/charts/performancereport/pdf/4',
      { from: '2026-11-01', to: '2026-11-03', sources: 'google,fbads,web' },
    ]);
  });

  it('narrows the sources to the chosen products, and keeps the choice in the address', async () => {
    serve();
    const { router } = show();
    const fbads = await screen.findByRole('checkbox', { name: 'Facebook Ads' });
    expect(screen.queryByRole('checkbox', { name: 'SEO Pro' })).toBeNull();
    fireEvent.click(fbads);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Facebook Ads' })).toBeNull());
    expect(new URLSearchParams(router.state.location.search).get('products')).toBe('21');
    expect(screen.getByText('Facebook Ads: not among the chosen products')).toBeTruthy();
    // A source no product feeds shows only while no product is chosen.
    expect(screen.getByText('Website: not among the chosen products')).toBeTruthy();
    expect(pdfHref()[1]).toMatchObject({ sources: 'google' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Facebook Ads' }));
    await screen.findByRole('heading', { name: 'Website' });
    expect(new URLSearchParams(router.state.location.search).has('products')).toBe(false);
  });

  it('reads one Google location from the address and asks Google for it alone', async () => {
    const api = serve();
    const { router } = show(`${RANGE}&location=999`);
    const location = (await screen.findByLabelText('Location (Google)')) as HTMLSelectElement;
    // A location the company does not have means all of them.
    expect(location.value).toBe('');
    fireEvent.change(location, { target: { value: '302' } });
    await waitFor(() =>
      expect(asked(api)).toContainEqual([
        'google',
        { from: '2026-11-01', to: '2026-11-03', connectionId: 302 },
      ]),
    );
    expect(new URLSearchParams(router.state.location.search).get('location')).toBe('302');
    // Only Google is asked per location.
    expect(api.calls.filter((c) => 'connectionId' in c.data).map((c) => c.params.source)).toEqual([
      'google',
    ]);
    expect(pdfHref()[1]).toMatchObject({ connectionId: '302' });
  });

  it('keeps the other sources when one fails, and waits for all before offering the CSV', async () => {
    let fbadsAnswer: () => unknown = () => new Promise(() => {});
    serve({
      'POST /api/uni/charts/performancereport/:source/:companyId': ({ params, data }) =>
        params.source === 'fbads'
          ? fbadsAnswer()
          : series(params.source as PerformanceSource, String(data.from), String(data.to)),
    });
    show();
    await screen.findByRole('table', { name: 'Website: totals' });
    expect(screen.getByText('Loading Facebook Ads…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
    cleanup();

    fbadsAnswer = () => replyError(502, 'SERVICE_UNAVAILABLE', 'Facebook did not answer.');
    show();
    expect(
      await screen.findByText(/Facebook Ads could not be loaded: Facebook did not answer\./),
    ).toBeTruthy();
    expect(
      await screen.findByRole('table', { name: 'Google Business Profile: totals' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
  });

  it('says when no source is left to show', async () => {
    serve();
    show(`${RANGE}&products=40`);
    expect(await screen.findByText(/^No source to show/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
  });

  it('shows why the sources could not be loaded', async () => {
    serve({
      'GET /api/uni/charts/performancereport/sources/:companyId': () =>
        replyError(403, 'FORBIDDEN', 'Not your company.'),
    });
    show();
    expect(
      await screen.findByText(/The report's sources could not be loaded: Not your company\./),
    ).toBeTruthy();
  });
});
