import { z } from 'zod';

/**
 * Reading Google Ads API answers: `searchStream`'s batches, Google's error body, and the
 * fields of a GAQL row (camelCase paths, int64 as strings), shared by the adapter's calls.
 */

/** searchStream answers a JSON array of batches, each with its rows. */
export const streamSchema = z.array(z.object({ results: z.array(z.unknown()).optional() }));
/** Google's error body; Google Ads adds a GoogleAdsFailure with a quota's retry delay. */
export const errorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    status: z.string().optional(),
    details: z.array(z.unknown()).optional(),
  }),
});

/** A nested field of a GAQL row by its camelCase path (`metrics.costMicros`). */
export function field(row: unknown, path: string): unknown {
  let at: unknown = row;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}
export const text = (row: unknown, path: string) => {
  const v = field(row, path);
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
};
/** int64 arrive as strings, doubles as numbers; counts are whole (conversions rounded). */
export const int = (row: unknown, path: string) => {
  const v = Number(field(row, path) ?? 0);
  return Number.isFinite(v) ? Math.round(v) : 0;
};
export const texts = (row: unknown, path: string) => {
  const v = field(row, path);
  return Array.isArray(v) ? v.map((a) => text(a, 'text')).filter((t): t is string => !!t) : [];
};
export const lastSegment = (name: string | null) => (name ? (name.split('/').pop() ?? name) : null);
export const MINUTES: Record<string, number> = { ZERO: 0, FIFTEEN: 15, THIRTY: 30, FORTY_FIVE: 45 };

/** The retry delay Google Ads puts in a quota failure ("30s"), in ms. */
export function quotaDelay(details: unknown[] | undefined): number | null {
  const found = JSON.stringify(details ?? []).match(/"retryDelay":"(\d+(?:\.\d+)?)s"/);
  return found ? Math.round(Number(found[1]) * 1000) : null;
}
