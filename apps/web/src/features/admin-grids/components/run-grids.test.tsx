import type { BatchForecast, GridBatch, GridClient } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { RunGrids } from './run-grids';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NAMED: GridClient[] = [
  { id: 3, name: 'Ruiz Family Plumbing', city: 'Austin', state: 'TX', activeConfigs: 2 },
  { id: 11, name: 'Bright Smile Dental', city: 'Round Rock', state: 'TX', activeConfigs: 1 },
  { id: 17, name: 'Lone Star Roofing', city: null, state: null, activeConfigs: 0 },
];
/** Eight active clients, five a page (the server pages by 25: fewer rows keep the test quick). */
const CLIENTS: GridClient[] = [
  ...NAMED,
  ...Array.from({ length: 5 }, (_, i) => ({
    id: 100 + i,
    name: `Hill Country HVAC ${i + 1}`,
    city: 'San Marcos',
    state: 'TX',
    activeConfigs: 1,
  })),
];

function gridClients({ query }: FakeRequest) {
  const q = (query.get('q') ?? '').toLowerCase();
  const page = Number(query.get('page'));
  const matching = CLIENTS.filter((c) => c.name.toLowerCase().includes(q));
  return {
    items: matching.slice((page - 1) * 5, page * 5),
    page,
    pageSize: 5,
    total: matching.length,
    runnableClients: 7,
  };
}

const forecast = (over: Partial<BatchForecast> = {}): BatchForecast => ({
  scans: 3,
  points: 147,
  estimatedCents: 294,
  scanCeilingCents: 500,
  concurrency: 4,
  estimatedDuration: { seconds: 750, secondsPerPoint: 5.1, basis: 'From the last 20 scans.' },
  companies: [
    { companyId: 3, name: 'Ruiz Family Plumbing', scans: 2, points: 98, estimatedCents: 196 },
    { companyId: 11, name: 'Bright Smile Dental', scans: 1, points: 49, estimatedCents: 98 },
  ],
  configs: [],
  ignoredCompanyIds: [],
  problems: [],
  ...over,
});

const batch = (over: Partial<GridBatch> = {}): GridBatch => ({
  id: 512,
  status: 'running',
  concurrency: 4,
  requestedBy: 2,
  scansTotal: 3,
  scansDone: 1,
  scansSkipped: 0,
  scansRunning: 2,
  pointsTotal: 147,
  pointsDone: 59,
  estimatedCents: 294,
  configIds: [31, 32, 40],
  createdAt: '2026-03-20T14:00:00.000Z',
  finishedAt: null,
  summary: null,
  ...over,
});

const noBatches = { items: [], page: 1, pageSize: 20, total: 0 };

async function chooseRuizAndBrightSmile() {
  fireEvent.click(await screen.findByLabelText('Run Bright Smile Dental'));
  fireEvent.click(screen.getByLabelText('Run Ruiz Family Plumbing'));
}

describe('RunGrids', () => {
  it('lists clients to choose, and keeps the choice across pages', async () => {
    fakeApi({
      'GET /api/admin/grid-clients': gridClients,
      'GET /api/liverank/batches': () => noBatches,
    });
    renderWithApp(<RunGrids />);
    expect(await screen.findByLabelText('All active clients (7 with active grids)')).toBeTruthy();
    const table = screen.getByLabelText('Clients to run');
    const roofing = within(table).getByLabelText('Run Lone Star Roofing');
    expect((roofing as HTMLInputElement).disabled).toBe(true);
    const roofingRow = roofing.closest('tr') as HTMLElement;
    expect(roofingRow.textContent).toContain('—');
    expect(roofingRow.textContent).toContain('none');
    expect(screen.getByText('No client chosen yet.')).toBeTruthy();
    const forecastButton = screen.getByText('Choose clients to see the forecast');
    expect((forecastButton as HTMLButtonElement).disabled).toBe(true);

    await chooseRuizAndBrightSmile();
    expect(screen.getByText(/^2 chosen: Bright Smile Dental, Ruiz Family Plumbing/)).toBeTruthy();
    expect(screen.getByText('See the forecast')).toBe(forecastButton);
    fireEvent.click(screen.getByText('Next'));
    await screen.findByLabelText('Run Hill Country HVAC 5');
    expect(screen.getByText(/^2 chosen:/)).toBeTruthy();

    fireEvent.click(screen.getByText('Clear'));
    expect(screen.getByText('No client chosen yet.')).toBeTruthy();
  });

  it('searches clients by name from page 1', async () => {
    const api = fakeApi({
      'GET /api/admin/grid-clients': gridClients,
      'GET /api/liverank/batches': () => noBatches,
    });
    renderWithApp(<RunGrids />);
    fireEvent.click(await screen.findByText('Next'));
    await screen.findByLabelText('Run Hill Country HVAC 5');
    const search = screen.getByLabelText('Search clients by name or city');
    fireEvent.change(search, { target: { value: '  plumbing ' } });
    fireEvent.click(screen.getByText('Search'));
    await waitFor(() => expect(screen.queryByLabelText('Run Hill Country HVAC 5')).toBeNull());
    expect(screen.getByLabelText('Run Ruiz Family Plumbing')).toBeTruthy();
    const last = api.calls.filter((c) => c.path === '/api/admin/grid-clients').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({ page: '1', q: 'plumbing' });

    fireEvent.change(search, { target: { value: 'bakery' } });
    fireEvent.click(screen.getByText('Search'));
    expect(await screen.findByText('No active client matches “bakery”.')).toBeTruthy();
  });

  it('forecasts the chosen clients, starts the batch and shows it running', async () => {
    const api = fakeApi({
      'GET /api/admin/grid-clients': gridClients,
      'GET /api/liverank/batches': () => noBatches,
      'GET /api/liverank/batch/forecast': () => forecast(),
      'POST /api/liverank/batch': () => reply(201, { forecast: forecast(), batch: batch() }),
      'GET /api/liverank/batch/:id': () => batch(),
    });
    renderWithApp(<RunGrids />);
    await chooseRuizAndBrightSmile();
    const start = screen.getByText('Start the batch') as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.click(screen.getByText('See the forecast'));

    const view = await screen.findByTestId('batch-forecast');
    expect(api.calls.find((c) => c.path.endsWith('/forecast'))?.query.get('companyIds')).toBe(
      '3,11',
    );
    expect(view.textContent).toContain('$2.94');
    expect(view.textContent).toContain('About 12 min 30 s');
    expect(view.textContent).toContain('From the last 20 scans.');
    const perClient = within(view).getByLabelText('Forecast per client');
    expect(perClient.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(start.disabled).toBe(false);

    fireEvent.click(start);
    const progress = await screen.findByLabelText('Batch 512 progress');
    expect(api.calls.find((c) => c.method === 'POST')?.data).toEqual({ companyIds: [3, 11] });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(progress.getAttribute('aria-valuetext')).toBe('40%: 1 of 3 scans finished');
    expect(
      screen.getByText(/1 of 3 scans finished, 2 running · 59 of 147 points measured/),
    ).toBeTruthy();
  });

  it('asks for the forecast again when the choice changed since it', async () => {
    fakeApi({
      'GET /api/admin/grid-clients': gridClients,
      'GET /api/liverank/batches': () => noBatches,
      'GET /api/liverank/batch/forecast': () => forecast(),
    });
    renderWithApp(<RunGrids />);
    await chooseRuizAndBrightSmile();
    fireEvent.click(screen.getByText('See the forecast'));
    await screen.findByTestId('batch-forecast');
    const start = screen.getByText('Start the batch') as HTMLButtonElement;
    expect(start.disabled).toBe(false);

    fireEvent.click(screen.getByLabelText('Run Bright Smile Dental'));
    expect(
      screen.getByText('The choice changed since this forecast: ask for it again before starting.'),
    ).toBeTruthy();
    expect(screen.getByText('See the forecast for the current choice first.')).toBeTruthy();
    expect(start.disabled).toBe(true);
  });

  it('will not start a batch whose forecast has problems or nothing to run', async () => {
    const answers = [
      forecast({
        problems: [
          {
            configId: 31,
            companyId: 3,
            keyword: 'emergency plumber',
            message: 'A scan would cost $6.25, over the $5.00 ceiling.',
          },
        ],
        ignoredCompanyIds: [17],
      }),
      forecast({ scans: 0, points: 0, estimatedCents: 0, companies: [] }),
    ];
    fakeApi({
      'GET /api/admin/grid-clients': gridClients,
      'GET /api/liverank/batches': () => noBatches,
      'GET /api/liverank/batch/forecast': () => answers.shift(),
    });
    renderWithApp(<RunGrids />);
    fireEvent.click(await screen.findByLabelText(/^All active clients/));
    fireEvent.click(screen.getByText('See the forecast'));
    expect(
      (await screen.findByText(/1 grid config\(s\) cannot run/)).closest('.alert')?.textContent,
    ).toContain(
      '“emergency plumber” (config 31): A scan would cost $6.25, over the $5.00 ceiling.',
    );
    expect(screen.getByText(/1 chosen client\(s\) have no active grid/)).toBeTruthy();
    const start = screen.getByText('Start the batch') as HTMLButtonElement;
    expect(start.disabled).toBe(true);

    fireEvent.click(screen.getByText('See the forecast'));
    expect(
      await screen.findByText('Nothing to run: these clients have no active grid.'),
    ).toBeTruthy();
    expect(screen.getByText(/\(simulated searches are free\)/)).toBeTruthy();
    expect(start.disabled).toBe(true);
  });

  it('shows a batch already running at once, and says why another cannot start', async () => {
    const running = batch({ id: 509 });
    fakeApi({
      'GET /api/admin/grid-clients': gridClients,
      'GET /api/liverank/batches': () => ({
        items: [running, { ...batch({ id: 508, status: 'done', scansDone: 3, scansSkipped: 1 }) }],
        page: 1,
        pageSize: 20,
        total: 2,
      }),
      'GET /api/liverank/batch/:id': ({ params }) =>
        Number(params.id) === 509 ? running : replyError(404, 'NOT_FOUND', 'No such batch.'),
    });
    renderWithApp(<RunGrids />);
    expect(await screen.findByLabelText('Batch 509 progress')).toBeTruthy();
    expect(
      screen.getByText('Batch 509 is running; another can start once it has finished.'),
    ).toBeTruthy();
    const recent = screen.getByRole('table', { name: 'Recent batches' });
    expect(within(recent).getByText('3/3 (1 skipped)')).toBeTruthy();
    expect(within(recent).getByText('509').closest('tr')?.className).toBe('table-active');
  });

  it('says why a batch did not start', async () => {
    fakeApi({
      'GET /api/admin/grid-clients': gridClients,
      'GET /api/liverank/batches': () => noBatches,
      'GET /api/liverank/batch/forecast': () => forecast(),
      'POST /api/liverank/batch': () => replyError(409, 'CONFLICT', 'Batch 509 is still running.'),
    });
    renderWithApp(<RunGrids />);
    await chooseRuizAndBrightSmile();
    fireEvent.click(screen.getByText('See the forecast'));
    await screen.findByTestId('batch-forecast');
    fireEvent.click(screen.getByText('Start the batch'));
    expect(
      await screen.findByText('The batch was not started: Batch 509 is still running.'),
    ).toBeTruthy();
  });
});
