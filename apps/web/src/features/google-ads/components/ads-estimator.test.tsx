import type { EstimatorResponse, GeoTarget } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { AdsEstimator } from './ads-estimator';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const austin: GeoTarget = {
  criteriaId: '1026201',
  name: 'Austin',
  canonicalName: 'Austin,Texas,United States',
  parentId: '21176',
  countryCode: 'US',
  targetType: 'City',
  status: 'Active',
};
const texas: GeoTarget = {
  criteriaId: '21176',
  name: 'Texas',
  canonicalName: 'Texas,United States',
  parentId: '2840',
  countryCode: 'US',
  targetType: 'State',
  status: 'Active',
};

const result: EstimatorResponse = {
  report: 'estimator/calculate',
  geoTarget: { criteriaId: austin.criteriaId, canonicalName: austin.canonicalName },
  monthlyBudgetCents: 150_000,
  ideas: [
    {
      text: 'furnace repair austin',
      monthlySearches: 2_900,
      competition: 'HIGH',
      lowBidCents: 412,
      highBidCents: 1_185,
    },
    {
      text: 'emergency hvac',
      monthlySearches: null,
      competition: 'UNKNOWN',
      lowBidCents: null,
      highBidCents: null,
    },
  ],
  forecast: {
    period: { from: '2026-12-01', to: '2026-12-31' },
    impressions: 41_250,
    clicks: 1_180,
    costCents: 149_870,
    conversions: 63.4,
    averageCpcCents: 127,
  },
  source: {
    kind: 'demo',
    label: 'demo model',
    sampleSize: 1_440,
    detail: 'Calibrated on the demo accounts’ stored keyword figures.',
  },
};

function serve(estimate: FakeRoute = () => result) {
  return fakeApi({
    'GET /api/googleads/geotargets': ({ query }) => {
      const q = (query.get('q') ?? '').toLowerCase();
      const rows = [austin, texas].filter((g) => g.canonicalName.toLowerCase().includes(q));
      return { rows, total: rows.length, page: 1, pageSize: Number(query.get('pageSize')) };
    },
    'POST /api/googleads/': estimate,
  });
}

/** The estimator as staff open it; the router renders once its loader has run. */
async function start() {
  renderWithApp(<AdsEstimator />);
  await screen.findByRole('form', { name: 'Estimate' });
}

const keywords = () => screen.getByLabelText('Keywords');
const geo = () => screen.getByLabelText('Geo target');
const budget = () => screen.getByLabelText('Monthly budget (USD)');
const run = () => fireEvent.click(screen.getByRole('button', { name: 'Run estimate' }));

/** Types into the geo search and picks the option by the keyboard once the list shows. */
async function chooseGeo(text: string, optionName: RegExp) {
  fireEvent.change(geo(), { target: { value: text } });
  const option = await screen.findByRole('option', { name: optionName });
  for (let step = 0; step < 8 && option.getAttribute('aria-selected') !== 'true'; step++) {
    fireEvent.keyDown(geo(), { key: 'ArrowDown' });
  }
  fireEvent.keyDown(geo(), { key: 'Enter' });
}

describe('AdsEstimator', () => {
  it('names every missing input and sends nothing', async () => {
    const api = serve();
    await start();
    expect(screen.getByText(/Enter keywords, a place and a budget/)).toBeTruthy();
    run();
    expect(await screen.findByText('Give at least one keyword.')).toBeTruthy();
    expect(screen.getByText('Choose a geo target from the list.')).toBeTruthy();
    expect(screen.getByText('Give the budget in dollars, such as 1500.')).toBeTruthy();

    fireEvent.change(keywords(), {
      target: { value: Array.from({ length: 21 }, (_, i) => `hvac service ${i}`).join('\n') },
    });
    fireEvent.change(budget(), { target: { value: '0.50' } });
    run();
    expect(await screen.findByText('Give at most 20 keywords.')).toBeTruthy();
    expect(screen.getByText('The monthly budget is at least $1.')).toBeTruthy();

    fireEvent.change(keywords(), { target: { value: `furnace ${'repair '.repeat(12)}` } });
    fireEvent.change(budget(), { target: { value: '2,000,000' } });
    run();
    expect(await screen.findByText('A keyword is at most 80 characters.')).toBeTruthy();
    expect(screen.getByText('The monthly budget is at most $1,000,000.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('searches the geo targets, then sends the keywords, the target and the budget in cents', async () => {
    const api = serve();
    await start();
    fireEvent.change(keywords(), {
      target: { value: 'furnace repair austin, emergency hvac\nFurnace repair Austin' },
    });
    fireEvent.change(budget(), { target: { value: '$1,500' } });
    await chooseGeo('aus', /^Austin, Texas, United States/);
    expect(screen.getByText('Chosen: Austin, Texas, United States (city)')).toBeTruthy();
    const search = api.calls.find((c) => c.method === 'GET');
    expect([search?.path, search?.query.get('q'), search?.query.get('pageSize')]).toEqual([
      '/api/googleads/geotargets',
      'aus',
      '8',
    ]);
    run();

    const heading = await screen.findByRole('heading', { name: /^Forecast for/ });
    expect(heading.textContent).toBe(
      'Forecast for Austin, Texas, United States, 12/01/2026–12/31/2026',
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.data)).toEqual([
      {
        report: 'estimator/calculate',
        keywords: ['furnace repair austin', 'emergency hvac'],
        geoTarget: '1026201',
        monthlyBudgetCents: 150_000,
      },
    ]);
    expect(screen.getByTestId('estimator-source').textContent).toBe(
      'Answered by demo model (1,440 samples). Calibrated on the demo accounts’ stored keyword figures.',
    );
    const cards = [...document.querySelectorAll('dl.card')].map((card) => [
      card.querySelector('dt')?.textContent,
      card.querySelector('dd')?.textContent,
    ]);
    expect(cards).toEqual([
      ['Impressions', '41,250'],
      ['Clicks', '1,180'],
      ['Cost', '$1,498.70'],
      ['Conversions', '63.4'],
      ['Average CPC', '$1.27'],
    ]);
    const ideas = screen.getByRole('table', { name: 'Keyword ideas' });
    expect(
      within(ideas)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['furnace repair austin', '2,900', 'High', '$4.12 – $11.85'],
      ['emergency hvac', '—', 'Unknown', '— – —'],
    ]);
  });

  it('forgets the chosen target once its text is edited, and says when nothing matches', async () => {
    serve();
    await start();
    await chooseGeo('tex', /^Texas, United States/);
    expect(screen.getByText('Chosen: Texas, United States (state)')).toBeTruthy();
    fireEvent.change(geo(), { target: { value: 'Texarkana' } });
    expect(screen.getByText('A US city, state, or the whole country.')).toBeTruthy();
    expect(await screen.findByText('No US geo target matches “Texarkana”.')).toBeTruthy();
    fireEvent.change(keywords(), { target: { value: 'ac repair' } });
    fireEvent.change(budget(), { target: { value: '900' } });
    run();
    expect(await screen.findByText('Choose a geo target from the list.')).toBeTruthy();
  });

  it('shows the server’s field problems under their fields, and other failures as an alert', async () => {
    let answer = reply(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the fields.',
        details: [{ path: 'body.geoTarget', message: 'A geo target constant is 4 to 10 digits.' }],
      },
    });
    serve(() => answer);
    await start();
    fireEvent.change(keywords(), { target: { value: 'ac repair' } });
    fireEvent.change(budget(), { target: { value: '900' } });
    await chooseGeo('aus', /^Austin/);
    run();
    expect(await screen.findByText('A geo target constant is 4 to 10 digits.')).toBeTruthy();
    expect(screen.queryByText(/The estimate could not be made/)).toBeNull();

    answer = replyError(503, 'SERVICE_UNAVAILABLE', 'Keyword planning is busy; try again soon.');
    run();
    expect(
      await screen.findByText(
        'The estimate could not be made: Keyword planning is busy; try again soon.',
      ),
    ).toBeTruthy();
  });
});
