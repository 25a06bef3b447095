import { FBADS_GOALS, type FbadsEstimate } from '@pinpoint/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeRoute, fakeApi, reply, replyError } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { FbadsEstimateCard } from './fbads-estimate-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const industries = {
  items: [
    { slug: 'hvac', name: 'HVAC', campaigns: 42 },
    { slug: 'dental', name: 'Dental', campaigns: 18 },
  ],
};
const goals = { items: FBADS_GOALS.map(({ id, name }) => ({ id, name })) };

const estimate: FbadsEstimate = {
  industry: 'hvac',
  goal: 'leads',
  monthlyBudgetCents: 100_000,
  basis: 'industry',
  sample: { campaigns: 38, companies: 21, from: '2026-09-01', to: '2026-11-28' },
  cpmCents: { low: 850, mid: 1_100, high: 1_400 },
  costPerLeadCents: { low: 1_900, mid: 2_750, high: 4_100 },
  impressions: { low: 71_400, mid: 90_900, high: 117_600 },
  reachDailySum: { low: 30_200, mid: 38_500, high: 49_800 },
  leads: { low: 24, mid: 36, high: 52 },
  method: 'Medians and quartiles of the sample’s cost per 1,000 impressions and per lead.',
};

function serve(answer: FakeRoute) {
  return fakeApi({
    'GET /api/fbads/sales/industries': () => industries,
    'GET /api/fbads/sales/goals': () => goals,
    'POST /api/fbads/sales/info': answer,
  });
}

const budget = () => screen.getByLabelText('Monthly budget ($)') as HTMLInputElement;

describe('FbadsEstimateCard', () => {
  it('estimates the first industry’s leads for $1,000 unless told otherwise', async () => {
    const api = serve(() => estimate);
    renderWithApp(<FbadsEstimateCard />);
    const industry = (await screen.findByLabelText('Industry')) as HTMLSelectElement;
    expect([...industry.options].map((o) => o.text)).toEqual([
      'HVAC (42 campaigns)',
      'Dental (18 campaigns)',
    ]);
    expect(budget().value).toBe('1000');
    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));

    const result = await screen.findByTestId('fbads-estimate-result');
    expect(api.calls.at(-1)?.data).toEqual({
      industry: 'hvac',
      goal: 'leads',
      monthlyBudgetCents: 100_000,
    });
    const terms = [...result.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(terms).toEqual([
      ['Impressions a month', '71,400 – 117,600'],
      ['Reach a month (sum of daily reach)', '30,200 – 49,800'],
      ['Leads a month', '24 – 52'],
      ['Cost per lead (median)', '$27.50'],
    ]);
    expect(result.textContent).toContain(
      'From 38 campaigns of 21 companies in this industry, 09/01/2026 to 11/28/2026. Medians',
    );
  });

  it('sends the chosen industry, goal and budget in cents, and starts from the defaults given', async () => {
    const api = serve(({ data }) => ({
      ...estimate,
      ...data,
      basis: 'all-industries',
      leads: null,
      sample: { campaigns: 112, companies: 64, from: null, to: null },
    }));
    renderWithApp(<FbadsEstimateCard defaultIndustry="dental" defaultBudgetCents={250_000} />);
    const industry = (await screen.findByLabelText('Industry')) as HTMLSelectElement;
    expect(industry.value).toBe('dental');
    expect(budget().value).toBe('2500');
    fireEvent.change(screen.getByLabelText('Goal'), { target: { value: 'traffic' } });
    fireEvent.change(budget(), { target: { value: '1500.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));

    const result = await screen.findByTestId('fbads-estimate-result');
    expect(api.calls.at(-1)?.data).toEqual({
      industry: 'dental',
      goal: 'traffic',
      monthlyBudgetCents: 150_050,
    });
    expect(result.textContent).toContain('Leads a monthNot enough data');
    expect(result.textContent).toContain(
      'From 112 campaigns of 64 companies in all industries (this industry has too few). Medians',
    );
  });

  it('says when there is nothing to estimate from', async () => {
    serve(() => ({
      ...estimate,
      basis: 'none',
      sample: { campaigns: 0, companies: 0, from: null, to: null },
      cpmCents: null,
      costPerLeadCents: null,
      impressions: null,
      reachDailySum: null,
      leads: null,
    }));
    renderWithApp(<FbadsEstimateCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Estimate' }));
    expect((await screen.findByTestId('fbads-estimate-result')).textContent).toBe(
      'There are not enough synced campaigns for this goal to estimate from yet.',
    );
  });

  it('shows a refused budget under its field, and any other failure as an alert', async () => {
    let answer = reply(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the highlighted fields.',
        details: [
          { path: 'body.monthlyBudgetCents', message: 'The budget must be at least $100.' },
        ],
      },
    });
    serve(() => answer);
    renderWithApp(<FbadsEstimateCard />);
    fireEvent.change(await screen.findByLabelText('Monthly budget ($)'), {
      target: { value: '50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    expect(await screen.findByText('The budget must be at least $100.')).toBeTruthy();
    expect(budget().className).toContain('is-invalid');
    expect(screen.queryByText('Check the highlighted fields.')).toBeNull();

    answer = replyError(500, 'INTERNAL', 'The estimate model is not ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    expect(await screen.findByText('The estimate model is not ready.')).toBeTruthy();
    expect(budget().className).not.toContain('is-invalid');
  });

  it('says so when the industries or goals cannot be loaded', async () => {
    fakeApi({
      'GET /api/fbads/sales/industries': () => industries,
      'GET /api/fbads/sales/goals': () => replyError(403, 'FORBIDDEN', 'Staff only.'),
    });
    renderWithApp(<FbadsEstimateCard />);
    expect(await screen.findByText('The industries or goals could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Estimate' })).toBeNull();
  });
});
