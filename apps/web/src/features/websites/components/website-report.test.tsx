import type { ProductPage, WebsiteUptimeReport } from '@pinpoint/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import WebsiteReport from './website-report';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uptime: WebsiteUptimeReport = {
  site: {
    siteId: 77,
    url: 'https://www.hillcountrydental.example',
    isDemo: false,
    demoDown: false,
    status: 'up',
    statusSince: '2026-11-01T00:00:00.000Z',
    lastCheckedAt: '2026-11-29T13:30:00.000Z',
    lastStatusCode: 200,
    lastResponseMs: 388,
    lastErrorKind: null,
    lastError: null,
    tlsExpiresAt: null,
  },
  uptimePercent: 100,
  averageResponseMs: 390,
  days: [],
  recentChecks: [],
  dailyResponse: [],
  incidents: [],
};

function renderReport(slug: string) {
  const page: ProductPage = {
    product: {
      id: 512,
      companyId: 42,
      slug,
      name: 'Website product',
      status: 'active',
      startDate: '2025-01-15',
      monthlyPriceCents: 4_900,
    },
    company: { id: 42, name: 'Hill Country Dental', timeZone: 'America/Chicago' },
    connectionId: null,
  };
  const api = fakeApi({
    'POST /api/uni/products/:api/:productId/uptime': () => uptime,
    'GET /api/uni/products/item/:productId': () => page,
    'POST /api/uni/products/:api/:productId/pagespeed': () => ({
      site: null,
      source: 'demo',
      latest: { mobile: null, desktop: null },
      history: [],
      job: null,
      nextRunAt: null,
    }),
    'POST /api/uni/products/hosting/:productId/hosting': () => ({
      account: null,
      history: [],
      source: 'demo',
      freshness: { status: null, lastSyncedAt: null },
    }),
    'GET /api/uni/products/:api/:productId/submissions': () => ({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      site: null,
    }),
  });
  renderWithApp(
    <WebsiteReport
      productId={512}
      slug={slug}
      range={{ from: '2026-11-01', to: '2026-11-29' }}
      previousRange={{ from: '2026-10-03', to: '2026-10-31' }}
      timeZone="America/Chicago"
    />,
  );
  return api;
}

/** The panels are loaded on demand: the first of each can take a moment. */
const LAZY = { timeout: 5000 };

const panels = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('a website product’s report', () => {
  it('shows hosting and page speed under the uptime of Website Hosting', async () => {
    const api = renderReport('website-hosting');
    expect(await screen.findByRole('heading', { name: 'Hosting' }, LAZY)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Page speed' }, LAZY)).toBeTruthy();
    expect(panels()).toEqual(['Uptime', 'Page speed', 'Hosting']);
    expect(api.calls[0]?.path).toBe('/api/uni/products/hosting/512/uptime');
  });

  it('shows the contact-form messages, and no page speed, for OMG InContact', async () => {
    renderReport('omgincontact');
    expect(
      await screen.findByRole('heading', { name: 'Contact-form messages' }, LAZY),
    ).toBeTruthy();
    expect(panels()).toEqual(['Uptime', 'Contact-form messages']);
    // Not merely still loading: never asked for.
    expect(screen.queryByText('Loading page speed…')).toBeNull();
  });

  it('shows page speed only for WebWorx Professional', async () => {
    renderReport('webworx-professional');
    expect(await screen.findByRole('heading', { name: 'Page speed' }, LAZY)).toBeTruthy();
    expect(panels()).toEqual(['Uptime', 'Page speed']);
    expect(screen.queryByText('Loading hosting…')).toBeNull();
    expect(screen.queryByText('Loading contact-form submissions…')).toBeNull();
  });
});
