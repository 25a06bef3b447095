import { z } from 'zod';

/**
 * The ads estimator (`POST /api/googleads/` with `report: 'estimator/calculate'`, staff
 * only): keyword ideas and a month's forecast for keywords, one geo target and a budget.
 * Live it is Google Ads keyword planning; in the demo a model calibrated on the stored demo
 * figures, and the answer says which (`source`). Money is integer cents.
 */
export const ESTIMATOR_MAX_KEYWORDS = 20;
export const ESTIMATOR_MAX_KEYWORD_LENGTH = 80;
/** $1 to $1,000,000 a month. */
export const ESTIMATOR_MIN_BUDGET_CENTS = 100;
export const ESTIMATOR_MAX_BUDGET_CENTS = 100_000_000;

export const estimatorKeywordSchema = z
  .string({ message: 'A keyword must be text.' })
  .trim()
  .min(1, 'A keyword cannot be empty.')
  .max(
    ESTIMATOR_MAX_KEYWORD_LENGTH,
    `A keyword is at most ${ESTIMATOR_MAX_KEYWORD_LENGTH} characters.`,
  );

export const estimatorRequestSchema = z.object({
  report: z.literal('estimator/calculate'),
  keywords: z
    .array(estimatorKeywordSchema, { message: 'Give the keywords as a list.' })
    .min(1, 'Give at least one keyword.')
    .max(ESTIMATOR_MAX_KEYWORDS, `Give at most ${ESTIMATOR_MAX_KEYWORDS} keywords.`),
  geoTarget: z
    .string({ message: 'Choose a geo target.' })
    .regex(/^\d{4,10}$/, 'A geo target constant is 4 to 10 digits.'),
  monthlyBudgetCents: z
    .number({ message: 'The monthly budget must be a number of cents.' })
    .int('The monthly budget must be whole cents.')
    .min(ESTIMATOR_MIN_BUDGET_CENTS, 'The monthly budget is at least $1.')
    .max(ESTIMATOR_MAX_BUDGET_CENTS, 'The monthly budget is at most $1,000,000.'),
});
export type EstimatorRequest = z.input<typeof estimatorRequestSchema>;

export const keywordCompetitionSchema = z.enum(['LOW', 'MEDIUM', 'HIGH', 'UNKNOWN']);

export const keywordIdeaSchema = z.object({
  text: z.string(),
  /** Google's average monthly searches; the demo model's estimate for the geo target. */
  monthlySearches: z.number().int().nullable(),
  competition: keywordCompetitionSchema,
  /** Top-of-page bid range. */
  lowBidCents: z.number().int().nullable(),
  highBidCents: z.number().int().nullable(),
});
export type KeywordIdea = z.infer<typeof keywordIdeaSchema>;

export const estimatorForecastSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  impressions: z.number().int(),
  clicks: z.number().int(),
  costCents: z.number().int(),
  /** One decimal: a forecast of conversions is rarely whole. */
  conversions: z.number(),
  averageCpcCents: z.number().int().nullable(),
});
export type EstimatorForecast = z.infer<typeof estimatorForecastSchema>;

export const estimatorSourceSchema = z.object({
  kind: z.enum(['demo', 'live']),
  /** "Google Ads keyword planning" or "demo model". */
  label: z.string(),
  /** Demo: keyword-months of stored figures the model was calibrated on. */
  sampleSize: z.number().int().nullable(),
  detail: z.string(),
});

export const estimatorResponseSchema = z.object({
  report: z.literal('estimator/calculate'),
  geoTarget: z.object({ criteriaId: z.string(), canonicalName: z.string() }),
  monthlyBudgetCents: z.number().int(),
  ideas: z.array(keywordIdeaSchema),
  forecast: estimatorForecastSchema,
  source: estimatorSourceSchema,
});
export type EstimatorResponse = z.infer<typeof estimatorResponseSchema>;
