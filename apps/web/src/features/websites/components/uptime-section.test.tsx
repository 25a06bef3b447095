import {
  type AuthResponse,
  formatInstantDateTime,
  type WebsiteIncident,
  type WebsiteSite,
  type WebsiteUptimeReport,
} from '@pinpoint/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductReportProps } from '../../../components/product-report-props';
import { fakeApi, reply } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { formatDuration } from './incidents-table';
import { UptimeSection } from './uptime-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;
const UPTIME = 'POST /api/uni/products/:api/:productId/uptime';
const props: ProductReportProps = {
  productId: 512,
  slug: 'webworx-professional',
  range: { from: '2026-11-01', to: '2026-11-29' },
  previousRange: { from: '2026-10-03', to: '2026-10-31' },
  timeZone: 'America/Chicago',
};

const site = (over: Partial<WebsiteSite>): WebsiteSite => ({
  siteId: 77,
  url: 'https://www.hillcountrydental.example',
  isDemo: false,
  demoDown: false,
  status: 'down',
  statusSince: '2026-11-29T12:40:00.000Z',
  lastCheckedAt: '2026-11-29T13:30:00.000Z',
  lastStatusCode: 503,
  lastResponseMs: null,
  lastErrorKind: 'http_5xx',
  lastError: 'The server answered 503 Service Unavailable.',
  tlsExpiresAt: new Date(Date.now() + 10.5 * DAY).toISOString(),
  ...over,
});

const incident = (i: number, over: Partial<WebsiteIncident> = {}): WebsiteIncident => ({
  id: 100 + i,
  startedAt: new Date(Date.UTC(2026, 10, 28 - i, 8)).toISOString(),
  endedAt: new Date(Date.UTC(2026, 10, 28 - i, 9, 5)).toISOString(),
  cause: 'timeout',
  statusCode: null,
  durationMinutes: 65,
  ...over,
});

const report = (over: Partial<WebsiteUptimeReport> = {}): WebsiteUptimeReport => ({
  site: site({}),
  uptimePercent: 99.42,
  averageResponseMs: 412,
  days: [{ date: '2026-11-29', up: 760, degraded: 0, down: 50, uptimePercent: 93.83 }],
  recentChecks: [
    { at: '2026-11-29T13:25:00.000Z', ms: 388, up: true },
    { at: '2026-11-29T13:30:00.000Z', ms: null, up: false },
  ],
  dailyResponse: [],
  incidents: [
    incident(0, { endedAt: null, cause: 'http_5xx', statusCode: 503, durationMinutes: 50 }),
    ...Array.from({ length: 11 }, (_, i) => incident(i + 1)),
    incident(12, { cause: 'cert_revoked', durationMinutes: 120 }),
  ],
  ...over,
});

const cells = (row: Element) => [...row.children].map((cell) => cell.textContent);

describe('website uptime', () => {
  it('says how the site is now, its figures and when its certificate runs out', async () => {
    const api = fakeApi({ [UPTIME]: () => report() });
    renderWithApp(<UptimeSection {...props} />);
    const status = await screen.findByTestId('website-status');
    expect(status.textContent).toBe(
      `Downsince ${formatInstantDateTime('2026-11-29T12:40:00.000Z', 'America/Chicago')}`,
    );
    expect(api.calls[0]).toMatchObject({
      path: '/api/uni/products/webworx/512/uptime',
      data: { from: '2026-11-01', to: '2026-11-29' },
    });
    expect(screen.getByTestId('website-last-error').textContent).toBe(
      ' · Last check: The server answered 503 Service Unavailable.',
    );
    const figures = screen.getByTestId('report-figure');
    expect([...figures.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '99.42%',
      '412 ms',
      expect.stringMatching(/^\d\d\/\d\d\/\d{4} \(in 10 days\)$/),
    ]);
    expect(figures.querySelectorAll('dd')[2]?.firstElementChild?.className).toBe('text-danger');
    // Staff controls are for staff only.
    expect(screen.queryByText('Staff controls')).toBeNull();
  });

  it('reads missing figures in words', async () => {
    fakeApi({
      [UPTIME]: () =>
        report({
          site: site({
            url: 'http://hillcountrydental.example',
            status: 'unknown',
            statusSince: null,
            lastCheckedAt: null,
            lastErrorKind: null,
            lastError: null,
            lastResponseMs: 240,
          }),
          uptimePercent: null,
          averageResponseMs: null,
          recentChecks: [],
          incidents: [],
        }),
    });
    renderWithApp(<UptimeSection {...props} />);
    expect((await screen.findByTestId('website-status')).textContent).toBe('Not checked yet');
    expect(
      [...screen.getByTestId('report-figure').querySelectorAll('dd')].map((d) => d.textContent),
    ).toEqual(['No checks', '— (last check: 240 ms)', 'No TLS (the site is served over http)']);
    expect(screen.getByText('No checks in the last 48 hours yet.')).toBeTruthy();
    expect(screen.getByText('No incidents in this range.')).toBeTruthy();
  });

  it('lists incidents ten to a page with their cause and length, and the last checks', async () => {
    fakeApi({ [UPTIME]: () => report() });
    renderWithApp(<UptimeSection {...props} />);
    const table = await screen.findByTestId('website-incidents');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(cells(rows[0] as Element).slice(1)).toEqual([
      'Ongoing',
      '50 min',
      'Server error (HTTP 503)',
    ]);
    expect(cells(rows[1] as Element).slice(2)).toEqual(['1 h 5 min', 'No answer in time']);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const last = within(screen.getByTestId('website-incidents')).getAllByRole('row').slice(1);
    expect(last).toHaveLength(3);
    // A cause the page has no words for reads as the server names it.
    expect(cells(last[2] as Element).slice(2)).toEqual(['2 h', 'cert_revoked']);

    const checks = screen.getByRole('table', {
      name: 'Response time, last 48 hours: data',
      hidden: true,
    });
    expect(
      within(checks)
        .getAllByRole('row', { hidden: true })
        .slice(1)
        .map((row) => cells(row).slice(1)),
    ).toEqual([
      ['Down', '—'],
      ['Up', '388 ms'],
    ]);
  });

  it('formats incident lengths in minutes and hours', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(59)).toBe('59 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(61)).toBe('1 h 1 min');
    expect(formatDuration(1500)).toBe('25 h');
  });
});

/** The section under the product page's route, whose loader holds the session. */
function renderForStaff(ui: React.ReactElement) {
  const client = { client_id: 42, name: 'Hill Country Dental', label: 'Hill Country Dental' };
  const auth: AuthResponse = {
    session: {
      exp: Date.now() + 3_600_000,
      lead: false,
      clients: [client],
      client,
      perm: true,
      admin: false,
    },
    user: {
      clientId: 42,
      index: 0,
      clientLabel: 'Hill Country Dental',
      client,
      email: 'dana@summitlocal.example',
      firstName: 'Dana',
      lastName: 'Staff',
      lead: false,
      phoneExt: null,
      auth_type: 'password',
      perm: true,
      admin: false,
    },
  };
  const router = createMemoryRouter([
    { id: 'product-page', path: '/', loader: () => auth, element: ui },
  ]);
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('staff controls of a site', () => {
  it('check now, take the demo site down, and point the product at another URL', async () => {
    const demo = site({ url: 'http://pinpoint.test/demo-sites/77', isDemo: true, status: 'up' });
    const answers = [
      reply(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Check the address.',
          details: [{ path: 'body.url', message: 'Private and local addresses are refused.' }],
        },
      }),
    ];
    const api = fakeApi({
      [UPTIME]: () => report({ site: demo }),
      'POST /api/uni/products/website/:productId/:action': () => ({ site: demo }),
      'PUT /api/uni/products/website/:productId/site': ({ data }) =>
        answers.shift() ?? { site: site({ url: String(data.url) }) },
    });
    renderForStaff(<UptimeSection {...props} />);
    const staffCalls = () =>
      api.calls.filter((c) => c.path.startsWith('/api/uni/products/website/'));
    const check = await screen.findByRole('button', { name: 'Check now' });
    fireEvent.click(check);
    await waitFor(() => expect(staffCalls()).toHaveLength(1));
    // Each action waits for the one before it.
    const down = screen.getByRole('button', { name: 'Take the demo site down' });
    await waitFor(() => expect((down as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(down);
    await waitFor(() => expect(staffCalls()).toHaveLength(2));
    expect(staffCalls().map((c) => [c.path, c.data])).toEqual([
      ['/api/uni/products/website/512/check', {}],
      ['/api/uni/products/website/512/demo-site', { down: true }],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Change the site URL' }));
    const url = screen.getByLabelText(/^Site URL/) as HTMLInputElement;
    // A demo site's own address is not offered for editing.
    expect(url.value).toBe('');
    fireEvent.change(url, { target: { value: 'http://192.168.1.20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save URL' }));
    expect(await screen.findByText('Private and local addresses are refused.')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(url, { target: { value: 'https://www.hillcountrydental.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save URL' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change the site URL' })).toBeTruthy(),
    );
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.data).toEqual({
      url: 'https://www.hillcountrydental.example',
    });
  });
});
