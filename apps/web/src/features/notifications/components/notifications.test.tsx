import type { Notification, NotificationList } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../lib/realtime';
import { type FakeRequest, type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { decisionMessage } from './notification-item';
import { NotificationsBell } from './notifications-bell';

afterEach(async () => {
  cleanup();
  await realtime.disconnect();
  vi.unstubAllGlobals();
});

const base = { companyId: 4, body: '', read: true, actedAt: null, actedBy: null };
const pending: Notification = {
  ...base,
  id: 71,
  kind: 'post.approval',
  title: 'Friday post: fall whitening special',
  body: 'Your agency wrote a Google post to go out Friday at 9:00 AM.',
  state: 'pending',
  read: false,
  createdAt: '2026-11-27T15:00:00.000Z',
};
const approved: Notification = {
  ...base,
  id: 70,
  kind: 'review.reply',
  title: 'Reply to Maria G.’s review',
  state: 'approved',
  createdAt: '2026-11-25T14:00:00.000Z',
  actedAt: '2026-11-25T18:00:00.000Z',
  actedBy: { id: 12, name: 'Olivia Owner' },
};
const declined: Notification = {
  ...base,
  id: 69,
  kind: 'post.approval',
  title: 'Holiday hours post',
  state: 'declined',
  createdAt: '2026-11-20T14:00:00.000Z',
  actedAt: '2026-11-21T09:00:00.000Z',
};
const info: Notification = {
  ...base,
  id: 68,
  kind: 'report.ready',
  title: 'October report is ready',
  body: 'Your monthly performance report is ready to view.',
  state: 'info',
  read: false,
  createdAt: '2026-11-02T13:00:00.000Z',
};
const ALL = [pending, approved, declined, info];

function list(
  request: FakeRequest,
  items = ALL,
  counts = { unreadCount: 2, pendingCount: 1 },
): NotificationList {
  const onlyPending = request.query.get('pending') === 'true';
  const shown = onlyPending ? items.filter((n) => n.state === 'pending') : items;
  return {
    items: shown,
    total: onlyPending ? shown.length : 23,
    ...counts,
    limit: Number(request.query.get('limit')),
    offset: Number(request.query.get('offset')),
  };
}

function serve(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/uni/client/notifications/:companyId': (r) => list(r),
    'POST /api/uni/client/notifications/:id/approve': ({ params, data }) => ({
      ...pending,
      id: Number(params.id),
      state: data.decision,
      read: true,
      actedAt: '2026-11-29T13:00:00.000Z',
      actedBy: { id: 12, name: 'Olivia Owner' },
    }),
    'POST /api/uni/client/notifications/:companyId/read': () => ({ marked: 2, unreadCount: 0 }),
    ...routes,
  });
}

async function openPanel() {
  renderWithApp(<NotificationsBell companyId={4} companyName="Harbor Smiles Orthodontics" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  return screen.findByRole('list', { name: 'Notifications list' });
}

const item = (title: string) => screen.getByRole('listitem', { name: title });
const gets = (api: ReturnType<typeof serve>) =>
  api.calls.filter((c) => c.method === 'GET').map((c) => Object.fromEntries(c.query.entries()));

describe('decisionMessage', () => {
  it('says what was decided, naming the request and who decided when known', () => {
    const event = {
      id: 71,
      companyId: 4,
      state: 'approved' as const,
      actedAt: null,
      actedBy: 'Olivia Owner',
    };
    expect(decisionMessage(event, 'Friday post')).toBe(
      '“Friday post” was approved by Olivia Owner.',
    );
    expect(decisionMessage({ ...event, state: 'declined', actedBy: null }, null)).toBe(
      'A request was declined.',
    );
  });
});

describe('NotificationsBell', () => {
  it('puts the unread count in the button’s name, and caps the badge at 99+', async () => {
    serve({
      'GET /api/uni/client/notifications/:companyId': (r) =>
        list(r, ALL, { unreadCount: 120, pendingCount: 1 }),
    });
    renderWithApp(<NotificationsBell companyId={4} companyName="Harbor Smiles Orthodontics" />);
    await screen.findByRole('button', { name: 'Notifications, 120 unread' });
    expect(screen.getByTestId('unread-count').textContent).toBe('99+');
    cleanup();

    serve({
      'GET /api/uni/client/notifications/:companyId': (r) =>
        list(r, ALL, { unreadCount: 0, pendingCount: 0 }),
    });
    renderWithApp(<NotificationsBell companyId={4} companyName="Harbor Smiles Orthodontics" />);
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });

  it('lists the notifications with what happened to each, newest page first', async () => {
    const api = serve();
    await openPanel();
    expect(screen.getByText('2 unread · 1 waiting for approval')).toBeTruthy();
    expect(within(item(pending.title)).getByText('Waiting for approval')).toBeTruthy();
    expect(within(item(pending.title)).getByText('New')).toBeTruthy();
    expect(within(item(approved.title)).queryByText('New')).toBeNull();
    expect(within(item(approved.title)).getByTestId('notification-outcome').textContent).toMatch(
      /^Approved by Olivia Owner on .*2026/,
    );
    expect(within(item(declined.title)).getByTestId('notification-outcome').textContent).toMatch(
      /^Declined on .*2026/,
    );
    expect(within(item(info.title)).queryByTestId('notification-outcome')).toBeNull();
    expect(within(item(info.title)).queryByRole('button')).toBeNull();
    expect(gets(api)[0]).toEqual({ limit: '10', offset: '0' });

    const pages = screen.getByRole('navigation', { name: 'Notification pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    fireEvent.click(within(pages).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(gets(api).at(-1)).toEqual({ limit: '10', offset: '10' }));
  });

  it('shows only what waits for approval, from its first page', async () => {
    const api = serve({
      'GET /api/uni/client/notifications/:companyId': (r) =>
        r.query.get('pending') === 'true' ? list(r, []) : list(r),
    });
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Waiting for approval (1)' }));
    expect(await screen.findByText('Nothing is waiting for your approval.')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Waiting for approval (1)' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(gets(api).at(-1)).toEqual({ limit: '10', offset: '0', pending: 'true' });
  });

  it('approves a request and says so in words', async () => {
    const api = serve();
    await openPanel();
    fireEvent.click(within(item(pending.title)).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByTestId('notifications-news').textContent).toBe(
        '“Friday post: fall whitening special” was approved by Olivia Owner.',
      ),
    );
    const decision = api.calls.find((c) => c.method === 'POST');
    expect([decision?.path, decision?.data]).toEqual([
      '/api/uni/client/notifications/71/approve',
      { decision: 'approved' },
    ]);
  });

  it('asks why before declining, and can be cancelled', async () => {
    const api = serve();
    await openPanel();
    fireEvent.click(within(item(pending.title)).getByRole('button', { name: 'Decline' }));
    const form = screen.getByRole('form', { name: `Decline ${pending.title}` });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: `Decline ${pending.title}` })).toBeNull();

    fireEvent.click(within(item(pending.title)).getByRole('button', { name: 'Decline' }));
    fireEvent.change(screen.getByLabelText('Why? (optional; the agency sees it)'), {
      target: { value: '  Please use the photo of the new lobby.  ' },
    });
    fireEvent.click(within(screen.getByRole('form')).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(screen.getByTestId('notifications-news').textContent).toBe(
        '“Friday post: fall whitening special” was declined by Olivia Owner.',
      ),
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.data)).toEqual([
      { decision: 'declined', comment: 'Please use the photo of the new lobby.' },
    ]);
  });

  it('says why a decision was refused', async () => {
    serve({
      'POST /api/uni/client/notifications/:id/approve': () =>
        replyError(409, 'CONFLICT', 'Someone already declined this request.'),
    });
    await openPanel();
    fireEvent.click(within(item(pending.title)).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone already declined this request.',
    );
  });

  it('marks all as read', async () => {
    let unread = 2;
    const api = serve({
      'GET /api/uni/client/notifications/:companyId': (r) =>
        list(r, ALL, { unreadCount: unread, pendingCount: 1 }),
      'POST /api/uni/client/notifications/:companyId/read': () => {
        unread = 0;
        return { marked: 2, unreadCount: 0 };
      },
    });
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('0 unread · 1 waiting for approval')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      screen.getByRole('button', { name: 'Notifications, 0 unread', hidden: true }),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/uni/client/notifications/4/read',
    ]);
  });

  it('announces a decision taken elsewhere, by the title this tab has loaded', async () => {
    // A stand-in for the browser's socket: the test opens it and feeds it messages.
    type Socket = {
      readyState: number;
      onopen?: () => void;
      onmessage?: (event: { data: string }) => void;
    };
    const sockets: Socket[] = [];
    vi.stubGlobal(
      'WebSocket',
      class implements Socket {
        static CONNECTING = 0;
        static OPEN = 1;
        readyState = 1;
        onmessage?: (event: { data: string }) => void;
        constructor() {
          sockets.push(this);
        }
        close() {}
      },
    );
    serve();
    await openPanel();
    realtime.connect();
    const send = (payload: unknown) =>
      sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'notification.changed', payload }) });
    send({ id: 71, companyId: 99, state: 'approved', actedAt: null, actedBy: 'Someone Else' });
    send({ id: 71, companyId: 4, state: 'declined', actedAt: null, actedBy: 'Marco Owner' });
    await waitFor(() =>
      expect(screen.getByTestId('notifications-news').textContent).toBe(
        '“Friday post: fall whitening special” was declined by Marco Owner.',
      ),
    );
  });
});
