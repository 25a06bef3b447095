import type { PageSpeedJob, PageSpeedReport, PageSpeedRun, ProductPage } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { PageSpeedPanel } from './page-speed-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const productPage: ProductPage = {
  product: {
    id: 512,
    companyId: 42,
    slug: 'website-hosting',
    name: 'Website Hosting',
    status: 'active',
    startDate: '2025-01-15',
    monthlyPriceCents: 4_900,
  },
  company: { id: 42, name: 'Hill Country Dental', timeZone: 'America/Chicago' },
  connectionId: null,
};

const mobile: PageSpeedRun = {
  id: 301,
  strategy: 'mobile',
  status: 'done',
  scores: { performance: 48, accessibility: 91, bestPractices: 78, seo: 100 },
  vitals: {
    lcp: { value: 4210, rating: 'poor', source: 'field' },
    inp: null,
    cls: { value: 0.083, rating: 'good', source: 'lab' },
    tbt: { value: 340, rating: 'needs-improvement', source: 'lab' },
  },
  ranAt: '2026-11-28T09:00:00.000Z',
  error: null,
};

const report = (over: Partial<PageSpeedReport> = {}): PageSpeedReport => ({
  site: { url: 'https://www.hillcountrydental.example', isDemo: false },
  source: 'live',
  latest: { mobile, desktop: null },
  history: [
    {
      month: '2026-10',
      mobile: { performance: 40, accessibility: 90, bestPractices: 78, seo: 98 },
      desktop: { performance: 88, accessibility: 92, bestPractices: 80, seo: 100 },
    },
    { month: '2026-11', mobile: mobile.scores, desktop: null },
  ],
  job: null,
  nextRunAt: null,
  ...over,
});

const job = (state: PageSpeedJob['state'], error: string | null = null): PageSpeedJob => ({
  id: 77,
  state,
  origin: 'manual',
  error,
  createdAt: '2026-11-29T13:00:00.000Z',
  finishedAt: null,
});

const PAGE_SPEED = 'POST /api/uni/products/:api/:productId/pagespeed';

function server(routes: Record<string, FakeRoute>) {
  return fakeApi({ 'GET /api/uni/products/item/:productId': () => productPage, ...routes });
}

const historyRows = () =>
  within(screen.getByRole('table', { name: /^Scores by month/, hidden: true }))
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('page speed', () => {
  it('shows the four scores with their bands, the vitals, and the months for each device', async () => {
    const api = server({ [PAGE_SPEED]: () => report() });
    renderWithApp(<PageSpeedPanel productId={512} />);
    const scores = await screen.findByTestId('page-speed-scores');
    expect(api.calls.find((c) => c.method === 'POST')?.path).toBe(
      '/api/uni/products/hosting/512/pagespeed',
    );
    expect(within(scores).getByTestId('score-Performance').textContent).toContain(
      'Performance48 out of 100, Poor',
    );
    expect(within(scores).getByTestId('score-Accessibility').textContent).toContain(
      '91 out of 100, Good',
    );
    expect(within(scores).getByTestId('score-Best practices').textContent).toContain(
      'Needs improvement',
    );
    expect(screen.getByTestId('page-speed-last-run').textContent).toMatch(
      /^Last measured \d\d\/\d\d\/2026 .+ · By Google PageSpeed Insights\.$/,
    );
    const vitals = screen.getByRole('table', { name: /Core Web Vitals/ });
    expect(
      within(vitals)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Largest Contentful Paint (LCP)', '4.2 s', 'Poor', 'Real users'],
      ['Cumulative Layout Shift (CLS)', '0.08', 'Good', 'Lab'],
      ['Total Blocking Time (TBT)', '340 ms', 'Needs improvement', 'Lab'],
    ]);
    expect(historyRows()).toEqual([
      ['Nov 2026', '48', '91', '78', '100'],
      ['Oct 2026', '40', '90', '78', '98'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Desktop' }));
    expect(screen.getByRole('button', { name: 'Desktop' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText('Not measured yet on desktop. “Run now” measures it.')).toBeTruthy();
    expect(screen.queryByTestId('page-speed-scores')).toBeNull();
    // A month without a desktop run is left out.
    expect(historyRows()).toEqual([['Oct 2026', '88', '92', '80', '100']]);
  });

  it('runs a measure now and shows where the run stands', async () => {
    const answers = [report(), report({ job: job('running-mobile') })];
    const api = server({
      [PAGE_SPEED]: () => answers.shift() ?? report({ job: job('running-mobile') }),
      [`${PAGE_SPEED}/run`]: () => ({ job: job('queued') }),
    });
    renderWithApp(<PageSpeedPanel productId={512} />);
    const run = await screen.findByRole('button', { name: 'Run now' });
    fireEvent.click(run);
    expect(await screen.findByText('Measuring on mobile…')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Page speed run' }).getAttribute('aria-valuenow'),
    ).toBe('40');
    // No second run while one is under way.
    expect((screen.getByRole('button', { name: 'Run now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(api.calls.filter((c) => c.path.endsWith('/pagespeed/run'))).toHaveLength(1);
  });

  it('says why the last run failed, and when the next one is allowed', async () => {
    server({
      [PAGE_SPEED]: () =>
        report({
          job: job('failed', 'The site did not answer within 60 seconds.'),
          latest: {
            mobile: { ...mobile, status: 'failed', scores: null, vitals: null, error: 'Timed out' },
            desktop: null,
          },
          nextRunAt: new Date(Date.now() + 90_000).toISOString(),
        }),
    });
    renderWithApp(<PageSpeedPanel productId={512} />);
    expect((await screen.findByTestId('page-speed-failed')).textContent).toBe(
      'The last run failed: The site did not answer within 60 seconds.',
    );
    expect(screen.getByTestId('page-speed-last-run').textContent).toMatch(
      /^The last mobile run failed \(.+\): Timed out · /,
    );
    expect(
      screen.getByText(/^Measured moments ago: you can run it again in \d+ s\.$/),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says when there is no site, and when the report cannot be read', async () => {
    server({ [PAGE_SPEED]: () => report({ site: null }) });
    const { unmount } = renderWithApp(<PageSpeedPanel productId={512} />);
    expect(await screen.findByText('This product has no website to measure yet.')).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();

    server({ [PAGE_SPEED]: () => replyError(502, 'SERVICE_UNAVAILABLE', 'PageSpeed is down.') });
    renderWithApp(<PageSpeedPanel productId={512} />);
    expect(
      await screen.findByText(/Page speed could not be loaded: PageSpeed is down\./),
    ).toBeTruthy();
  });
});
