import { describe, expect, it } from 'vitest';
import { createEstimatorModel, NoEstimatorSample, quantile } from './gads-estimator-model';

const row = (
  text: string,
  impressions: number,
  clicks: number,
  costCents: number,
  conversions = 0,
) => ({
  text,
  impressions,
  clicks,
  costCents,
  conversions,
  population: 100_000,
});
// Plumbing keywords cost $5 a click, roofing $2; 1 in 10 clicks converts overall.
const sample = [
  row('plumbing repair', 1000, 50, 25_000, 5),
  row('plumbing repair', 1200, 60, 30_000, 6),
  row('plumbing emergency', 800, 40, 20_000, 4),
  row('roofing repair', 2000, 100, 20_000, 10),
  row('roofing cost', 2000, 100, 20_000, 10),
];
const request = (keywords: string[], monthlyBudgetCents = 10_000_000, population = 200_000) => ({
  keywords,
  geoTargetId: '21176',
  population,
  monthlyBudgetCents,
  period: { from: '2026-03-02', to: '2026-03-31' },
});

describe('the demo estimator model', () => {
  it('takes the medians of the keywords sharing the most words, scaled by population', () => {
    const { forecast, source } = createEstimatorModel(sample).forecast(
      request(['plumbing repair']),
    );
    // Both "plumbing repair" months: reach 1,100 per 100k → 2,200; CTR 5% → 110; CPC $5.
    expect(forecast.impressions).toBe(2200);
    expect(forecast.clicks).toBe(110);
    expect(forecast.costCents).toBe(55_000);
    expect(forecast.averageCpcCents).toBe(500);
    // The pooled rate of the whole sample: 35 of 350 clicks.
    expect(forecast.conversions).toBe(11);
    expect(source).toMatchObject({ kind: 'demo', label: 'demo model', sampleSize: 5 });
  });

  it('caps cost at the budget and shrinks clicks and impressions with it', () => {
    const { forecast } = createEstimatorModel(sample).forecast(
      request(['plumbing repair'], 11_000),
    );
    expect(forecast.costCents).toBe(11_000);
    expect(forecast.clicks).toBe(22);
    expect(forecast.impressions).toBe(440);
  });

  it('falls back to the whole sample for a keyword sharing no word, and says so', () => {
    const { source } = createEstimatorModel(sample).forecast(request(['gutter cleaning']));
    expect(source.detail).toContain('0 of 1 keywords matched');
  });

  it('offers the seeds and the similar stored keywords, with competition by CPC tercile', () => {
    const { ideas } = createEstimatorModel(sample).keywordIdeas(request(['plumbing']));
    expect(ideas.map((i) => i.text)).toEqual(['plumbing', 'plumbing repair', 'plumbing emergency']);
    expect(ideas[1]).toMatchObject({ competition: 'HIGH', lowBidCents: 500, highBidCents: 500 });
    const roofing = createEstimatorModel(sample).keywordIdeas(request(['roofing'])).ideas;
    expect(roofing[1]?.competition).toBe('LOW');
  });

  it('refuses to estimate from nothing', () => {
    expect(() => createEstimatorModel([])).toThrow(NoEstimatorSample);
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([1, 3], 0.5)).toBe(2);
  });
});
