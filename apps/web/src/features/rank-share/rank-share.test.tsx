import type { SharedScan } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { fakeApi, replyError } from '../../testing/fake-api';
import { renderWithApp } from '../../testing/render';
import { SharedScanView } from './components/shared-scan-view';
import { ShareScanPanel } from './share-scan-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A table row's header and data cells, as text. */
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

const PUBLIC_SCAN = 'GET /api/public/scan';

const shared: SharedScan = {
  company: { name: 'Lone Star Plumbing & Drain' },
  keyword: 'water heater repair',
  size: 3,
  radius: 2,
  unit: 'mi',
  centre: { lat: 30.2672, lng: -97.7431 },
  status: 'done',
  createdAt: '2026-11-20T15:00:00.000Z',
  finishedAt: '2026-11-20T15:04:00.000Z',
  metrics: {
    points: 9,
    measured: 8,
    found: 6,
    notFound: 2,
    errors: 1,
    unmeasured: 0,
    top3: 4,
    arp: 2.5,
    atrp: 7.125,
    solv: 44.44,
    foundIn: 6,
  },
  points: [
    { index: 0, lat: 30.28, lng: -97.76, state: 'found', rank: 1, top: ['Lone Star Plumbing'] },
    { index: 4, lat: 30.27, lng: -97.74, state: 'not_found', rank: null, top: [] },
    {
      index: 5,
      lat: 30.27,
      lng: -97.72,
      state: 'found',
      rank: 3,
      top: ['Radiant Plumbing', 'ABC Home Services', 'Lone Star Plumbing'],
    },
  ],
  competitors: [
    {
      name: 'Radiant Plumbing',
      measured: 8,
      foundIn: 8,
      top3: 7,
      arp: 1.6,
      atrp: 1.6,
      solv: 77.8,
    },
  ],
  expiresAt: '2026-12-04T15:00:00.000Z',
};

describe('a shared scan link', () => {
  it('shows the scan read-only: settings, metrics, points and competitors', async () => {
    const api = fakeApi({ [PUBLIC_SCAN]: () => shared });
    renderWithApp(<SharedScanView token="tok.en-1" />);
    expect(
      await screen.findByRole('heading', { name: 'Rank grid for Lone Star Plumbing & Drain' }),
    ).toBeTruthy();
    expect(api.calls[0]?.query.get('token')).toBe('tok.en-1');
    expect(screen.getByText('11/20/2026').closest('p')?.textContent).toBe(
      'water heater repair · 3×3 · 2 mi · scanned on 11/20/2026',
    );
    expect(screen.getByTestId('metric-ATRP').textContent).toBe('7.1');
    expect(screen.getByTestId('metric-ARP').textContent).toBe('2.5');
    expect(screen.getByTestId('metric-SoLV').textContent).toBe('44%');
    expect(screen.getByTestId('metric-Found in').textContent).toBe('6 of 8');
    expect(screen.queryByText(/had not finished/)).toBeNull();

    const points = screen.getByRole('table', { name: /Every point of the grid/ });
    expect(within(points).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Row 1, column 1', '1', 'Lone Star Plumbing'],
      ['Row 2, column 2', 'Not in the top 20', '—'],
      ['Row 2, column 3', '3', 'Radiant Plumbing, ABC Home Services, Lone Star Plumbing'],
    ]);
    const competitor = screen.getByRole('row', { name: /^Radiant Plumbing/ });
    expect(cells(competitor)).toEqual(['Radiant Plumbing', '1.6', '78%', '8']);
  });

  it('warns when the scan had not finished, and dashes metrics it does not have', async () => {
    fakeApi({
      [PUBLIC_SCAN]: () => ({
        ...shared,
        status: 'running',
        metrics: null,
        competitors: [],
      }),
    });
    renderWithApp(<SharedScanView token="tok" />);
    expect(await screen.findByText(/This scan had not finished when it was opened/)).toBeTruthy();
    expect(screen.getByTestId('metric-ATRP').textContent).toBe('—');
    expect(screen.getByTestId('metric-Found in').textContent).toBe('—');
    expect(screen.getByText('No competitors were seen in this scan.')).toBeTruthy();
  });

  it('reads the server’s words for an expired or broken link, and asks nothing without a token', async () => {
    const api = fakeApi({
      [PUBLIC_SCAN]: () => replyError(410, 'LINK_EXPIRED', 'This scan link has expired.'),
    });
    const { unmount } = renderWithApp(<SharedScanView token="old" />);
    expect((await screen.findByTestId('link-problem')).textContent).toMatch(
      /^This scan link has expired\./,
    );
    expect(screen.getByRole('link', { name: 'log in' })).toBeTruthy();
    unmount();

    renderWithApp(<SharedScanView token={null} />);
    expect((await screen.findByTestId('link-problem')).textContent).toMatch(
      /^This scan link is not valid\./,
    );
    expect(api.calls).toHaveLength(1);
  });
});

describe('Share this scan', () => {
  it('creates a link for the chosen number of days and shows when it stops working', async () => {
    const api = fakeApi({
      'POST /api/localrank/share/:scanId': () => ({
        url: 'https://pinpoint.test/shared/scan?token=abc.def',
        expiresAt: '2026-12-29T13:00:00.000Z',
      }),
    });
    renderWithApp(<ShareScanPanel scanId={4102} />);
    const days = (await screen.findByLabelText('Link expires after')) as HTMLSelectElement;
    expect([...days.options].map((o) => o.text)).toEqual(['1 day', '7 days', '30 days']);
    expect(days.value).toBe('7');
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));

    const link = (await screen.findByLabelText('Read-only link')) as HTMLInputElement;
    expect(link.value).toBe('https://pinpoint.test/shared/scan?token=abc.def');
    expect(screen.getByTestId('scan-share-expiry').textContent).toBe(
      `Works until ${formatDateTime('2026-12-29T13:00:00.000Z')}.`,
    );
    expect(api.calls).toMatchObject([{ path: '/api/localrank/share/4102', data: { days: 30 } }]);
  });

  it('says why a link could not be made', async () => {
    fakeApi({
      'POST /api/localrank/share/:scanId': () =>
        replyError(409, 'CONFLICT', 'Only a finished scan can be shared.'),
    });
    renderWithApp(<ShareScanPanel scanId={4102} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    expect(
      await screen.findByText('The link could not be created: Only a finished scan can be shared.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Read-only link')).toBeNull();
  });
});
