import { type CreatedGrid, decodeId } from '@pinpoint/contracts';
import {
  act,
  cleanup,
  fireEvent,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { realtime } from '../../../lib/realtime';
import { type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { FakeSocket } from '../../../testing/fake-socket';
import { renderWithApp } from '../../../testing/render';
import { useEncodedScanHref } from '../scan-view-href';
import { CreatedGrids } from './created-grids';

afterEach(() => {
  cleanup();
  void realtime.disconnect();
  vi.unstubAllGlobals();
});

const RUN_HREF = '/dashboard/employee/custom-rank/run';

const grid = (over: Partial<CreatedGrid>): CreatedGrid => ({
  scanId: 9001,
  companyId: 610,
  businessName: 'Ruiz Family Plumbing',
  keyword: 'emergency plumber',
  size: 7,
  radius: 5,
  unit: 'mi',
  status: 'done',
  pointsDone: 49,
  pointsTotal: 49,
  createdAt: '2026-03-20T14:00:00.000Z',
  finishedAt: '2026-03-20T14:04:10.000Z',
  metrics: {
    points: 49,
    measured: 49,
    found: 40,
    notFound: 9,
    errors: 0,
    unmeasured: 0,
    top3: 19,
    arp: 3.1,
    atrp: 4.26,
    solv: 38.8,
    foundIn: 40,
  },
  ...over,
});

const GRIDS: CreatedGrid[] = [
  grid({
    scanId: 9003,
    businessName: 'Bright Smile Dental',
    keyword: 'dentist near me',
    size: 9,
    radius: 3,
    unit: 'km',
    status: 'running',
    pointsDone: 35,
    pointsTotal: 81,
    finishedAt: null,
    metrics: null,
  }),
  grid({
    scanId: 9002,
    businessName: 'Lone Star Roofing',
    status: 'queued',
    pointsDone: 0,
    metrics: null,
  }),
  grid({}),
];

function createdGrids(total = GRIDS.length) {
  return ({ query }: FakeRequest) => {
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    const all = Array.from({ length: total }, (_, i) => ({
      ...(GRIDS[i % GRIDS.length] as CreatedGrid),
      scanId: 9100 - i,
    }));
    return { total, limit, offset, grids: all.slice(offset, offset + limit) };
  };
}

/** The grid list as the route holds it: links made by the encoded-id hook. */
function CreatedGridsPage() {
  const viewHref = useEncodedScanHref(paths.dashboard.customRankView.href);
  return <CreatedGrids viewHref={viewHref} runHref={RUN_HREF} />;
}

describe('CreatedGrids', () => {
  it('lists the grids with their status, figures and a link to each view', async () => {
    const api = fakeApi({ 'GET /api/sales/created': createdGrids() });
    renderWithApp(<CreatedGridsPage />);
    const table = await screen.findByRole('table', { name: 'Custom rank grids' });
    expect(screen.getByText('3 grids, newest first.')).toBeTruthy();
    expect(Object.fromEntries(api.calls[0]?.query ?? [])).toEqual({ limit: '20', offset: '0' });
    const [, running, queued, done] = within(table).getAllByRole('row') as HTMLElement[];

    const link = within(running as HTMLElement).getByRole('link', {
      name: 'View Bright Smile Dental: dentist near me · 9×9 · 3 km',
    });
    const encoded = link.getAttribute('href')?.split('/').at(-1);
    expect(decodeId(encoded)).toBe(9100);
    expect(within(running as HTMLElement).getByText('Running 43%')).toBeTruthy();
    expect(within(queued as HTMLElement).getByText('Queued 0%')).toBeTruthy();
    // No figures before a grid has finished.
    expect(within(queued as HTMLElement).getAllByText('—')).toHaveLength(3);

    const cells = within(done as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 6)).toEqual([
      'emergency plumber · 7×7 · 5 mi',
      'Done',
      '4.3',
      '39%',
      '40 of 49',
    ]);
  });

  it('pages by 20, and refreshes when a grid finishes', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    realtime.connect();
    const socket = FakeSocket.last as FakeSocket;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
    });
    const api = fakeApi({ 'GET /api/sales/created': createdGrids(45) });
    renderWithApp(<CreatedGridsPage />);
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByText('45 grids, newest first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(api.calls.at(-1)?.query.get('offset')).toBe('20');

    const calls = api.calls.length;
    act(() =>
      socket.onmessage?.({
        data: JSON.stringify({
          type: 'rank-scan.done',
          payload: { scanId: 9100, companyId: 610, status: 'done', metrics: null },
        }),
      }),
    );
    await waitFor(() => expect(api.calls.length).toBe(calls + 1));
    expect(api.calls.at(-1)?.query.get('offset')).toBe('20');
  });

  it('offers to run a first grid when there is none', async () => {
    fakeApi({ 'GET /api/sales/created': createdGrids(0) });
    renderWithApp(<CreatedGridsPage />);
    expect(await screen.findByText(/You have not run a custom grid yet\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Run one for a prospect' }).getAttribute('href')).toBe(
      RUN_HREF,
    );
  });

  it('says why the grids could not be loaded and tries again', async () => {
    const answers: ((request: FakeRequest) => unknown)[] = [
      () => replyError(500, 'INTERNAL', 'The rank service did not answer.'),
      createdGrids(1),
    ];
    fakeApi({ 'GET /api/sales/created': (request) => answers.shift()?.(request) });
    renderWithApp(<CreatedGridsPage />);
    expect(
      await screen.findByText(/Your grids could not be loaded: The rank service did not answer\./),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 grid, newest first.')).toBeTruthy();
  });
});

describe('useEncodedScanHref', () => {
  it('encodes each scan id once, so a link stays the same across renders', () => {
    const { result, rerender } = renderHook(() =>
      useEncodedScanHref(paths.dashboard.customRankView.href),
    );
    const first = result.current(9001);
    rerender();
    expect(result.current(9001)).toBe(first);
    expect(first).toMatch(/^\/dashboard\/employee\/custom-rank\/view\//);
    expect(decodeId(first.split('/').at(-1))).toBe(9001);
    const other = result.current(9002);
    expect(other).not.toBe(first);
    expect(decodeId(other.split('/').at(-1))).toBe(9002);
  });
});
