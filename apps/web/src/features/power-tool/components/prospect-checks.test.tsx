import type { SalesCompetitor, SalesContainer, SalesGrid, SalesRun } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { CompetitorsTable } from './competitors-table';
import { ProspectChecks } from './prospect-checks';
import { RunHistory } from './run-history';
import { SharePanel } from './share-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const container: SalesContainer = {
  id: 204,
  companyId: 9120,
  name: 'Bluebonnet Family Dentistry',
  stage: 'prospecting',
  ownerId: 12,
  ownerName: 'Dana Staff',
  placeId: 'ChIJbluebonnet-dentistry',
  address: '4410 Burnet Rd, Austin, TX 78756',
  phone: '(512) 555-0142',
  website: null,
  category: 'Dentist',
  lat: 30.3198,
  lng: -97.7389,
  keywords: ['dentist near me'],
  grid: { size: 5, radius: 2, unit: 'mi' },
  notes: '',
  rating: 4.6,
  reviewCount: 1,
  listings: null,
  pageSpeed: null,
  createdAt: '2026-11-02T15:00:00.000Z',
  updatedAt: '2026-11-27T17:00:00.000Z',
  convertedAt: null,
};

const measured: SalesContainer = {
  ...container,
  website: 'https://bluebonnetdentistry.example/',
  reviewCount: 1_212,
  listings: {
    score: 67,
    scannedAt: '2026-11-28T15:00:00.000Z',
    directories: [
      { directory: 'google', name: 'Google', status: 'found', issues: [] },
      { directory: 'yelp', name: 'Yelp', status: 'mismatch', issues: ['phone', 'website'] },
      { directory: 'bing', name: 'Bing Places', status: 'missing', issues: [] },
    ],
  },
  pageSpeed: {
    url: 'https://bluebonnetdentistry.example/',
    measuredAt: '2026-11-28T15:05:00.000Z',
    strategy: 'mobile',
    performance: 41,
    accessibility: 88,
    bestPractices: 92,
    seo: 100,
  },
};

const cells = (row: Element) => [...row.children].map((cell) => cell.textContent);

describe('the prospect’s other checks', () => {
  it('offer the first listings scan and page speed measure, and say why a measure is refused', async () => {
    const api = fakeApi({
      'POST /api/sales/containers/:id/listings': () => measured,
      'POST /api/sales/containers/:id/page-speed': () =>
        replyError(422, 'BAD_REQUEST', 'This business has no website to measure.'),
    });
    renderWithApp(<ProspectChecks container={container} />);
    expect((await screen.findByTestId('sales-reviews')).textContent).toBe(
      '4.6 ★ from 1 review on Google',
    );
    expect(screen.getByText(/^Not scanned yet/)).toBeTruthy();
    expect(screen.getByText('The places search found no website for this business.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Scan listings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Measure page speed' }));
    expect((await screen.findByTestId('page-speed-error')).textContent).toBe(
      'This business has no website to measure.',
    );
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls.map((c) => c.path).sort()).toEqual([
      '/api/sales/containers/204/listings',
      '/api/sales/containers/204/page-speed',
    ]);
  });

  it('show the listings by directory and the page speed scores, weak ones marked', async () => {
    fakeApi({});
    renderWithApp(<ProspectChecks container={measured} />);
    expect((await screen.findByTestId('sales-listings-score')).textContent).toBe(
      `Listings score 67 / 100 · scanned ${formatDateTime('2026-11-28T15:00:00.000Z')}`,
    );
    expect(screen.getByTestId('sales-reviews').textContent).toBe(
      '4.6 ★ from 1,212 reviews on Google',
    );
    const directories = screen.getByRole('table', { name: 'Directories' });
    expect(within(directories).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Google', 'Listed'],
      ['Yelp', 'Wrong details phone, website'],
      ['Bing Places', 'Missing'],
    ]);
    const speed = screen.getByTestId('sales-page-speed');
    expect(within(speed).getByText('41').className).toContain('text-danger');
    expect(within(speed).getByText('88').className).not.toContain('text-danger');
    expect(screen.getByRole('button', { name: 'Scan listings again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Measure page speed again' })).toBeTruthy();
  });

  it('are measured from the client’s own pages once the prospect is won', async () => {
    fakeApi({});
    renderWithApp(
      <ProspectChecks container={{ ...measured, stage: 'won', rating: null, reviewCount: null }} />,
    );
    expect(
      await screen.findByText('The places search gave no rating for this business.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Scan listings/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Measure page speed/ })).toBeNull();
  });
});

const competitors: SalesCompetitor[] = [
  {
    name: 'Burnet Road Dental',
    placeId: 'ChIJburnet',
    top3Points: 18,
    points: 25,
    averageRank: 1.84,
    strongestArea: 'north-west',
  },
  {
    name: 'Smile Studio',
    placeId: null,
    top3Points: 1,
    points: 1,
    averageRank: null,
    strongestArea: null,
  },
];

const grid = (status: SalesGrid['status']): SalesGrid => ({
  scanId: status === 'done' ? 8801 : 8802,
  runId: 31,
  keyword: status === 'done' ? 'dentist near me' : 'emergency dentist',
  size: 5,
  radius: 2,
  unit: 'mi',
  status,
  pointsDone: status === 'done' ? 25 : 10,
  pointsTotal: 25,
  createdAt: '2026-11-28T15:00:00.000Z',
  finishedAt: null,
  metrics: null,
});

const run: SalesRun = {
  id: 31,
  containerId: 204,
  keywords: ['dentist near me', 'emergency dentist'],
  grid: { size: 5, radius: 2, unit: 'mi' },
  estimatedCents: 75,
  createdAt: '2026-11-28T15:00:00.000Z',
  requestedByName: null,
  grids: [grid('done'), grid('running')],
};

describe('competitors, runs and the report', () => {
  it('list the competitors strongest first, in points', async () => {
    renderWithApp(<CompetitorsTable competitors={competitors} hasGrids />);
    const table = await screen.findByTestId('sales-competitors');
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Burnet Road Dental', '18 points', '25 points', '1.8', 'north-west'],
      ['Smile Studio', '1 point', '1 point', '—', '—'],
    ]);
  });

  it('list every batch run with how many of its grids are done and what it cost', async () => {
    const api = fakeApi({
      'GET /api/sales/history/:id': () => ({ containerId: 204, runs: [run] }),
    });
    renderWithApp(<RunHistory containerId={204} />);
    const table = await screen.findByTestId('sales-runs');
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
      [
        formatDateTime('2026-11-28T15:00:00.000Z'),
        'dentist near me, emergency dentist',
        '5×5, 2 mi',
        '1 of 2',
        '$0.75',
        '—',
      ],
    ]);
    expect(api.calls[0]?.path).toBe('/api/sales/history/204');
  });

  it('offer the report as a PDF named after the business, and a link that expires', async () => {
    const api = fakeApi({
      'POST /api/sales/containers/:id/report-link': () => ({
        url: 'https://pinpoint.test/prospect-report?token=abc',
        pdfUrl: 'https://pinpoint.test/prospect-report.pdf?token=abc',
        expiresAt: '2026-12-13T15:00:00.000Z',
      }),
    });
    renderWithApp(<SharePanel containerId={204} name="Bluebonnet Family Dentistry, P.C." />);
    const pdf = await screen.findByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe('/api/sales/containers/204/report.pdf');
    expect(pdf.getAttribute('download')).toBe(
      'prospect-report-bluebonnet-family-dentistry-p-c.pdf',
    );
    expect((screen.getByLabelText('Link expires after') as HTMLSelectElement).value).toBe('14');
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(
      (await screen.findByRole('link', { name: 'Open the shared report' })).getAttribute('href'),
    ).toBe('https://pinpoint.test/prospect-report?token=abc');
    expect(api.calls[0]?.data).toEqual({ days: 14 });
  });
});
