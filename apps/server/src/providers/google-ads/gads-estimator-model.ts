import type {
  GadsEstimateRequest,
  GadsEstimateSource,
  GadsForecast,
  GadsKeywordIdea,
} from './port';

/**
 * The demo ads estimator's model. It is calibrated on the Google Ads figures we store
 * (`gads_metric_months` of kind `keyword` joined to `gads_keywords`): one sample is one
 * keyword's full month in one account, with the population of the cities that account's
 * location figures name. For each seed keyword the model takes the samples whose keyword
 * shares the most words with it (all samples when none shares a word) and their medians of
 *   CTR = clicks / impressions, CPC = cost / clicks,
 *   reach = monthly impressions per 100,000 residents of the account's cities,
 * and the whole sample's pooled conversion rate (all conversions / all clicks: leads are sparse
 * and land on a campaign's first keywords, so a keyword's own or median rate would be 0);
 * then impressions = reach × the geo target's residents / 100,000, clicks = impressions × CTR,
 * cost = clicks × CPC, and the month's budget caps cost (impressions and clicks shrink in
 * proportion). Keyword ideas are the seeds and the most similar stored keywords, with the
 * same reach as "monthly searches" (impressions are the searches an ad showed on, a lower
 * bound), competition by where their median CPC falls in the whole sample's CPC terciles,
 * and the 20th–80th percentile of their CPCs as the bid range. No constant is invented:
 * with no sample the model says it cannot estimate (the caller answers 503).
 */
export interface EstimatorSampleRow {
  /** The stored keyword's text, lower case. */
  text: string;
  impressions: number;
  clicks: number;
  costCents: number;
  conversions: number;
  /** Residents of the account's cities; null when none of them is known. */
  population: number | null;
}

export class NoEstimatorSample extends Error {
  constructor() {
    super('The demo model has no stored Google Ads keyword figures to calibrate on yet.');
    this.name = 'NoEstimatorSample';
  }
}

const STOP = new Set(['near', 'me', 'the', 'a', 'an', 'and', 'for', 'in', 'of', 'to', 'my']);
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w));

/** The q-quantile of sorted values (linear between neighbours); null for none. */
export function quantile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (at - lo);
}
const sortedOf = (values: number[]) => values.filter(Number.isFinite).sort((x, y) => x - y);
const median = (values: number[]) => quantile(sortedOf(values), 0.5);

interface Rates {
  ctr: number;
  cpcCents: number;
  conversionRate: number;
  /** Monthly impressions per 100,000 residents. */
  reach: number;
  cpcs: number[];
}

function ratesOf(rows: EstimatorSampleRow[]): Rates | null {
  const shown = rows.filter((r) => r.impressions > 0);
  const clicked = rows.filter((r) => r.clicks > 0);
  const placed = shown.filter((r) => (r.population ?? 0) > 0);
  const ctr = median(shown.map((r) => r.clicks / r.impressions));
  const cpcs = sortedOf(clicked.map((r) => r.costCents / r.clicks));
  const cpcCents = quantile(cpcs, 0.5);
  // Conversions are sparse (most keyword-months have none, so their median is 0): the
  // rate is pooled, all conversions over all clicks of the samples.
  const clickSum = clicked.reduce((n, r) => n + r.clicks, 0);
  const conversionRate =
    clickSum > 0 ? clicked.reduce((n, r) => n + r.conversions, 0) / clickSum : null;
  const reach = median(placed.map((r) => (r.impressions / (r.population ?? 1)) * 100_000));
  if (ctr === null || cpcCents === null || conversionRate === null || reach === null) return null;
  return { ctr, cpcCents, conversionRate, reach, cpcs };
}

/** The samples most like a keyword: those sharing the most words with it, else all of them. */
function similarTo(keyword: string, sample: EstimatorSampleRow[]) {
  const mine = new Set(words(keyword));
  let best = 0;
  let rows: EstimatorSampleRow[] = [];
  for (const row of sample) {
    const shared = words(row.text).filter((w) => mine.has(w)).length;
    if (shared > best) {
      best = shared;
      rows = [];
    }
    if (shared === best && shared > 0) rows.push(row);
  }
  return best > 0 ? { rows, similar: true } : { rows: sample, similar: false };
}

export function createEstimatorModel(sample: EstimatorSampleRow[]) {
  const all = ratesOf(sample);
  if (!all) throw new NoEstimatorSample();
  const overall = all;
  const terciles = [quantile(overall.cpcs, 1 / 3) ?? 0, quantile(overall.cpcs, 2 / 3) ?? 0];
  const source = (request: GadsEstimateRequest, similar: number): GadsEstimateSource => ({
    kind: 'demo',
    label: 'demo model',
    sampleSize: sample.length,
    detail: `Medians of ${sample.length} keyword-months of the stored demo accounts (${similar} of ${request.keywords.length} keywords matched by shared words), scaled to ${request.population.toLocaleString('en-US')} residents and capped by the budget.`,
  });
  const ratesFor = (keyword: string) => {
    const found = similarTo(keyword, sample);
    const rates = ratesOf(found.rows) ?? overall;
    // Leads are few and land on a campaign's first keywords: one keyword's own rate is mostly
    // 0, so every keyword takes the whole sample's pooled conversion rate.
    return { rates: { ...rates, conversionRate: overall.conversionRate }, similar: found.similar };
  };

  function forecast(request: GadsEstimateRequest) {
    let impressions = 0;
    let clicks = 0;
    let cost = 0;
    let conversions = 0;
    let similar = 0;
    for (const keyword of request.keywords) {
      const { rates, similar: matched } = ratesFor(keyword);
      if (matched) similar++;
      const shown = (rates.reach * request.population) / 100_000;
      const clicked = shown * rates.ctr;
      impressions += shown;
      clicks += clicked;
      cost += clicked * rates.cpcCents;
      conversions += clicked * rates.conversionRate;
    }
    // The month's budget is a ceiling: past it Google stops showing the ads.
    const cap = cost > request.monthlyBudgetCents ? request.monthlyBudgetCents / cost : 1;
    const result: GadsForecast = {
      impressions: Math.round(impressions * cap),
      clicks: Math.round(clicks * cap),
      costCents: Math.round(cost * cap),
      conversions: Math.round(conversions * cap * 10) / 10,
      averageCpcCents: null,
    };
    result.averageCpcCents =
      result.clicks > 0 ? Math.round(result.costCents / result.clicks) : null;
    return { forecast: result, source: source(request, similar) };
  }

  function ideaOf(text: string, rates: Rates, population: number): GadsKeywordIdea {
    const mid = quantile(rates.cpcs, 0.5);
    const [low = 0, high = 0] = terciles;
    const competition =
      mid === null ? 'UNKNOWN' : mid < low ? 'LOW' : mid < high ? 'MEDIUM' : 'HIGH';
    const bid = (q: number) => {
      const v = quantile(rates.cpcs, q);
      return v === null ? null : Math.round(v);
    };
    return {
      text,
      monthlySearches: Math.round((rates.reach * population) / 100_000),
      competition,
      lowBidCents: bid(0.2),
      highBidCents: bid(0.8),
    };
  }

  function keywordIdeas(request: GadsEstimateRequest, limit = 25) {
    const ideas = new Map<string, GadsKeywordIdea>();
    let similar = 0;
    for (const keyword of request.keywords) {
      const text = keyword.trim().toLowerCase();
      const { rates, similar: matched } = ratesFor(text);
      if (matched) similar++;
      if (!ideas.has(text)) ideas.set(text, ideaOf(text, rates, request.population));
    }
    // Then the stored keywords most like the seeds, each with its own samples.
    for (const keyword of request.keywords) {
      const found = similarTo(keyword, sample);
      if (!found.similar) continue;
      for (const text of new Set(found.rows.map((r) => r.text))) {
        if (ideas.size >= limit) break;
        if (ideas.has(text)) continue;
        const rates = ratesOf(sample.filter((r) => r.text === text));
        if (rates) ideas.set(text, ideaOf(text, rates, request.population));
      }
    }
    return { ideas: [...ideas.values()], source: source(request, similar) };
  }

  return { forecast, keywordIdeas };
}
