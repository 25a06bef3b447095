import type { GoogleAdsAd } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { AllAds } from './all-ads';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const range = { from: '2026-10-01', to: '2026-10-31' };

function ad(n: number, status: 'ENABLED' | 'PAUSED'): GoogleAdsAd {
  return {
    id: `68${String(n).padStart(4, '0')}`,
    type: 'RESPONSIVE_SEARCH_AD',
    status,
    campaignName: 'Furnace Repair – Search',
    adGroupName: n % 2 ? 'Furnace repair' : 'Heat pumps',
    headlines: n === 1 ? ['Furnace Repair in Austin', 'Same-Day Service', 'Call Bright Air'] : [],
    descriptions: n === 1 ? ['Licensed techs, upfront prices. Book a visit today.'] : [],
    finalUrl: n === 1 ? 'https://www.brightair-austin.com/services/furnace-repair/fall' : null,
    metrics: {
      impressions: 5_400,
      clicks: 270,
      costCents: 40_500,
      calls: 6,
      forms: 3,
      conversions: 9,
      ctr: 0.05,
      averageCpcCents: 150,
      costPerConversionCents: 4_500,
    },
  };
}

/** 14 ads, 11 enabled and 3 paused, ten a page; three image assets. */
const ALL = Array.from({ length: 14 }, (_, i) => ad(i + 1, i < 11 ? 'ENABLED' : 'PAUSED'));

function serve(overrides: Record<string, (data: FakeRequest['data']) => FakeAnswer> = {}) {
  const answers: Record<string, (data: FakeRequest['data']) => FakeAnswer> = {
    'ads/all': (data) => {
      const rows = ALL.filter((a) => !data.status || a.status === data.status);
      const page = Number(data.page);
      return {
        report: 'ads/all',
        rows: rows.slice((page - 1) * 10, page * 10),
        total: rows.length,
        page,
        pageSize: 10,
      };
    },
    'info/ads': () => ({
      report: 'info/ads',
      total: 14,
      enabled: 11,
      paused: 3,
      adGroups: 6,
      campaigns: 2,
    }),
    'assets/images': () => ({
      report: 'assets/images',
      rows: [
        {
          id: 'img-1',
          name: 'Fall tune-up banner',
          url: 'https://tpc.googlesyndication.com/simgad/998877',
          width: 1200,
          height: 628,
          fileSize: 148_480,
        },
        {
          id: 'img-2',
          name: 'Old upload',
          url: 'http://legacy.example.com/banner.jpg',
          width: null,
          height: null,
          fileSize: null,
        },
      ],
      total: 2,
      page: 1,
      pageSize: 12,
    }),
    ...overrides,
  };
  return fakeApi({
    'POST /api/googleads/': ({ data }) => {
      const answer = answers[String(data.report)];
      return answer ? answer(data) : replyError(400, 'BAD_REQUEST', 'Unknown report');
    },
  });
}

const adsAsked = (api: ReturnType<typeof serve>) =>
  api.calls.filter((c) => c.data.report === 'ads/all').map((c) => [c.data.page, c.data.status]);

describe('AllAds', () => {
  it('shows each ad as a searcher sees it, with its figures, and the account’s ad counts', async () => {
    serve();
    renderWithApp(<AllAds productId={58} range={range} />);
    const first = await screen.findByRole('article', { name: 'Ad 680001' });
    expect(screen.getAllByTestId('gads-ad')).toHaveLength(10);
    expect(
      screen.getByText('14 ads (11 enabled, 3 paused) in 6 ad groups of 2 campaigns.'),
    ).toBeTruthy();
    expect(within(first).getByTestId('gads-ad-status').textContent).toBe('Enabled');
    expect(within(first).getByText(/Furnace Repair – Search · Furnace repair/).textContent).toBe(
      'Furnace Repair – Search · Furnace repair · Responsive search ad',
    );
    expect(
      within(first).getByText('www.brightair-austin.com/services/furnace-repair'),
    ).toBeTruthy();
    expect(within(first).getByTestId('gads-ad-headlines').textContent).toBe(
      'Furnace Repair in Austin | Same-Day Service | Call Bright Air',
    );
    const figures = [...first.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(figures).toEqual([
      ['Impressions', '5,400'],
      ['Clicks', '270'],
      ['CTR', '5.00%'],
      ['Spend', '$405.00'],
      ['Avg. CPC', '$1.50'],
      ['Conversions', '9'],
      ['Cost / conv.', '$45.00'],
    ]);
    const second = screen.getByRole('article', { name: 'Ad 680002' });
    expect(within(second).getByTestId('gads-ad-headlines').textContent).toBe('No headlines');
  });

  it('filters by status from the first page, and pages through the rest', async () => {
    const api = serve();
    renderWithApp(<AllAds productId={58} range={range} />);
    await screen.findByRole('article', { name: 'Ad 680001' });
    const pages = screen.getByRole('navigation', { name: 'Ad pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Ad 680014' })).toBeTruthy();
    expect(screen.getAllByTestId('gads-ad')).toHaveLength(4);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'PAUSED' } });
    await waitFor(() => expect(screen.getAllByTestId('gads-ad')).toHaveLength(3));
    expect(
      screen.getAllByTestId('gads-ad-status').every((badge) => badge.textContent === 'Paused'),
    ).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Ad pages' })).toBeNull();
    expect(adsAsked(api)).toEqual([
      [1, undefined],
      [2, undefined],
      [1, 'PAUSED'],
    ]);
  });

  it('says when no ad has the status chosen', async () => {
    serve({
      'ads/all': (data) => ({
        report: 'ads/all',
        rows: [],
        total: 0,
        page: Number(data.page),
        pageSize: 10,
      }),
    });
    renderWithApp(<AllAds productId={58} range={range} />);
    expect(await screen.findByText('No ads with this status.')).toBeTruthy();
  });

  it('shows the image assets through the proxy, with their size, or says no preview', async () => {
    const api = serve();
    renderWithApp(<AllAds productId={58} range={range} />);
    const banner = (await screen.findByRole('img', {
      name: 'Fall tune-up banner',
    })) as HTMLImageElement;
    expect(banner.getAttribute('src')).toBe(
      '/api/main/image/proxy?url=https%3A%2F%2Ftpc.googlesyndication.com%2Fsimgad%2F998877',
    );
    const [first, second] = screen.getAllByTestId('gads-image');
    expect(first?.textContent).toBe('Fall tune-up banner1200 × 628 px, 145 KB');
    expect(second?.textContent).toBe('Preview not availableOld upload');
    expect(api.calls.find((c) => c.data.report === 'assets/images')?.data).toEqual({
      report: 'assets/images',
      productId: 58,
      page: 1,
      pageSize: 12,
    });
  });

  it('shows why the ads could not be loaded', async () => {
    serve({ 'ads/all': () => replyError(500, 'INTERNAL', 'The ads table is being rebuilt.') });
    renderWithApp(<AllAds productId={58} range={range} />);
    expect(
      await screen.findByText(/The ads could not be loaded: The ads table is being rebuilt\./),
    ).toBeTruthy();
  });
});
