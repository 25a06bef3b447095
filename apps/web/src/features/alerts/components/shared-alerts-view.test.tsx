import type { SharedAlerts } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { formatDateTime } from './alert-items';
import { ShareLinkPanel } from './share-link-panel';
import { SharedAlertsView } from './shared-alerts-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'eyJjIjo0Miwi.ZXhwIjoxNzc0';
const EXPIRES = '2026-03-27T15:00:00.000Z';

const shared = (alerts: SharedAlerts['alerts']): SharedAlerts => ({
  company: { name: 'Bright Smile Dental' },
  alerts,
  expiresAt: EXPIRES,
});

describe('SharedAlertsView', () => {
  it('shows the company’s alerts read-only, until when the link works', async () => {
    const api = fakeApi({
      'GET /api/public/alerts': () =>
        shared([
          {
            id: 81,
            kind: 'review',
            title: 'New 1-star review on Google',
            body: '“Waited 40 minutes past my appointment.”',
            read: false,
            createdAt: '2026-03-19T18:30:00.000Z',
          },
          {
            id: 80,
            kind: 'listing',
            title: 'Your Bing listing has the old suite number',
            body: '',
            read: true,
            createdAt: '2026-03-18T12:00:00.000Z',
          },
        ]),
    });
    renderWithApp(<SharedAlertsView token={TOKEN} />, { path: `/my-alerts?token=${TOKEN}` });
    expect(
      await screen.findByRole('heading', { name: 'Alerts for Bright Smile Dental' }),
    ).toBeTruthy();
    expect(api.calls[0]?.query.get('token')).toBe(TOKEN);
    expect(screen.getByText(formatDateTime(EXPIRES)).getAttribute('datetime')).toBe(EXPIRES);
    const list = screen.getByRole('list', { name: 'Alerts for Bright Smile Dental' });
    expect(within(list).getAllByTestId('alert-item')).toHaveLength(2);
    expect(within(list).getByText('Review')).toBeTruthy();
    expect(within(list).getByText('Unread')).toBeTruthy();
    // Read-only: nothing to mark.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when there are no alerts yet', async () => {
    fakeApi({ 'GET /api/public/alerts': () => shared([]) });
    renderWithApp(<SharedAlertsView token={TOKEN} />);
    expect(await screen.findByText('There are no alerts yet.')).toBeTruthy();
  });

  it('refuses an address without a token without asking the server', async () => {
    const api = fakeApi({});
    renderWithApp(<SharedAlertsView token={null} />);
    const problem = await screen.findByTestId('link-problem');
    expect(problem.textContent).toContain('This alerts link is not valid.');
    expect(within(problem).getByRole('link', { name: 'log in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/dashboard/my-alerts')}`,
    );
    expect(api.calls).toEqual([]);
  });

  it('shows the server’s words for an expired link and does not ask again', async () => {
    const api = fakeApi({
      'GET /api/public/alerts': () =>
        replyError(410, 'LINK_EXPIRED', 'This alerts link has expired. Ask for a new one.'),
    });
    renderWithApp(<SharedAlertsView token={TOKEN} />);
    expect((await screen.findByTestId('link-problem')).textContent).toContain(
      'This alerts link has expired. Ask for a new one.',
    );
    expect(api.calls).toHaveLength(1);
  });

  it('asks once more after a server failure, then offers to try again', async () => {
    const api = fakeApi({
      'GET /api/public/alerts': () => replyError(503, 'SERVICE_UNAVAILABLE', 'Back in a moment.'),
    });
    renderWithApp(<SharedAlertsView token={TOKEN} />);
    expect(
      await screen.findByText(
        /The alerts could not be loaded: Back in a moment\./,
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(2);
    expect(screen.queryByTestId('link-problem')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('ShareLinkPanel', () => {
  it('creates a link for the chosen number of days and shows until when it works', async () => {
    const url = `https://app.pinpointlocal.com/my-alerts?token=${TOKEN}`;
    const api = fakeApi({
      'POST /api/alerts/:companyId/share-link': () => reply(201, { url, expiresAt: EXPIRES }),
    });
    renderWithApp(<ShareLinkPanel companyId={42} />);
    const days = (await screen.findByLabelText('Link expires after')) as HTMLSelectElement;
    expect(days.value).toBe('7');
    expect([...days.options].map((o) => o.text)).toEqual(['1 day', '7 days', '30 days']);
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));

    expect(((await screen.findByLabelText('Read-only link')) as HTMLInputElement).value).toBe(url);
    expect(api.calls[0]?.path).toBe('/api/alerts/42/share-link');
    expect(api.calls[0]?.data).toEqual({ days: 30 });
    expect(screen.getByTestId('share-link-expiry').textContent).toBe(
      `Works until ${formatDateTime(EXPIRES)}.`,
    );
  });

  it('says why a link could not be created', async () => {
    fakeApi({
      'POST /api/alerts/:companyId/share-link': () =>
        replyError(403, 'FORBIDDEN', 'Only the company’s own people share its alerts.'),
    });
    renderWithApp(<ShareLinkPanel companyId={42} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    expect(
      await screen.findByText(
        'The link could not be created: Only the company’s own people share its alerts.',
      ),
    ).toBeTruthy();
  });
});
