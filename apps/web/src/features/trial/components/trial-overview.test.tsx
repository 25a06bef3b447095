import {
  type AppConfigResponse,
  formatInstantDateTime,
  type ScanQuota,
  type ScanSummary,
  type TrialMe,
} from '@pinpoint/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { TrialOverview } from './trial-overview';
import { TrialProfile } from './trial-profile';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me: TrialMe = {
  profile: {
    email: 'sam@rivercitytowing.example',
    firstName: 'Sam',
    lastName: 'Ortiz',
    company: 'River City Towing',
    phone: '+15125550187',
    website: null,
    city: 'Austin',
    state: 'TX',
    signedUpAt: '2026-11-27T18:05:00.000Z',
  },
  trialCompanyId: 7001,
  scansPerDay: 3,
};

const quota = (remaining: number): ScanQuota => ({
  scope: 'trial',
  companyId: 7001,
  day: '2026-11-29',
  resetsAt: '2026-11-30T00:00:00.000Z',
  maxGridSize: 7,
  points: { used: 98, limit: 500, remaining: 402 },
  scans: { used: 3 - remaining, limit: 3, remaining },
});

const scan = (over: Partial<ScanSummary>): ScanSummary => ({
  id: 5101,
  companyId: 7001,
  configId: null,
  itemId: null,
  keyword: 'tow truck',
  size: 5,
  radius: 2,
  unit: 'mi',
  atrp: 8.36,
  arp: 3.2,
  solv: 36,
  foundIn: 19,
  status: 'done',
  origin: 'trial',
  createdAt: '2026-11-28T16:00:00.000Z',
  finishedAt: '2026-11-28T16:03:00.000Z',
  ...over,
});

const config = (agency: AppConfigResponse['agency']): AppConfigResponse => ({
  productionHost: null,
  tileUrl: null,
  tileAttribution: '',
  agency,
});

const hrefs = {
  viewHref: (id: number) => `/trial/scan/${id}`,
  liveHref: '/trial/live',
  historyHref: '/trial/history',
};

function server(
  scans: ScanSummary[],
  agency = config({
    name: 'Summit Local Marketing',
    email: 'hello@summitlocal.example',
    phone: '+1 512 555 0100',
  }),
) {
  return fakeApi({
    'GET /api/app-config': () => agency,
    'GET /api/localrank/latest/keyword': () => ({ scans }),
  });
}

describe('the trial overview', () => {
  it('shows the newest finished scan’s numbers, the scans left and the agency’s contact', async () => {
    const api = server([
      scan({}),
      scan({
        id: 5107,
        keyword: 'roadside assistance',
        size: 7,
        radius: 3,
        createdAt: '2026-11-29T09:15:00.000Z',
      }),
    ]);
    renderWithApp(<TrialOverview me={me} quota={quota(2)} {...hrefs} />);
    const open = await screen.findByRole('link', { name: 'Open this scan' });
    expect(open.getAttribute('href')).toBe('/trial/scan/5107');
    expect(open.closest('p')?.textContent).toBe(
      `roadside assistance · 7×7 · 3 mi, ${formatInstantDateTime('2026-11-29T09:15:00.000Z')}. Open this scan`,
    );
    expect(
      api.calls.find((c) => c.path === '/api/localrank/latest/keyword')?.query.get('companyId'),
    ).toBe('7001');
    const figures = [...document.querySelectorAll('dl > div')].map((d) => [
      d.querySelector('dt')?.textContent,
      d.querySelector('dd')?.textContent,
    ]);
    expect(figures).toEqual([
      ['Average total rank(not found counted as 21)', '8.4'],
      ['Average rank where found', '3.2'],
      ['Share of local voice(points ranked 1 to 3)', '36%'],
      ['Found in(of 49 points)', '19'],
    ]);

    expect(
      screen.getByText(/^Welcome, Sam\. Your free trial runs local rank grids: up to 3 scans/),
    ).toBeTruthy();
    expect(screen.getByTestId('trial-quota-left').textContent).toBe(
      '2 of 3 free scans left today (grids up to 7×7).',
    );
    expect(screen.getByRole('link', { name: 'Run a scan' }).getAttribute('href')).toBe(
      '/trial/live',
    );
    expect(screen.getByText(/^Talk to Summit Local Marketing:/)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'E-mail us to book a call' }).getAttribute('href'),
    ).toBe(
      'mailto:hello@summitlocal.example?subject=Local%20rank%20grid%3A%20I%20would%20like%20to%20talk',
    );
    expect(screen.getByRole('link', { name: 'Call +1 512 555 0100' }).getAttribute('href')).toBe(
      'tel:+15125550100',
    );
  });

  it('invites a first grid before any scan, without asking for one', async () => {
    const api = server([]);
    renderWithApp(
      <TrialOverview me={{ ...me, trialCompanyId: null }} quota={quota(3)} {...hrefs} />,
    );
    expect(await screen.findByText(/You have not run a finished scan yet\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Run your first grid' }).getAttribute('href')).toBe(
      '/trial/live',
    );
    expect(api.calls.some((c) => c.path === '/api/localrank/latest/keyword')).toBe(false);
  });

  it('says so when the company has no finished scan yet', async () => {
    server([]);
    renderWithApp(<TrialOverview me={me} quota={quota(3)} {...hrefs} />);
    expect(await screen.findByRole('link', { name: 'Run your first grid' })).toBeTruthy();
  });

  it('once the day’s scans are used: says when they come back, and invites a talk instead', async () => {
    server([scan({})], config({ name: 'Summit Local Marketing', email: null, phone: null }));
    renderWithApp(
      <TrialOverview
        me={{ ...me, profile: { ...me.profile, firstName: '' } }}
        quota={quota(0)}
        {...hrefs}
      />,
    );
    const notice = await screen.findByTestId('trial-quota-reached');
    expect(notice.textContent).toBe(
      `You've used today's 3 free scans. They refresh at midnight UTC. (next at ${formatInstantDateTime('2026-11-30T00:00:00.000Z')} your time)`,
    );
    expect(screen.getByText(/^Welcome\. Your free trial/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Run a scan' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Your scan history' })).toBeTruthy();
    // One invitation only, and no contact links the operator did not configure.
    expect(screen.getByText('Want more than three scans a day?')).toBeTruthy();
    expect(screen.queryByText('Want us to track this every week?')).toBeNull();
    expect(await screen.findByText(/^Talk to Summit Local Marketing:/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /E-mail us|Call/ })).toBeNull();
  });
});

describe('the trial profile', () => {
  it('lists the lead’s details, with "Not given" for what they left out', async () => {
    renderWithApp(
      <TrialProfile
        me={{ ...me, profile: { ...me.profile, lastName: '', state: null, company: null } }}
      />,
    );
    await screen.findByText('Signed up');
    const rows = [...document.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(rows).toEqual([
      ['Name', 'Sam'],
      ['E-mail', 'sam@rivercitytowing.example'],
      ['Business', 'Not given'],
      ['Phone', '+15125550187'],
      ['Website', 'Not given'],
      ['City', 'Austin'],
      ['Signed up', formatInstantDateTime('2026-11-27T18:05:00.000Z')],
    ]);
  });
});

describe('a quota without a scan counter', () => {
  it('says nothing about scans left, and still offers a scan', async () => {
    server([scan({})]);
    renderWithApp(<TrialOverview me={me} quota={{ ...quota(3), scans: null }} {...hrefs} />);
    expect(await screen.findByRole('link', { name: 'Open this scan' })).toBeTruthy();
    expect(screen.queryByTestId('trial-quota-left')).toBeNull();
    expect(screen.getByRole('link', { name: 'Run a scan' })).toBeTruthy();
  });
});
