import { DEFAULT_SCAN_POINTS_PER_DAY, GRID_SIZE_MAX, GRID_SIZE_MIN } from '@pinpoint/contracts';
import { z } from 'zod';
import type { ResilienceOptions } from '../providers/search/dataforseo-search';

/**
 * The search settings of config.ts: the places search, local search for rank grids, SEO
 * Pro's keyword positions (the last two share DATAFORSEO_*) and the rank grid scan quota.
 * Their environment fields, the checks across fields, and their part of AppConfig.
 */

/** Spread into config.ts's environment schema, after the core fields. */
export const searchEnvFields = {
  PLACES_PROVIDER: z
    .enum(['demo', 'google'], { message: 'must be demo or google' })
    .default('demo'),
  GOOGLE_PLACES_API_KEY: z.string().trim().min(1).optional(),
  GOOGLE_PLACES_BASE_URL: z
    .url({ message: 'must be an absolute URL' })
    .default('https://places.googleapis.com'),
  GOOGLE_PLACES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  SEARCH_PROVIDER: z
    .enum(['simulated', 'dataforseo'], { message: 'must be simulated or dataforseo' })
    .default('simulated'),
  // SEO Pro's rank tracker (dev pages): the demo, or DataForSEO Labs with DATAFORSEO_*.
  SEO_PROVIDER: z
    .enum(['demo', 'dataforseo'], { message: 'must be demo or dataforseo' })
    .default('demo'),
  DATAFORSEO_LOGIN: z.string().trim().min(1).optional(),
  DATAFORSEO_PASSWORD: z.string().trim().min(1).optional(),
  DATAFORSEO_BASE_URL: z
    .url({ message: 'must be an absolute URL' })
    .refine((value) => !new URL(value).username && !new URL(value).password, {
      message: 'must not carry credentials (use DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD)',
    })
    .default('https://api.dataforseo.com'),
  // Cents with up to three decimals (DataForSEO's live Maps call is 0.2 ¢); kept in 1/1000 ¢.
  SEARCH_COST_PER_REQUEST_CENTS: z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,3})?$/, { message: 'must be cents, e.g. 0.2 (at most 3 decimals)' })
    .default('0.2'),
  SEARCH_SCAN_COST_CEILING_CENTS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of cents')
    .min(1, 'must be at least 1')
    .max(10_000_000, 'must be at most 10000000')
    .default(500),
  SEARCH_CONCURRENCY: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100')
    .max(100, 'must be between 1 and 100')
    .default(5),
  PINPOINT_SCAN_POINTS_PER_DAY: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number of points')
    .min(1, 'must be between 1 and 10000000')
    .max(10_000_000, 'must be between 1 and 10000000')
    .default(DEFAULT_SCAN_POINTS_PER_DAY),
  PINPOINT_MAX_GRID_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(GRID_SIZE_MIN, `must be an odd number from ${GRID_SIZE_MIN} to ${GRID_SIZE_MAX}`)
    .max(GRID_SIZE_MAX, `must be an odd number from ${GRID_SIZE_MIN} to ${GRID_SIZE_MAX}`)
    .refine((size) => size % 2 === 1, {
      message: `must be an odd number from ${GRID_SIZE_MIN} to ${GRID_SIZE_MAX}`,
    })
    .default(GRID_SIZE_MAX),
};

/** Kept last in the environment schema, where it always was (problems keep their order). */
export const searchTimeoutEnvField = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(100, 'must be between 100 and 300000')
  .max(300_000, 'must be between 100 and 300000')
  .default(60_000);

const searchEnvSchema = z.object({ ...searchEnvFields, SEARCH_TIMEOUT_MS: searchTimeoutEnvField });
type SearchEnv = z.infer<typeof searchEnvSchema>;

export interface ScanQuotaConfig {
  /** Points a client company may have searched per UTC day (PINPOINT_SCAN_POINTS_PER_DAY). */
  pointsPerDay: number;
  /** The largest N of an N×N grid anyone may request (PINPOINT_MAX_GRID_SIZE). */
  maxGridSize: number;
}

export interface SearchConfig {
  provider: 'simulated' | 'dataforseo';
  /** Set when provider is dataforseo. */
  dataforseo: { login: string; password: string; baseUrl: string } | null;
  /** Price of one live request in thousandths of a cent (0.2 ¢ → 200). */
  costPerRequestMillicents: number;
  scanCostCeilingCents: number;
  concurrency: number;
  timeoutMs: number;
  /** Not from the environment: tests shorten the live adapter's backoff and breaker delays. */
  resilience?: Partial<ResilienceOptions>;
}

export type SeoConfig =
  | { provider: 'demo' }
  | { provider: 'dataforseo'; login: string; password: string; baseUrl: string; timeoutMs: number };

/** A Ranked Keywords call answers in about a second; a sync can wait far longer than that. */
const SEO_TIMEOUT_MS = 30_000;

export type PlacesConfig =
  | { provider: 'demo' }
  | { provider: 'google'; apiKey: string; baseUrl: string; timeoutMs: number };

/** The providers that were chosen without the values they need. */
export function searchConfigProblems(e: SearchEnv): string[] {
  const partial: string[] = [];
  if (e.PLACES_PROVIDER === 'google' && !e.GOOGLE_PLACES_API_KEY) {
    partial.push('PLACES_PROVIDER=google needs GOOGLE_PLACES_API_KEY');
  }
  if (e.SEARCH_PROVIDER === 'dataforseo' && !(e.DATAFORSEO_LOGIN && e.DATAFORSEO_PASSWORD)) {
    partial.push('SEARCH_PROVIDER=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD');
  }
  if (e.SEO_PROVIDER === 'dataforseo' && !(e.DATAFORSEO_LOGIN && e.DATAFORSEO_PASSWORD)) {
    partial.push('SEO_PROVIDER=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD');
  }
  return partial;
}

/** AppConfig's places, search, seo and scanQuota, in that order. */
export function searchSettings(e: SearchEnv): {
  places: PlacesConfig;
  search: SearchConfig;
  seo: SeoConfig;
  scanQuota: ScanQuotaConfig;
} {
  return {
    places:
      e.PLACES_PROVIDER === 'google' && e.GOOGLE_PLACES_API_KEY
        ? {
            provider: 'google',
            apiKey: e.GOOGLE_PLACES_API_KEY,
            baseUrl: e.GOOGLE_PLACES_BASE_URL.replace(/\/+$/, ''),
            timeoutMs: e.GOOGLE_PLACES_TIMEOUT_MS,
          }
        : { provider: 'demo' },
    search: {
      provider: e.SEARCH_PROVIDER,
      dataforseo:
        e.SEARCH_PROVIDER === 'dataforseo' && e.DATAFORSEO_LOGIN && e.DATAFORSEO_PASSWORD
          ? {
              login: e.DATAFORSEO_LOGIN,
              password: e.DATAFORSEO_PASSWORD,
              baseUrl: e.DATAFORSEO_BASE_URL.replace(/\/+$/, ''),
            }
          : null,
      costPerRequestMillicents: Math.round(Number(e.SEARCH_COST_PER_REQUEST_CENTS) * 1000),
      scanCostCeilingCents: e.SEARCH_SCAN_COST_CEILING_CENTS,
      concurrency: e.SEARCH_CONCURRENCY,
      timeoutMs: e.SEARCH_TIMEOUT_MS,
    },
    seo:
      e.SEO_PROVIDER === 'dataforseo' && e.DATAFORSEO_LOGIN && e.DATAFORSEO_PASSWORD
        ? {
            provider: 'dataforseo',
            login: e.DATAFORSEO_LOGIN,
            password: e.DATAFORSEO_PASSWORD,
            baseUrl: e.DATAFORSEO_BASE_URL.replace(/\/+$/, ''),
            timeoutMs: SEO_TIMEOUT_MS,
          }
        : { provider: 'demo' },
    scanQuota: {
      pointsPerDay: e.PINPOINT_SCAN_POINTS_PER_DAY,
      maxGridSize: e.PINPOINT_MAX_GRID_SIZE,
    },
  };
}
