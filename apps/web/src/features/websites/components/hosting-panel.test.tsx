import { formatInstantDateTime, type HostingReport } from '@pinpoint/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { HostingPanel } from './hosting-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;
const HOSTING = 'POST /api/uni/products/hosting/:productId/hosting';

/** A UTC day `days` from now, as yyyy-MM-dd. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const report = (over: Partial<HostingReport> = {}): HostingReport => ({
  account: {
    plan: 'Business 20 GB',
    domain: 'hillcountrydental.example',
    domainRenewsOn: dayFromNow(45),
    diskQuotaMb: 20_480,
    bandwidthQuotaMb: 102_400,
    diskUsedMb: 18_944,
    bandwidthUsedMb: 81_920,
    ssl: {
      issuer: "Let's Encrypt R11",
      subject: 'hillcountrydental.example',
      expiresAt: new Date(Date.now() + 12.5 * DAY).toISOString(),
    },
  },
  history: [
    { month: '2026-09', diskUsedMb: 17_800, bandwidthUsedMb: 96_300 },
    { month: '2026-10', diskUsedMb: null, bandwidthUsedMb: 88_400 },
    { month: '2026-11', diskUsedMb: 18_944, bandwidthUsedMb: 850 },
  ],
  source: 'live',
  freshness: { status: 'needs_attention', lastSyncedAt: '2026-11-29T06:00:00.000Z' },
  ...over,
});

describe('hosting', () => {
  it('shows the plan, what is used of each quota, and how soon the domain and SSL run out', async () => {
    fakeApi({ [HOSTING]: () => report() });
    renderWithApp(<HostingPanel productId={512} />);
    expect((await screen.findByTestId('hosting-freshness')).textContent).toBe(
      `From the hosting server (cPanel). Last synced ${formatInstantDateTime('2026-11-29T06:00:00.000Z')}. The connection needs attention: your agency has been told.`,
    );
    const disk = screen.getByRole('progressbar', { name: 'Disk: 93% of the quota' });
    expect(disk.firstElementChild?.className).toBe('progress-bar bg-danger');
    expect(screen.getByText('18.5 GB of 20.0 GB (93%)')).toBeTruthy();
    const bandwidth = screen.getByRole('progressbar', {
      name: 'Bandwidth this month: 80% of the quota',
    });
    expect(bandwidth.firstElementChild?.className).toBe('progress-bar bg-warning');

    expect(screen.getByText('renews in 45 days').className).toBe('badge text-bg-success');
    expect(screen.getByText('expires in 13 days').className).toBe('badge text-bg-warning');
    expect(
      screen.getByText(/^Let's Encrypt R11, for hillcountrydental\.example; expires/),
    ).toBeTruthy();

    // The months, newest first; a month without a disk reading reads as a dash.
    const table = screen.getByRole('table', {
      name: 'Disk and bandwidth by month (MB): data',
      hidden: true,
    });
    expect(
      within(table)
        .getAllByRole('row', { hidden: true })
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Month', 'Bandwidth', 'Disk used'],
      ['2026-11', '850 MB', '18.5 GB'],
      ['2026-10', '86.3 GB', '–'],
      ['2026-09', '94.0 GB', '17.4 GB'],
    ]);
  });

  it('reads unlimited plans, lapsed dates and a site without https in words', async () => {
    fakeApi({
      [HOSTING]: () => {
        const base = report();
        return report({
          account: base.account && {
            ...base.account,
            diskQuotaMb: null,
            bandwidthQuotaMb: 2048,
            bandwidthUsedMb: 300,
            domainRenewsOn: dayFromNow(-3),
            ssl: null,
          },
          history: [],
          source: 'demo',
          freshness: { status: 'connected', lastSyncedAt: null },
        });
      },
    });
    renderWithApp(<HostingPanel productId={512} />);
    expect((await screen.findByTestId('hosting-freshness')).textContent).toBe(
      'Demo hosting account. Not synced yet.',
    );
    expect(screen.getByText('18.5 GB used · unlimited')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: /^Disk/ })).toBeNull();
    expect(
      screen.getByRole('progressbar', { name: 'Bandwidth this month: 15% of the quota' })
        .firstElementChild?.className,
    ).toBe('progress-bar bg-success');
    expect(screen.getByText('renews expired').className).toBe('badge text-bg-danger');
    expect(screen.getByText('None: the site is served without https.')).toBeTruthy();
    expect(screen.getByText('No monthly use yet.')).toBeTruthy();
  });

  it('says so when the hosting account is not connected', async () => {
    fakeApi({ [HOSTING]: () => report({ account: null }) });
    renderWithApp(<HostingPanel productId={512} />);
    expect(await screen.findByText(/The hosting account is not connected yet/)).toBeTruthy();
    expect(screen.queryByTestId('hosting-freshness')).toBeNull();
  });
});
