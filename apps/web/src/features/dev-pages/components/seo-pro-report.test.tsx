import { type DayRange, formatInstantDateTime, type SeoProReport } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import SeoProReportView from './seo-pro-report';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SYNCED = '2026-03-19T06:00:00.000Z';

const report = (over: Partial<SeoProReport> = {}): SeoProReport => ({
  product_id: 3310,
  company: { id: 42, name: 'Ruiz Family Plumbing' },
  domain: 'ruizplumbing.com',
  keywords: [
    {
      keyword: 'plumber austin',
      points: [
        { day: '2026-03-17', position: 9 },
        { day: '2026-03-18', position: 7 },
        { day: '2026-03-19', position: 6 },
      ],
      latest: 6,
      change: 3,
      best: 5,
    },
    {
      keyword: 'water heater repair',
      points: [
        { day: '2026-03-17', position: 12 },
        { day: '2026-03-18', position: 14 },
        { day: '2026-03-19', position: null },
      ],
      latest: null,
      change: -2,
      best: null,
    },
    {
      keyword: 'emergency plumber',
      points: [
        { day: '2026-03-17', position: 4 },
        { day: '2026-03-18', position: 4 },
        { day: '2026-03-19', position: 4 },
      ],
      latest: 4,
      change: 0,
      best: 3,
    },
  ],
  pages: [
    { url: 'https://ruizplumbing.com/', keyword: 'plumber austin', position: 6, change: 1 },
    {
      url: 'https://ruizplumbing.com/water-heaters',
      keyword: 'water heater repair',
      position: 18,
      change: null,
    },
  ],
  synced_at: SYNCED,
  provider: 'demo',
  ...over,
});

function renderReport(range: DayRange) {
  return renderWithApp(
    <SeoProReportView
      productId={3310}
      slug="seo-pro"
      range={range}
      previousRange={range}
      timeZone="America/Chicago"
    />,
  );
}

const MARCH: DayRange = { from: '2026-02-18', to: '2026-03-19' };

describe('SeoProReport', () => {
  it('shows each keyword’s position, best and change, and the pages that rank', async () => {
    const api = fakeApi({ 'GET /api/uni/products/seo/:productId/report': () => report() });
    renderReport(MARCH);
    expect((await screen.findByTestId('seo-freshness')).textContent).toBe(
      `Organic rankings of ruizplumbing.com from the SEO rank tracker (demo data). Last synced ${formatInstantDateTime(SYNCED)}.`,
    );
    expect(api.calls[0]?.path).toBe('/api/uni/products/seo/3310/report');
    expect(api.calls[0]?.query.get('days')).toBe('30');

    const rows = within(screen.getByTestId('seo-keywords')).getAllByRole('row').slice(1);
    const read = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(rows.map((row) => read(row as HTMLElement))).toEqual([
      ['plumber austin', '6', '5', '▲ 3 up'],
      ['water heater repair', 'not in top 100', '–', '▼ 2 down'],
      ['emergency plumber', '4', '3', 'no change'],
    ]);
    const pages = within(screen.getByTestId('seo-pages')).getAllByRole('row').slice(1);
    expect(pages.map((row) => read(row as HTMLElement))).toEqual([
      ['https://ruizplumbing.com/', 'plumber austin', '6', '▲ 1 up'],
      ['https://ruizplumbing.com/water-heaters', 'water heater repair', '18', 'new'],
    ]);
  });

  it('asks for the range’s days, at least 7 and at most 365', async () => {
    const api = fakeApi({ 'GET /api/uni/products/seo/:productId/report': () => report() });
    renderReport({ from: '2026-03-17', to: '2026-03-19' });
    await screen.findByTestId('seo-pro-report');
    cleanup();
    renderReport({ from: '2024-03-20', to: '2026-03-19' });
    await screen.findByTestId('seo-pro-report');
    expect(api.calls.map((c) => c.query.get('days'))).toEqual(['7', '365']);
  });

  it('syncs on request and reads the report again, or says why the sync failed', async () => {
    const answers = [
      { positions: 3, pages: 2, synced_at: '2026-03-20T15:00:00.000Z' },
      replyError(502, 'SERVICE_UNAVAILABLE', 'The SEO provider did not answer.'),
    ];
    const api = fakeApi({
      'GET /api/uni/products/seo/:productId/report': () => report(),
      'POST /api/uni/products/seo/:productId/sync': () => answers.shift(),
    });
    renderReport(MARCH);
    fireEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        'GET /api/uni/products/seo/3310/report',
        'POST /api/uni/products/seo/3310/sync',
        'GET /api/uni/products/seo/3310/report',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(
      await screen.findByText('The sync failed: The SEO provider did not answer.'),
    ).toBeTruthy();
  });

  it('says when nothing was synced yet', async () => {
    fakeApi({
      'GET /api/uni/products/seo/:productId/report': () =>
        report({ domain: null, keywords: [], pages: [], synced_at: null, provider: 'semrush' }),
    });
    renderReport(MARCH);
    expect((await screen.findByTestId('seo-freshness')).textContent).toBe(
      'Organic rankings of the site from the SEO rank tracker. Not synced yet.',
    );
    expect(screen.getByText('No keyword positions synced for this product yet.')).toBeTruthy();
    expect(screen.getByText('No page of the site ranks for these keywords yet.')).toBeTruthy();
  });

  it('says why the report could not be loaded', async () => {
    fakeApi({
      'GET /api/uni/products/seo/:productId/report': () =>
        replyError(404, 'NOT_FOUND', 'This product has no SEO Pro report.'),
    });
    renderReport(MARCH);
    expect(
      await screen.findByText(
        /The SEO positions could not be loaded: This product has no SEO Pro report\./,
      ),
    ).toBeTruthy();
  });
});
