import type { ErrorLog, ErrorLogChanged, SignInReport } from '@pinpoint/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../lib/realtime';
import { fakeApi } from '../../../testing/fake-api';
import { FakeSocket } from '../../../testing/fake-socket';
import { renderWithApp } from '../../../testing/render';
import { LiveBugReports } from './live-bug-reports';
import { LiveLoginReports } from './live-login-reports';

afterEach(() => {
  cleanup();
  void realtime.disconnect();
  vi.unstubAllGlobals();
});

/** Connects the tab's realtime client to a fake socket; returns how to push an event. */
function openSocket() {
  vi.stubGlobal('WebSocket', FakeSocket);
  realtime.connect();
  const socket = FakeSocket.last as FakeSocket;
  return {
    open: () =>
      act(() => {
        socket.readyState = 1;
        socket.onopen?.();
      }),
    send: (type: string, payload: unknown) =>
      act(() => socket.onmessage?.({ data: JSON.stringify({ type, payload }) })),
  };
}

const stored = (over: Partial<ErrorLog>): ErrorLog => ({
  id: 61,
  message: 'Failed to fetch dynamically imported module',
  page: '/dashboard/overview',
  stack: null,
  component: null,
  affected: { clients: [42], emails: [], productids: [], browser: ['Chrome 134 on Windows'] },
  count: 3,
  resolved: false,
  createdAt: '2026-03-20T09:00:00.000Z',
  updatedAt: '2026-03-20T09:10:00.000Z',
  ...over,
});

describe('LiveBugReports', () => {
  it('shows whether it is live, adds each change to the feed and reads the log again', async () => {
    const socket = openSocket();
    let logs = [stored({})];
    const api = fakeApi({
      'GET /api/status/finderror/all': () => ({
        items: logs,
        total: logs.length,
        page: 1,
        pageSize: 20,
      }),
    });
    renderWithApp(<LiveBugReports />, { path: '/dashboard/employee/live-bug-reports' });
    expect((await screen.findByTestId('realtime-status')).textContent).toBe('Connecting…');
    socket.open();
    expect(screen.getByTestId('realtime-status').textContent).toBe('Live');
    expect(await screen.findByRole('table', { name: 'Latest error logs' })).toBeTruthy();
    expect(screen.getByText('No new reports yet.')).toBeTruthy();
    expect(Object.fromEntries(api.calls[0]?.query ?? [])).toEqual({ page: '1', pageSize: '20' });
    expect(screen.getByRole('link', { name: 'error log' }).getAttribute('href')).toBe(
      '/dashboard/employee/status',
    );

    const change: ErrorLogChanged = {
      id: 62,
      change: 'created',
      message: "Cannot read properties of null (reading 'lat')",
      page: '/Products/rank-grid/5521',
      count: 1,
      resolved: false,
      at: '2026-03-20T15:42:00.000Z',
    };
    logs = [stored({ id: 62, message: change.message, page: change.page, count: 1 }), ...logs];
    socket.send('error-log.changed', change);
    const feed = await screen.findByRole('list', { name: 'Latest changes' });
    expect(within(feed).getByText('New')).toBeTruthy();
    expect(feed.textContent).toContain(
      "Cannot read properties of null (reading 'lat') (/Products/rank-grid/5521) · 1×",
    );
    const table = screen.getByRole('table', { name: 'Latest error logs' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(api.calls).toHaveLength(2);
    const changedRow = within(table)
      .getByText(/reading 'lat'/)
      .closest('tr') as HTMLElement;
    expect(changedRow.className).toBe('table-info');
    expect(within(changedRow).getByText('New')).toBeTruthy();

    socket.send('error-log.changed', { ...change, change: 'repeated', count: 2 });
    await waitFor(() => expect(within(feed).getAllByRole('listitem')).toHaveLength(2));
    // The row shows the latest change.
    expect(within(changedRow).getByText('Repeated')).toBeTruthy();
  });

  it('says when no error has been reported', async () => {
    fakeApi({
      'GET /api/status/finderror/all': () => ({ items: [], total: 0, page: 1, pageSize: 20 }),
    });
    renderWithApp(<LiveBugReports />);
    expect(await screen.findByText('No errors reported. New ones appear here live.')).toBeTruthy();
    expect(screen.getByTestId('realtime-status').textContent).toBe('Not connected');
  });
});

const signIn = (over: Partial<SignInReport>): SignInReport => ({
  id: 9001,
  email: 'owner@ruizplumbing.com',
  userId: 318,
  method: 'password',
  outcome: 'success',
  ip: '203.0.113.24',
  at: '2026-03-20T15:00:00.000Z',
  ...over,
});

describe('LiveLoginReports', () => {
  it('lists sign-ins newest first and puts each new one at the top, once', async () => {
    const socket = openSocket();
    socket.open();
    const api = fakeApi({
      'GET /api/reports/sign-ins': () => ({
        items: [
          signIn({}),
          signIn({
            id: 9000,
            email: 'front@brightsmile.com',
            outcome: 'bad_credentials',
            userId: null,
          }),
        ],
      }),
    });
    renderWithApp(<LiveLoginReports />);
    const table = await screen.findByRole('table', { name: 'Sign-in attempts' });
    expect(api.calls[0]?.query.get('limit')).toBe('100');
    const emails = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(emails()).toEqual(['owner@ruizplumbing.com', 'front@brightsmile.com']);
    expect(within(table).getByText('Wrong password')).toBeTruthy();

    const fresh = signIn({
      id: 9002,
      email: 'marco.ruiz@ruizplumbing.com',
      method: 'google',
      outcome: 'mfa_required',
      ip: '198.51.100.7',
    });
    socket.send('sign-in', fresh);
    socket.send('sign-in', fresh);
    await waitFor(() =>
      expect(emails()).toEqual([
        'marco.ruiz@ruizplumbing.com',
        'owner@ruizplumbing.com',
        'front@brightsmile.com',
      ]),
    );
    // An outcome this page does not know reads as itself.
    expect(within(table).getByText('mfa_required')).toBeTruthy();
    expect(api.calls).toHaveLength(1);
  });

  it('says when nobody has signed in yet', async () => {
    fakeApi({ 'GET /api/reports/sign-ins': () => ({ items: [] }) });
    renderWithApp(<LiveLoginReports />);
    expect(
      await screen.findByText('No sign-ins yet. New ones appear here as they happen.'),
    ).toBeTruthy();
  });
});
