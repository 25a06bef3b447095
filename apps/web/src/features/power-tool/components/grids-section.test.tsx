import type { SalesContainer, SalesGrid, Scan } from '@pinpoint/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { GridsSection } from './grids-section';

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
  grid: { size: 7, radius: 2, unit: 'mi' },
  notes: '',
  rating: 4.6,
  reviewCount: 212,
  listings: null,
  pageSpeed: null,
  createdAt: '2026-11-02T15:00:00.000Z',
  updatedAt: '2026-11-27T17:00:00.000Z',
  convertedAt: null,
};

const grid: SalesGrid = {
  scanId: 8801,
  runId: 31,
  keyword: 'dentist near me',
  size: 7,
  radius: 2,
  unit: 'mi',
  status: 'running',
  pointsDone: 10,
  pointsTotal: 49,
  createdAt: '2026-11-29T13:00:00.000Z',
  finishedAt: null,
  metrics: null,
};

const scan = (over: Partial<Scan>): Scan => ({
  id: 8801,
  companyId: 9120,
  keyword: 'dentist near me',
  size: 7,
  radius: 2,
  unit: 'mi',
  shape: 'square',
  centre: { lat: 30.3198, lng: -97.7389 },
  disabledPoints: [],
  status: 'running',
  pointsTotal: 49,
  pointsDone: 30,
  createdAt: '2026-11-29T13:00:00.000Z',
  startedAt: '2026-11-29T13:00:02.000Z',
  finishedAt: null,
  metrics: null,
  competitors: null,
  points: [],
  ...over,
});

function renderGrids(answer: FakeRoute, grids = [grid]) {
  const api = fakeApi({ 'GET /api/localrank/find/grid/:id': answer });
  renderWithApp(<GridsSection container={container} grids={grids} />);
  return api;
}

const progress = async () =>
  within(await screen.findByTestId('sales-grid')).getByTestId('scan-progress');

describe('the prospect’s grids', () => {
  it('invite a first batch when there are none', async () => {
    renderGrids(() => scan({}), []);
    expect((await screen.findByTestId('sales-grids-empty')).textContent).toMatch(/^No grids yet\./);
  });

  it('show the workspace’s progress until the scan’s own answer comes', async () => {
    // The scan is not answered during this test.
    const api = renderGrids(() => new Promise(() => {}));
    const card = await screen.findByTestId('sales-grid');
    expect(within(card).getByRole('heading', { name: '“dentist near me”' })).toBeTruthy();
    expect(within(card).getByText('7×7 grid · 2 mi radius')).toBeTruthy();
    expect((await progress()).getAttribute('aria-valuetext')).toBe('10 of 49 points searched');
    expect(api.calls.map((c) => c.path)).toEqual(['/api/localrank/find/grid/8801']);
  });

  it('then follow the scan itself', async () => {
    renderGrids(() => scan({ pointsDone: 30 }));
    expect(await screen.findByText('30 of 49 points searched (61%)')).toBeTruthy();
    expect(screen.getByTestId('sales-grid').getAttribute('data-status')).toBe('running');
    expect(screen.queryByText(/This grid failed/)).toBeNull();
  });
});
