import {
  addCalendarDays,
  type GridReportRow,
  type GridReport as Report,
  todayIn,
} from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { GridReport } from './grid-report';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (overrides: Partial<GridReportRow>): GridReportRow => ({
  companyId: 12,
  companyName: 'Bright Air Heating & Cooling',
  keyword: 'hvac repair',
  size: 7,
  radius: 3,
  unit: 'mi',
  scans: 4,
  firstScanAt: '2026-11-02T14:00:00.000Z',
  lastScanAt: '2026-11-23T14:00:00.000Z',
  startAtrp: 8.25,
  endAtrp: 6.75,
  atrpChange: -1.5,
  startSolv: 22.4,
  endSolv: 34.9,
  solvChange: 12.5,
  ...overrides,
});

const gain = row({});
const loss = row({
  companyId: 31,
  companyName: 'Lakeside Family Dental',
  keyword: 'dentist near me',
  size: 5,
  radius: 1.5,
  startAtrp: 4.1,
  endAtrp: 6.35,
  atrpChange: 2.25,
  startSolv: 48,
  endSolv: 40,
  solvChange: -8,
});
const steady = row({
  companyId: 44,
  companyName: 'Summit Roofing',
  keyword: 'roof repair',
  scans: 1,
  lastScanAt: '2026-11-02T14:00:00.000Z',
  startAtrp: 11,
  endAtrp: 11,
  atrpChange: 0,
  startSolv: 10,
  endSolv: 10,
  solvChange: 0,
});

const failure = (i: number) => ({
  companyId: 31 + i,
  companyName: i === 0 ? 'Lakeside Family Dental' : `Client ${31 + i}`,
  keyword: i === 0 ? 'emergency dentist' : 'plumber',
  failedScans: i === 0 ? 2 : 0,
  errorPoints: 17 - Math.floor(i / 10),
  attempts: 51 - (i % 3),
  lastAt: '2026-11-20T16:30:00.000Z',
});

function report(query: URLSearchParams, overrides: Partial<Report> = {}): Report {
  return {
    range: { from: query.get('from') ?? '', to: query.get('to') ?? '', tz: query.get('tz') ?? '' },
    totals: { series: 120, scans: 41, failedScans: 2, errorPoints: 17 },
    rows: [gain, loss, steady],
    limit: Number(query.get('limit')),
    offset: Number(query.get('offset')),
    gains: [gain],
    losses: [loss],
    failures: [failure(0)],
    failureGroups: 1,
    ...overrides,
  };
}

function serve(route: FakeRoute = ({ query }) => report(query)) {
  return fakeApi({ 'GET /api/admin/grid-report': route });
}

const asked = (api: ReturnType<typeof serve>) =>
  api.calls.map((c) => Object.fromEntries(c.query.entries()));

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.children].map((cell) => cell.textContent));

describe('GridReport', () => {
  it('reports the last 30 days in the viewer’s zone by default, with the CSV for the same days', async () => {
    const api = serve();
    renderWithApp(<GridReport />);
    const summary = await screen.findByText(/series, 41 finished scans/);
    const today = todayIn();
    const from = addCalendarDays(today, -29);
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    expect(asked(api)).toEqual([{ from, to: today, tz, limit: '50', offset: '0' }]);
    expect(summary.textContent).toMatch(
      /^\d\d\/\d\d\/\d{4} – \d\d\/\d\d\/\d{4}: 120 series, 41 finished scans, 2 failed scans, 17 points in error\.$/,
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(from);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/admin/grid-report.csv?${new URLSearchParams({ from, to: today, tz })}`,
    );
  });

  it('shows each series’ start, end and signed change, toned by which way is better', async () => {
    serve();
    renderWithApp(<GridReport />);
    const table = await screen.findByRole('table', { name: 'Series by client' });
    expect(rowsOf(table)).toEqual([
      [
        'Bright Air Heating & Cooling',
        'hvac repair',
        '7×7, 3 mi',
        '4',
        '11/02/2026 – 11/23/2026',
        '8.25 → 6.75',
        '−1.50',
        '22.4 % → 34.9 %',
        '+12.5',
      ],
      [
        'Lakeside Family Dental',
        'dentist near me',
        '5×5, 1.5 mi',
        '4',
        '11/02/2026 – 11/23/2026',
        '4.10 → 6.35',
        '+2.25',
        '48.0 % → 40.0 %',
        '−8.0',
      ],
      [
        'Summit Roofing',
        'roof repair',
        '7×7, 3 mi',
        '1',
        '11/02/2026',
        '11.00 → 11.00',
        '0.00',
        '10.0 % → 10.0 %',
        '0.0',
      ],
    ]);
    const [better, worse, same] = within(table).getAllByRole('row').slice(1);
    expect(better?.children[6]?.className).toContain('text-success-emphasis');
    expect(better?.children[8]?.className).toContain('text-success-emphasis');
    expect(worse?.children[6]?.className).toContain('text-danger-emphasis');
    expect(worse?.children[8]?.className).toContain('text-danger-emphasis');
    expect(same?.children[6]?.className).not.toMatch(/success|danger/);
    expect(rowsOf(screen.getByRole('table', { name: 'Biggest gains' }))[0]?.[0]).toBe(
      'Bright Air Heating & Cooling',
    );
    expect(rowsOf(screen.getByRole('table', { name: 'Biggest losses' }))[0]?.[0]).toBe(
      'Lakeside Family Dental',
    );
  });

  it('groups failures by client and keyword, and says when only the worst are listed', async () => {
    // The server lists the 100 groups with the most points in error, and counts them all.
    serve(({ query }) =>
      report(query, {
        failures: Array.from({ length: 100 }, (_, i) => failure(i)),
        failureGroups: 134,
      }),
    );
    renderWithApp(<GridReport />);
    const table = await screen.findByRole('table', { name: 'Failures by client and keyword' });
    const rows = rowsOf(table);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toEqual([
      'Lakeside Family Dental',
      'emergency dentist',
      '2',
      '17',
      '51',
      '11/20/2026',
    ]);
    expect(
      screen.getByText('The 100 groups with the most points in error are shown, of 134.'),
    ).toBeTruthy();
  });

  it('names what is wrong with the days typed, and asks for good ones from the first page', async () => {
    const api = serve();
    renderWithApp(<GridReport />);
    await screen.findByRole('table', { name: 'Series by client' });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    const show = () => fireEvent.click(screen.getByRole('button', { name: 'Show' }));

    fireEvent.change(from, { target: { value: '' } });
    show();
    expect(await screen.findByText('Enter a start date.')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(from, { target: { value: '2026-11-10' } });
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    show();
    expect(await screen.findByText('The end date must be on or after the start.')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(to, { target: { value: addCalendarDays(todayIn(), 1) } });
    show();
    expect(await screen.findByText('The end date cannot be in the future.')).toBeTruthy();
    expect(api.calls).toHaveLength(1);

    fireEvent.change(from, { target: { value: '2026-09-01' } });
    fireEvent.change(to, { target: { value: '2026-09-30' } });
    show();
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(asked(api)[1]).toMatchObject({ from: '2026-09-01', to: '2026-09-30', offset: '0' });
    expect(screen.queryByText('The end date cannot be in the future.')).toBeNull();
  });

  it('pages the series fifty at a time', async () => {
    const api = serve();
    renderWithApp(<GridReport />);
    const pages = await screen.findByRole('navigation', { name: 'Report pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages.textContent).toContain('Page 2 of 3'));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(asked(api)[1]).toMatchObject({ limit: '50', offset: '50' });
  });

  it('says so where a period has nothing to list', async () => {
    serve(({ query }) =>
      report(query, {
        totals: { series: 0, scans: 0, failedScans: 0, errorPoints: 0 },
        rows: [],
        gains: [],
        losses: [],
        failures: [],
        failureGroups: 0,
      }),
    );
    renderWithApp(<GridReport />);
    expect(await screen.findByText('No finished scans in this period.')).toBeTruthy();
    expect(screen.getByText('No series improved in this period.')).toBeTruthy();
    expect(screen.getByText('No series declined in this period.')).toBeTruthy();
    expect(screen.getByText('No failed scans or points in this period.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Report pages' })).toBeNull();
  });

  it('shows why the report could not be loaded', async () => {
    serve(() => replyError(403, 'FORBIDDEN', 'Admins only.'));
    renderWithApp(<GridReport />);
    expect(
      await screen.findByText(/The grid report could not be loaded: Admins only\./),
    ).toBeTruthy();
  });
});
