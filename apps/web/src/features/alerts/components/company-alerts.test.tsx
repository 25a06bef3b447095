import type { Alert } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { formatDateTime } from './alert-items';
import { CompanyAlerts } from './company-alerts';
import { OpenAlerts } from './open-alerts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KINDS = ['grid', 'review', 'listing', 'uptime', 'freemium'] as const;
const TITLES = {
  grid: 'ATRP got worse for “emergency plumber”',
  review: 'New 2-star review on Google',
  listing: 'Your Yelp listing shows an old phone number',
  uptime: 'ruizplumbing.com is not answering',
  freemium: 'Your free scan is ready',
};

/** The alerts of Ruiz Family Plumbing (company 42), kept like the server keeps them. */
function alertsServer(count: number, unread: number) {
  const alerts: Alert[] = Array.from({ length: count }, (_, i) => {
    const kind = KINDS[i % KINDS.length] ?? 'grid';
    return {
      id: 700 - i,
      companyId: 42,
      kind,
      title: `${TITLES[kind]} (#${i + 1})`,
      body: i === 0 ? 'Average rank moved from 4.2 to 6.8 in the north-east quadrant.' : '',
      read: i >= unread,
      createdAt: new Date(Date.UTC(2026, 2, 20, 15) - i * 86_400_000).toISOString(),
    };
  });
  const list = ({ query }: FakeRequest) => {
    const limit = Number(query.get('limit'));
    const offset = Number(query.get('offset') ?? 0);
    const matching = query.get('unread') === 'true' ? alerts.filter((a) => !a.read) : alerts;
    return {
      items: matching.slice(offset, offset + limit),
      total: matching.length,
      unreadCount: alerts.filter((a) => !a.read).length,
      limit,
      offset,
    };
  };
  const markOne = ({ params }: FakeRequest) => {
    const alert = alerts.find((a) => a.id === Number(params.alertId));
    if (!alert) return replyError(404, 'NOT_FOUND', 'No such alert.');
    alert.read = true;
    return alert;
  };
  const markAll = () => {
    const updated = alerts.filter((a) => !a.read).length;
    for (const alert of alerts) alert.read = true;
    return { updated, unreadCount: 0 };
  };
  return { list, markOne, markAll };
}

const queryOf = (call: FakeRequest | undefined) => Object.fromEntries(call?.query ?? []);

describe('formatDateTime', () => {
  it('writes MM/dd/yyyy and the local 24-hour time', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 9, 7).toISOString())).toBe('03/05/2026 09:07');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('12/31/2026 23:59');
  });
});

describe('CompanyAlerts', () => {
  it('lists a page of alerts, marks one read, and marks all read', async () => {
    const server = alertsServer(12, 3);
    const api = fakeApi({
      'GET /api/alerts/:companyId': server.list,
      'POST /api/alerts/:companyId/:alertId/read': server.markOne,
      'POST /api/alerts/:companyId/read-all': server.markAll,
    });
    renderWithApp(<CompanyAlerts companyId={42} />);
    const list = await screen.findByRole('list', { name: 'Alerts' });
    const items = within(list).getAllByTestId('alert-item');
    expect(items).toHaveLength(10);
    expect(queryOf(api.calls[0])).toEqual({ limit: '10', offset: '0' });
    expect(screen.getByText('3 unread')).toBeTruthy();
    const first = items[0] as HTMLElement;
    expect(within(first).getByText('Rank grid')).toBeTruthy();
    expect(within(first).getByText('Unread')).toBeTruthy();
    expect(within(first).getByText(/north-east quadrant/)).toBeTruthy();
    expect(within(items[3] as HTMLElement).getByText('Website down')).toBeTruthy();
    expect(within(items[3] as HTMLElement).queryByRole('button')).toBeNull();

    fireEvent.click(
      within(items[1] as HTMLElement).getByRole('button', {
        name: 'Mark as read: New 2-star review on Google (#2)',
      }),
    );
    expect(await screen.findByText('2 unread')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.path).toBe('/api/alerts/42/699/read');

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByText(/unread$/)).toBeNull());
    expect(screen.queryByText('Unread')).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/alerts/42/read-all')).toBe(true);
  });

  it('pages by ten and goes back to page 1 when only unread ones are shown', async () => {
    const api = fakeApi({ 'GET /api/alerts/:companyId': alertsServer(23, 2).list });
    renderWithApp(<CompanyAlerts companyId={42} />);
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(queryOf(api.calls.at(-1))).toEqual({ limit: '10', offset: '10' });

    fireEvent.click(screen.getByLabelText('Unread only'));
    await waitFor(() => expect(screen.getAllByTestId('alert-item')).toHaveLength(2));
    expect(queryOf(api.calls.at(-1))).toEqual({ limit: '10', offset: '0', unread: 'true' });
    expect(screen.queryByRole('navigation', { name: 'Alert pages' })).toBeNull();
  });

  it('says when there are no alerts, and when none is unread', async () => {
    fakeApi({ 'GET /api/alerts/:companyId': alertsServer(4, 0).list });
    renderWithApp(<CompanyAlerts companyId={42} />);
    await screen.findByRole('list', { name: 'Alerts' });
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Unread only'));
    expect(await screen.findByText('No unread alerts. You are all caught up.')).toBeTruthy();
    cleanup();

    fakeApi({ 'GET /api/alerts/:companyId': alertsServer(0, 0).list });
    renderWithApp(<CompanyAlerts companyId={42} />);
    expect(await screen.findByText('No alerts yet.')).toBeTruthy();
  });

  it('says why alerts could not be marked read, until dismissed', async () => {
    fakeApi({
      'GET /api/alerts/:companyId': alertsServer(2, 2).list,
      'POST /api/alerts/:companyId/read-all': () =>
        replyError(403, 'FORBIDDEN', 'Staff cannot mark a client’s alerts as read.'),
    });
    renderWithApp(<CompanyAlerts companyId={42} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    const problem = await screen.findByText(
      'The alerts could not be marked as read: Staff cannot mark a client’s alerts as read.',
    );
    fireEvent.click(within(problem).getByRole('button', { name: 'Close alert' }));
    await waitFor(() => expect(screen.queryByText(/could not be marked as read/)).toBeNull());
  });

  it('shows why the alerts could not be loaded and tries again', async () => {
    const server = alertsServer(1, 1);
    const answers: ((r: FakeRequest) => unknown)[] = [
      () => replyError(500, 'INTERNAL', 'The database did not answer.'),
      server.list,
    ];
    fakeApi({ 'GET /api/alerts/:companyId': (request) => answers.shift()?.(request) });
    renderWithApp(<CompanyAlerts companyId={42} />);
    expect(
      await screen.findByText(/The alerts could not be loaded: The database did not answer\./),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Alerts' })).toBeTruthy();
  });

  // Marking the one alert of the last page read ("Unread only") leaves fewer pages: the list
  // goes back to the new last page instead of an empty one without a pager.
  it('goes back a page when marking read empties the last one', async () => {
    const server = alertsServer(11, 11);
    fakeApi({
      'GET /api/alerts/:companyId': server.list,
      'POST /api/alerts/:companyId/:alertId/read': server.markOne,
    });
    renderWithApp(<CompanyAlerts companyId={42} />);
    fireEvent.click(await screen.findByLabelText('Unread only'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Mark as read: .*\(#11\)$/ }));
    await screen.findByText('10 unread');
    expect(screen.queryByText('No unread alerts. You are all caught up.')).toBeNull();
    expect(await screen.findAllByTestId('alert-item')).toHaveLength(10);
  });
});

describe('OpenAlerts', () => {
  it('shows the latest five unread with their count, and marks one read', async () => {
    const server = alertsServer(9, 7);
    const api = fakeApi({
      'GET /api/alerts/:companyId': server.list,
      'POST /api/alerts/:companyId/:alertId/read': server.markOne,
    });
    renderWithApp(<OpenAlerts companyId={42} />);
    expect(await screen.findByRole('heading', { name: 'Open alerts (7)' })).toBeTruthy();
    expect(screen.getAllByTestId('alert-item')).toHaveLength(5);
    expect(queryOf(api.calls[0])).toEqual({ limit: '5', unread: 'true' });
    expect(screen.getByRole('link', { name: 'My alerts' }).getAttribute('href')).toBe(
      '/dashboard/my-alerts',
    );
    fireEvent.click(screen.getAllByRole('button', { name: /^Mark as read/ })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Open alerts (6)' })).toBeTruthy();
  });

  it('says all is caught up when nothing is unread', async () => {
    fakeApi({ 'GET /api/alerts/:companyId': alertsServer(3, 0).list });
    renderWithApp(<OpenAlerts companyId={42} />);
    expect(await screen.findByText('No unread alerts. You are all caught up.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Open alerts' })).toBeTruthy();
  });
});
