import type { SalesContainer, SalesGrid } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { GridSetup } from './grid-setup';

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
  phone: '+15125550142',
  website: 'https://bluebonnetdentistry.example/',
  category: 'Dentist',
  lat: 30.3198,
  lng: -97.7389,
  keywords: ['dentist near me'],
  grid: { size: 5, radius: 2, unit: 'mi' },
  notes: '',
  rating: 4.6,
  reviewCount: 212,
  listings: null,
  pageSpeed: null,
  createdAt: '2026-11-02T15:00:00.000Z',
  updatedAt: '2026-11-27T17:00:00.000Z',
  convertedAt: null,
};

const grid = (keyword: string, scanId: number): SalesGrid => ({
  scanId,
  runId: 31,
  keyword,
  size: 7,
  radius: 2,
  unit: 'mi',
  status: 'queued',
  pointsDone: 0,
  pointsTotal: 49,
  createdAt: '2026-11-29T13:00:00.000Z',
  finishedAt: null,
  metrics: null,
});

const forecast = { scans: 2, points: 98, estimatedCents: 147, scanCeilingCents: 200 };

function server(batch?: FakeRoute) {
  return fakeApi({
    'PATCH /api/sales/containers/:id': ({ data }) => ({ ...container, ...data }),
    'POST /api/sales/batch':
      batch ??
      (({ data }) => ({
        forecast,
        run: data.forecastOnly
          ? null
          : {
              id: 31,
              containerId: 204,
              keywords: data.keywords,
              grid: data.grid,
              estimatedCents: 147,
              createdAt: '2026-11-29T13:00:00.000Z',
              requestedByName: 'Dana Staff',
              grids: [grid('dentist near me', 8801), grid('emergency dentist', 8802)],
            },
      })),
  });
}

const keyword = (n: number) => screen.getByLabelText(`Keyword ${n}`) as HTMLInputElement;
const checkCost = () => fireEvent.click(screen.getByRole('button', { name: 'Check the cost' }));

describe('keywords and grid of a prospect', () => {
  it('checks the keywords and radius with the shared rules before anything is sent', async () => {
    const api = server();
    renderWithApp(<GridSetup container={container} />);
    fireEvent.change(await screen.findByLabelText('Keyword 1'), { target: { value: 'd' } });
    fireEvent.change(screen.getByLabelText('Radius'), { target: { value: '30' } });
    checkCost();
    expect(await screen.findByText('A keyword needs at least 2 characters.')).toBeTruthy();
    expect(keyword(1).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Radius is at most 25.')).toBeTruthy();

    fireEvent.change(keyword(1), { target: { value: 'Dentist near me' } });
    fireEvent.change(screen.getByLabelText('Radius'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a keyword' }));
    fireEvent.change(keyword(2), { target: { value: 'dentist near me' } });
    checkCost();
    expect(await screen.findByText('Each keyword once.')).toBeTruthy();
    expect(screen.queryByText('A keyword needs at least 2 characters.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove keyword 2' }));
    fireEvent.change(keyword(1), { target: { value: '' } });
    checkCost();
    expect(await screen.findByText('Add at least one keyword.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('offers at most five keywords', async () => {
    server();
    renderWithApp(<GridSetup container={container} />);
    const add = await screen.findByRole('button', { name: 'Add a keyword' });
    for (let i = 0; i < 4; i++) fireEvent.click(add);
    expect(keyword(5)).toBeTruthy();
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('5 keywords is the most a batch runs.')).toBeTruthy();
  });

  it('saves changed settings, shows the cost, then starts one grid per keyword', async () => {
    const api = server();
    renderWithApp(<GridSetup container={container} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a keyword' }));
    fireEvent.change(keyword(2), { target: { value: ' emergency dentist ' } });
    fireEvent.change(screen.getByLabelText('Grid size'), { target: { value: '7' } });
    checkCost();
    const shown = await screen.findByTestId('batch-forecast');
    expect(shown.textContent).toMatch(
      /^2 grids · 98 points · estimated cost \$1\.47 · ceiling \$2\.00 per scan\.Start 2 grids$/,
    );
    const keywords = ['dentist near me', 'emergency dentist'];
    const settings = { size: 7, radius: 2, unit: 'mi' };
    expect(api.calls.map((c) => [c.method, c.path, c.data])).toEqual([
      ['PATCH', '/api/sales/containers/204', { keywords, grid: settings }],
      [
        'POST',
        '/api/sales/batch',
        { keywords, grid: settings, forecastOnly: true, containerId: 204 },
      ],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Start 2 grids' }));
    expect(await screen.findByText('2 grids started: their progress shows below.')).toBeTruthy();
    expect(api.calls.at(-1)?.data).toEqual({
      keywords,
      grid: settings,
      forecastOnly: false,
      containerId: 204,
    });
    expect(screen.queryByTestId('batch-forecast')).toBeNull();
  });

  it('asks the cost without saving unchanged settings, and drops it once they change', async () => {
    const api = server(() => ({
      forecast: { scans: 1, points: 25, estimatedCents: 0, scanCeilingCents: null },
      run: null,
    }));
    renderWithApp(<GridSetup container={container} />);
    await screen.findByLabelText('Keyword 1');
    checkCost();
    expect((await screen.findByTestId('batch-forecast')).textContent).toContain(
      '1 grid · 25 points · estimated cost $0.00 (simulated searches cost nothing) · the search provider sets no ceiling per scan.',
    );
    expect(api.calls.map((c) => c.method)).toEqual(['POST']);
    fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'km' } });
    expect(screen.queryByTestId('batch-forecast')).toBeNull();
  });

  it('shows the server’s field problems under their fields, and other refusals above', async () => {
    const answers = [
      reply(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the fields.',
          details: [{ path: 'body.grid.radius', message: 'This provider allows 10 mi at most.' }],
        },
      }),
      reply(429, { error: { code: 'QUOTA_EXCEEDED', message: 'Today’s points are used up.' } }),
    ];
    server(() => answers.shift());
    renderWithApp(<GridSetup container={container} />);
    await screen.findByLabelText('Keyword 1');
    checkCost();
    expect(await screen.findByText('This provider allows 10 mi at most.')).toBeTruthy();
    expect(screen.getByLabelText('Radius').getAttribute('aria-invalid')).toBe('true');
    checkCost();
    expect(await screen.findByText('Today’s points are used up.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('This provider allows 10 mi at most.')).toBeNull(),
    );
  });

  it('sends a won prospect to the client’s own pages', async () => {
    server();
    renderWithApp(<GridSetup container={{ ...container, stage: 'won' }} />);
    expect(
      await screen.findByText(
        'Bluebonnet Family Dentistry is a client now: run its grids from the client’s rank grid pages.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Keyword 1')).toBeNull();
  });

  // Empty rows are not sent, yet a keyword's problem shows under its own row.
  it('shows a keyword’s problem under its own row when an earlier row is empty', async () => {
    server();
    renderWithApp(<GridSetup container={{ ...container, keywords: [] }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a keyword' }));
    fireEvent.change(keyword(2), { target: { value: 'd' } });
    checkCost();
    expect(await screen.findByText('A keyword needs at least 2 characters.')).toBeTruthy();
    expect(keyword(2).getAttribute('aria-invalid')).toBe('true');
    expect(keyword(1).getAttribute('aria-invalid')).toBe('false');
  });
});
