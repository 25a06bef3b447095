import type { GoogleAdsMetrics, GoogleAdsResponse } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { KeywordsTable } from './keywords-table';
import { LeadsList } from './leads-list';
import { LocationsTable } from './locations-table';

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

/** 23 keywords of an Austin HVAC company, most clicked first. */
const KEYWORDS = ['furnace repair', 'ac repair', 'heat pump installation', 'hvac maintenance']
  .flatMap((service) =>
    ['austin', 'round rock', 'pflugerville', 'cedar park', 'georgetown', 'near me'].map(
      (place) => `${service} ${place}`,
    ),
  )
  .slice(0, 23);

const keyword = (n: number) => ({
  id: `kw-${n}`,
  text: KEYWORDS[n - 1] ?? '',
  matchType: n === 1 ? 'PHRASE' : 'BROAD',
  qualityScore: n === 1 ? 7 : null,
  status: n === 1 ? 'ENABLED' : 'PAUSED',
  campaignName: 'Furnace Repair – Search',
  metrics: metrics(900 - n, 40, 6_000, 1, 0),
});

/** Bright Air Heating & Cooling's keywords (23), locations and leads of October. */
const REPORTS: Record<string, (data: FakeRequest['data']) => GoogleAdsResponse> = {
  'reports/keywords': (data) => {
    const page = Number(data.page);
    const first = (page - 1) * 10 + 1;
    const count = Math.min(10, 23 - first + 1);
    return {
      report: 'reports/keywords',
      rows: Array.from({ length: count }, (_, i) => keyword(first + i)),
      total: 23,
      page,
      pageSize: 10,
    };
  },
  'reports/locations': () => ({
    report: 'reports/locations',
    rows: [
      {
        geoTargetId: '1026201',
        name: 'Round Rock',
        canonicalName: 'Round Rock,Texas,United States',
        metrics: metrics(12_000, 610, 91_500, 14, 8),
      },
    ],
    total: 1,
    page: 1,
    pageSize: 10,
  }),
  leads: (data) => {
    const rows = [
      {
        id: 7_001,
        kind: 'call' as const,
        occurredAt: '2026-10-30T15:20:00.000Z',
        campaignName: 'Furnace Repair – Search',
        callerAreaCode: '512',
        durationSeconds: 192,
        formFields: null,
      },
      {
        id: 7_002,
        kind: 'form' as const,
        occurredAt: '2026-10-29T18:05:00.000Z',
        campaignName: null,
        callerAreaCode: null,
        durationSeconds: null,
        formFields: [
          { name: 'Name', value: 'Dana Whitfield' },
          { name: 'Phone', value: '(512) 555-0147' },
        ],
      },
    ].filter((row) => !data.kind || row.kind === data.kind);
    return {
      report: 'leads',
      calls: 58,
      forms: 31,
      rows,
      total: rows.length,
      page: 1,
      pageSize: 10,
    };
  },
};

function serve() {
  return fakeApi({
    'POST /api/googleads/': ({ data }): FakeAnswer => {
      const answer = REPORTS[String(data.report)];
      return answer ? answer(data) : replyError(400, 'BAD_REQUEST', 'Unknown report');
    },
  });
}

const cellsOf = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

describe('the Google Ads report’s lists', () => {
  it('pages through the keywords ten at a time', async () => {
    const api = serve();
    renderWithApp(<KeywordsTable productId={58} range={range} />);
    const table = await screen.findByRole('table', { name: 'Top keywords' });
    const first = within(table).getAllByTestId('gads-keyword');
    expect(first).toHaveLength(10);
    expect(cellsOf(first[0] as HTMLElement).slice(0, 3)).toEqual([
      'furnace repair austinFurnace Repair – Search',
      'Phrase',
      '7/10',
    ]);
    expect(cellsOf(first[1] as HTMLElement).slice(0, 3)).toEqual([
      'furnace repair round rockFurnace Repair – Search · Paused',
      'Broad',
      '—',
    ]);
    const pages = screen.getByRole('navigation', { name: 'Keyword pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    fireEvent.click(await within(pages).findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages.textContent).toContain('Page 3 of 3'));
    expect(await screen.findByText('hvac maintenance georgetown')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    const keywordPages = api.calls
      .filter((c) => c.data.report === 'reports/keywords')
      .map((c) => c.data.page);
    expect(keywordPages).toEqual([1, 2, 3]);
  });

  it('lists where the ads were shown, by city', async () => {
    const api = serve();
    renderWithApp(<LocationsTable productId={58} range={range} />);
    const [row] = await screen.findAllByTestId('gads-location');
    expect(cellsOf(row as HTMLElement)).toEqual([
      'Round RockRound Rock,Texas,United States',
      '12,000',
      '610',
      '5.08%',
      '$915.00',
      '22',
    ]);
    expect(api.calls[0]?.data).toEqual({
      report: 'reports/locations',
      productId: 58,
      ...range,
      page: 1,
      pageSize: 10,
    });
    expect(screen.queryByRole('navigation', { name: 'Location pages' })).toBeNull();
  });

  it('lists the leads, and narrows them to calls or forms', async () => {
    const api = serve();
    renderWithApp(<LeadsList productId={58} range={range} timeZone="America/Chicago" />);
    const table = await screen.findByRole('table', { name: 'Leads' });
    expect(screen.getByText('58 calls and 31 forms in this range.')).toBeTruthy();
    const [call, form] = within(table).getAllByTestId('gads-lead');
    expect(cellsOf(call as HTMLElement).slice(1)).toEqual([
      'Call',
      'Furnace Repair – Search',
      'Area code 512, length 3:12',
    ]);
    expect(cellsOf(form as HTMLElement).slice(1)).toEqual([
      'Form',
      '—',
      'Name: Dana WhitfieldPhone: (512) 555-0147',
    ]);

    fireEvent.change(screen.getByLabelText('Lead type'), { target: { value: 'form' } });
    await waitFor(() => expect(screen.getAllByTestId('gads-lead')).toHaveLength(1));
    expect(api.calls.at(-1)?.data).toMatchObject({ report: 'leads', kind: 'form', page: 1 });
    fireEvent.change(screen.getByLabelText('Lead type'), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('gads-lead')).toHaveLength(2));
    expect(api.calls.at(-1)?.data).not.toHaveProperty('kind');
  });
});
