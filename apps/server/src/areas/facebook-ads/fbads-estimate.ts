import { FBADS_GOALS, type FbadsEstimate, type FbadsGoal } from '@pinpoint/contracts';
import type { CampaignSample } from './fbads.repository';

/**
 * The Facebook ads sales estimate, a model over our own synced campaigns (never numbers
 * made up in a handler):
 *
 * 1. Window: the last WINDOW_DAYS days up to the newest synced day.
 * 2. Sample: every campaign whose objective counts for the goal (contracts FBADS_GOALS)
 *    and that spent at least MIN_SPEND_CENTS with at least MIN_IMPRESSIONS in the window,
 *    of companies in the chosen industry (our verticals). With fewer than MIN_SAMPLE such
 *    campaigns, all industries' campaigns for the goal are used, and `basis` says so.
 * 3. Per campaign: CPM = spend / impressions × 1000; cost per lead = spend / leads (only
 *    campaigns with leads); reach rate = sum of daily reach / impressions.
 * 4. Quartiles across campaigns (linear interpolation): the median is `mid`, the 25th and
 *    75th percentiles bound the band. A cheaper CPM or cost per lead gives the high end.
 * 5. For the budget B a month: impressions = B / CPM × 1000; reach (daily-reach sum, an
 *    upper bound on unique people) = impressions × median reach rate; leads = B / cost per
 *    lead.
 */
export const WINDOW_DAYS = 180;
export const MIN_SPEND_CENTS = 5_000;
export const MIN_IMPRESSIONS = 1_000;
export const MIN_SAMPLE = 3;

export const ESTIMATE_METHOD =
  `Medians and quartiles of our synced Facebook campaigns of the last ${WINDOW_DAYS} days ` +
  `(each with at least $${MIN_SPEND_CENTS / 100} spend and ${MIN_IMPRESSIONS.toLocaleString('en-US')} impressions) ` +
  'for this goal and industry (all industries when it has fewer than ' +
  `${MIN_SAMPLE}): impressions = budget ÷ CPM × 1,000; reach = impressions × the median ` +
  'share of daily reach in impressions (a sum of daily reach, an upper bound on unique ' +
  'people); leads = budget ÷ cost per lead.';

/** The q-th quantile (0–1) of sorted values, linearly interpolated. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const a = sorted[lower] ?? 0;
  const b = sorted[upper] ?? a;
  return a + (b - a) * (position - lower);
}

function quartiles(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  return { q1: quantile(sorted, 0.25), median: quantile(sorted, 0.5), q3: quantile(sorted, 0.75) };
}

export function estimate(
  samples: CampaignSample[],
  input: { industry: string; goal: FbadsGoal; monthlyBudgetCents: number },
  window: { from: string | null; to: string | null },
): FbadsEstimate {
  const objectives: readonly string[] =
    FBADS_GOALS.find((g) => g.id === input.goal)?.objectives ?? [];
  const eligible = samples.filter(
    (s) =>
      objectives.includes(s.objective) &&
      s.spendCents >= MIN_SPEND_CENTS &&
      s.impressions >= MIN_IMPRESSIONS,
  );
  const ofIndustry = eligible.filter((s) => s.industry === input.industry);
  const basis =
    ofIndustry.length >= MIN_SAMPLE
      ? 'industry'
      : eligible.length >= MIN_SAMPLE
        ? 'all-industries'
        : 'none';
  const used = basis === 'industry' ? ofIndustry : basis === 'all-industries' ? eligible : [];
  const budget = input.monthlyBudgetCents;
  const base: FbadsEstimate = {
    industry: input.industry,
    goal: input.goal,
    monthlyBudgetCents: budget,
    basis,
    sample: {
      campaigns: used.length,
      companies: new Set(used.map((s) => s.companyId)).size,
      from: window.from,
      to: window.to,
    },
    cpmCents: null,
    costPerLeadCents: null,
    impressions: null,
    reachDailySum: null,
    leads: null,
    method: ESTIMATE_METHOD,
  };
  if (used.length === 0) return base;

  const cpm = quartiles(used.map((s) => (s.spendCents / s.impressions) * 1000));
  const reachRate = quartiles(used.map((s) => s.reachDailySum / s.impressions)).median;
  const impressionsAt = (cpmCents: number) => Math.round((budget / cpmCents) * 1000);
  const impressions = {
    low: impressionsAt(cpm.q3),
    mid: impressionsAt(cpm.median),
    high: impressionsAt(cpm.q1),
  };
  base.cpmCents = {
    low: Math.round(cpm.q1),
    mid: Math.round(cpm.median),
    high: Math.round(cpm.q3),
  };
  base.impressions = impressions;
  base.reachDailySum = {
    low: Math.round(impressions.low * reachRate),
    mid: Math.round(impressions.mid * reachRate),
    high: Math.round(impressions.high * reachRate),
  };
  const withLeads = used.filter((s) => s.leads > 0);
  if (withLeads.length > 0) {
    const cpl = quartiles(withLeads.map((s) => s.spendCents / s.leads));
    base.costPerLeadCents = {
      low: Math.round(cpl.q1),
      mid: Math.round(cpl.median),
      high: Math.round(cpl.q3),
    };
    base.leads = {
      low: Math.floor(budget / cpl.q3),
      mid: Math.floor(budget / cpl.median),
      high: Math.floor(budget / cpl.q1),
    };
  }
  return base;
}
