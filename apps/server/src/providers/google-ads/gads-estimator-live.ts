import { z } from 'zod';
import type { ConnectionAccess } from '../kernel/connection-access';
import { VendorError } from '../kernel/vendor-errors';
import { unexpectedShape, type VendorResponse, type VendorSend } from '../kernel/vendor-http';
import { microsToCents } from './micros';
import type {
  GadsEstimateRequest,
  GadsEstimateSource,
  GadsKeywordIdea,
  GoogleAdsProvider,
} from './port';

const VENDOR = 'google-ads';
const LABEL = 'Google Ads';
/** English; the estimator plans for US searches in English. */
const LANGUAGE = 'languageConstants/1000';
/** Ideas beyond this are not shown; Google pages 1,000 at most anyway. */
const MAX_IDEAS = 50;
const MAX_PAGES = 3;

const LIVE_SOURCE: GadsEstimateSource = {
  kind: 'live',
  label: 'Google Ads keyword planning',
  sampleSize: null,
  detail:
    "Google Ads API keyword planning (generateKeywordIdeas, generateKeywordForecastMetrics) for the agency's account.",
};

/** int64 arrive as strings, doubles as numbers. */
const numeric = z.union([z.string(), z.number()]).optional();
const ideasSchema = z.object({
  results: z
    .array(
      z.object({
        text: z.string(),
        keywordIdeaMetrics: z
          .object({
            avgMonthlySearches: numeric,
            competition: z.string().optional(),
            lowTopOfPageBidMicros: numeric,
            highTopOfPageBidMicros: numeric,
          })
          .optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().optional(),
});
const forecastSchema = z.object({
  campaignForecastMetrics: z
    .object({
      impressions: numeric,
      clicks: numeric,
      costMicros: numeric,
      conversions: numeric,
      averageCpcMicros: numeric,
    })
    .optional(),
});

const num = (v: string | number | undefined) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};
/** Micros to cents (micros.ts rounding); an int64 string stays exact. */
const centsOf = (v: string | number) =>
  microsToCents(typeof v === 'string' && /^-?\d+$/.test(v) ? v : String(Math.round(num(v))));
const COMPETITION = new Set(['LOW', 'MEDIUM', 'HIGH']);

/**
 * The estimator half of the live adapter: Google Ads keyword planning on the agency's own
 * customer (`GOOGLE_ADS_ESTIMATOR_CUSTOMER_ID`), `customers/{id}:generateKeywordIdeas`
 * (paged by `nextPageToken`) and `customers/{id}:generateKeywordForecastMetrics` with a
 * maximize-clicks strategy whose daily target spend is the month's budget over its days.
 */
export function createGadsEstimatorLive(deps: {
  base: string;
  apiVersion: string;
  developerToken: string;
  loginCustomerId?: string | undefined;
  send: VendorSend;
  failure(response: VendorResponse, access: ConnectionAccess): VendorError;
}): Pick<GoogleAdsProvider, 'generateKeywordIdeas' | 'forecast'> {
  async function post(
    access: ConnectionAccess,
    method: string,
    body: unknown,
    signal?: AbortSignal,
  ) {
    if (!access.accessToken) {
      throw new VendorError(VENDOR, 'auth', `${LABEL} is not connected (no access token).`);
    }
    const customer = access.externalAccount.replace(/\D/g, '');
    const response = await deps.send({
      url: `${deps.base}/${deps.apiVersion}/customers/${customer}:${method}`,
      method: 'POST',
      headers: {
        authorization: `Bearer ${access.accessToken}`,
        'developer-token': deps.developerToken,
        ...(deps.loginCustomerId ? { 'login-customer-id': deps.loginCustomerId } : {}),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok) throw deps.failure(response, access);
    return response.json;
  }

  return {
    async generateKeywordIdeas(access, request: GadsEstimateRequest, signal) {
      const ideas: GadsKeywordIdea[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES && ideas.length < MAX_IDEAS; page++) {
        const json = await post(
          access,
          'generateKeywordIdeas',
          {
            keywordSeed: { keywords: request.keywords },
            geoTargetConstants: [`geoTargetConstants/${request.geoTargetId}`],
            language: LANGUAGE,
            keywordPlanNetwork: 'GOOGLE_SEARCH',
            includeAdultKeywords: false,
            pageSize: MAX_IDEAS,
            ...(pageToken ? { pageToken } : {}),
          },
          signal,
        );
        const parsed = ideasSchema.safeParse(json);
        if (!parsed.success) throw unexpectedShape(VENDOR, LABEL);
        for (const r of parsed.data.results ?? []) {
          const m = r.keywordIdeaMetrics;
          const competition =
            m?.competition && COMPETITION.has(m.competition) ? m.competition : 'UNKNOWN';
          ideas.push({
            text: r.text,
            monthlySearches:
              m?.avgMonthlySearches === undefined ? null : Math.round(num(m.avgMonthlySearches)),
            competition: competition as GadsKeywordIdea['competition'],
            lowBidCents:
              m?.lowTopOfPageBidMicros === undefined ? null : centsOf(m.lowTopOfPageBidMicros),
            highBidCents:
              m?.highTopOfPageBidMicros === undefined ? null : centsOf(m.highTopOfPageBidMicros),
          });
        }
        pageToken = parsed.data.nextPageToken || undefined;
        if (!pageToken) break;
      }
      return { ideas: ideas.slice(0, MAX_IDEAS), source: LIVE_SOURCE };
    },

    async forecast(access, request, signal) {
      const days =
        Math.round(
          (Date.parse(`${request.period.to}T00:00:00Z`) -
            Date.parse(`${request.period.from}T00:00:00Z`)) /
            86_400_000,
        ) + 1;
      // Cents → micros: exact (×10,000); the daily spend is the month's budget spread evenly.
      const dailyMicros = Math.round((request.monthlyBudgetCents / Math.max(days, 1)) * 10_000);
      const json = await post(
        access,
        'generateKeywordForecastMetrics',
        {
          currencyCode: 'USD',
          forecastPeriod: { startDate: request.period.from, endDate: request.period.to },
          campaign: {
            languageConstants: [LANGUAGE],
            geoModifiers: [{ geoTargetConstant: `geoTargetConstants/${request.geoTargetId}` }],
            keywordPlanNetwork: 'GOOGLE_SEARCH',
            biddingStrategy: {
              maximizeClicksBiddingStrategy: { dailyTargetSpendMicros: String(dailyMicros) },
            },
            adGroups: [
              {
                biddableKeywords: request.keywords.map((text) => ({
                  keyword: { text, matchType: 'BROAD' },
                })),
              },
            ],
          },
        },
        signal,
      );
      const parsed = forecastSchema.safeParse(json);
      if (!parsed.success) throw unexpectedShape(VENDOR, LABEL);
      const m = parsed.data.campaignForecastMetrics ?? {};
      const clicks = Math.round(num(m.clicks));
      const costCents = m.costMicros === undefined ? 0 : centsOf(m.costMicros);
      return {
        forecast: {
          impressions: Math.round(num(m.impressions)),
          clicks,
          costCents,
          conversions: Math.round(num(m.conversions) * 10) / 10,
          averageCpcCents:
            m.averageCpcMicros !== undefined
              ? centsOf(m.averageCpcMicros)
              : clicks > 0
                ? Math.round(costCents / clicks)
                : null,
        },
        source: LIVE_SOURCE,
      };
    },
  };
}
