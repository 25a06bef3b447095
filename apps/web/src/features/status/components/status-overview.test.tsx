import type { StatusComponent, StatusPage, UptimeDay } from '@pinpoint/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { StatusOverview } from './status-overview';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STATUS = 'GET /api/system/status';

/** Ninety UTC days ending on 2026-11-29, `missing` of them first without samples. */
function history(missing: number): UptimeDay[] {
  return Array.from({ length: 90 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 29 - 89 + i)).toISOString().slice(0, 10);
    return i < missing
      ? { date, up: 0, degraded: 0, down: 0, uptimePercent: null }
      : { date, up: 1440, degraded: 0, down: 0, uptimePercent: 100 };
  });
}

const component = (over: Partial<StatusComponent>): StatusComponent => ({
  name: 'api',
  status: 'up',
  latencyMs: 12,
  detail: null,
  uptimePercent: 99.95,
  history: history(0),
  ...over,
});

const page: StatusPage = {
  status: 'degraded',
  checkedAt: '2026-11-29T13:30:00.000Z',
  components: [
    component({}),
    component({
      name: 'job-queue',
      status: 'degraded',
      latencyMs: null,
      detail: '412 jobs waiting',
      uptimePercent: 99.5,
      history: history(60),
    }),
    component({ name: 'search-cache', uptimePercent: null, history: history(90) }),
  ],
  providers: [
    {
      name: 'google-sign-in',
      lastSuccessAt: '2026-11-29T13:25:00.000Z',
      calls24h: 1830,
      failed24h: 4,
      errorRate24h: 0.2186,
      status: 'up',
    },
    {
      name: 'facebook-sign-in',
      lastSuccessAt: null,
      calls24h: 0,
      failed24h: 0,
      errorRate24h: null,
      status: 'down',
    },
  ],
};

describe('the status page', () => {
  it('sums up the state, then each component with its uptime and the providers', async () => {
    fakeApi({ [STATUS]: () => page });
    renderWithApp(<StatusOverview />);
    expect((await screen.findByText('Some systems are degraded')).getAttribute('role')).toBe(
      'status',
    );
    expect(
      screen.getByText(
        `Checked at ${new Date(page.checkedAt).toLocaleTimeString()} · refreshes every 30 seconds`,
      ),
    ).toBeTruthy();

    const api = screen.getByRole('article', { name: 'API' });
    expect(within(api).getByTestId('component-status').textContent).toBe('Operational');
    expect(within(api).getByText('Response time 12 ms')).toBeTruthy();
    expect(within(api).getByText('99.95% uptime over the last 90 days')).toBeTruthy();

    // Labels from the name; the share says on how many days it rests.
    const queue = screen.getByRole('article', { name: 'Job queue' });
    expect(within(queue).getByTestId('component-status').textContent).toBe('Degraded');
    expect(within(queue).getByText('· 412 jobs waiting')).toBeTruthy();
    expect(
      within(queue).getByText('99.5% uptime over the last 90 days (measured on 30 of 90 days)'),
    ).toBeTruthy();
    const cache = screen.getByRole('article', { name: 'Search cache' });
    expect(within(cache).getByText('No uptime data yet for the last 90 days.')).toBeTruthy();

    const google = screen.getByRole('row', { name: /^Google sign-in/ });
    expect([...google.children].map((cell) => cell.textContent)).toEqual([
      'Google sign-in Operational',
      new Date('2026-11-29T13:25:00.000Z').toLocaleString(),
      '1830',
      '0.22%',
    ]);
    const facebook = screen.getByRole('row', { name: /^Facebook sign-in/ });
    expect([...facebook.children].map((cell) => cell.textContent)).toEqual([
      'Facebook sign-in Down',
      'None recorded',
      '0',
      'No calls',
    ]);
  });

  it('says when nothing reports yet', async () => {
    fakeApi({
      [STATUS]: () => ({ ...page, status: 'operational', components: [], providers: [] }),
    });
    renderWithApp(<StatusOverview />);
    expect((await screen.findByText('All systems operational')).getAttribute('role')).toBe(
      'status',
    );
    expect(screen.getByText('No component reports its health yet.')).toBeTruthy();
    expect(screen.getByText('No data providers are configured.')).toBeTruthy();
  });

  it('keeps the last state on screen when a refresh fails, and says so', async () => {
    const answers: unknown[] = [{ ...page, status: 'outage' }];
    fakeApi({
      [STATUS]: () => answers.shift() ?? replyError(503, 'SERVICE_UNAVAILABLE', 'Busy, try later'),
    });
    const { queryClient } = renderWithApp(<StatusOverview />);
    expect((await screen.findByText('Some systems are down')).getAttribute('role')).toBe('status');
    await queryClient.refetchQueries({ queryKey: ['system-status'] });
    expect(
      await screen.findByText(
        `The latest refresh failed (Busy, try later); this is the state at ${new Date(page.checkedAt).toLocaleTimeString()}.`,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Some systems are down')).toBeTruthy();
  });

  it('offers to try again when the first answer fails', async () => {
    fakeApi({ [STATUS]: () => replyError(500, 'INTERNAL', 'The status probe crashed.') });
    renderWithApp(<StatusOverview />);
    expect(
      await screen.findByText('The status could not be loaded: The status probe crashed.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
