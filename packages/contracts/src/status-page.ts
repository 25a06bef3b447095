import { z } from 'zod';

/**
 * The public status page (`GET /api/system/status`). It is read by anyone, signed in or
 * not, so it carries the health of Pinpoint's own parts only: never a client's name, id,
 * email or anything a user typed.
 */

/** How long the uptime history reaches back, in UTC days (today included). */
export const STATUS_HISTORY_DAYS = 90;

export const componentStatusSchema = z.enum(['up', 'degraded', 'down']);
export type ComponentStatus = z.infer<typeof componentStatusSchema>;

/** All components up; some degraded (none down); at least one down. */
export const overallStatusSchema = z.enum(['operational', 'degraded', 'outage']);
export type OverallStatus = z.infer<typeof overallStatusSchema>;

/** One UTC day of health samples (one sample per minute). */
export const uptimeDaySchema = z.object({
  /** `YYYY-MM-DD`, UTC. */
  date: z.string(),
  up: z.number().int().nonnegative(),
  degraded: z.number().int().nonnegative(),
  down: z.number().int().nonnegative(),
  /** (up + degraded) / sampled minutes, in percent; null when the day has no samples. */
  uptimePercent: z.number().min(0).max(100).nullable(),
});
export type UptimeDay = z.infer<typeof uptimeDaySchema>;

export const statusComponentSchema = z.object({
  /** The probe's name: `api`, `database`, `realtime`, `job-queue`, … */
  name: z.string(),
  /** Measured just now (or within the page's short cache). */
  status: componentStatusSchema,
  latencyMs: z.number().int().nonnegative().nullable(),
  detail: z.string().nullable(),
  /** Over the whole history; null when nothing was sampled. */
  uptimePercent: z.number().min(0).max(100).nullable(),
  /** Exactly STATUS_HISTORY_DAYS entries, oldest first, ending today (UTC). */
  history: z.array(uptimeDaySchema),
});
export type StatusComponent = z.infer<typeof statusComponentSchema>;

export const statusProviderSchema = z.object({
  /** `google-sign-in`, `facebook-sign-in`, … */
  name: z.string(),
  /** ISO time of the last successful call, within the history; null if none. */
  lastSuccessAt: z.string().nullable(),
  calls24h: z.number().int().nonnegative(),
  failed24h: z.number().int().nonnegative(),
  /** failed / calls over the last 24 hours, in percent; null when there were no calls. */
  errorRate24h: z.number().min(0).max(100).nullable(),
  /**
   * Now, from the last 15 minutes of calls and the provider's circuit breaker (if any):
   * `down` when every recent call failed, `degraded` when at least 10 % did or the circuit
   * is not closed, `up` otherwise (also with no recent calls: nothing is known to be wrong).
   */
  status: componentStatusSchema,
});
export type StatusProvider = z.infer<typeof statusProviderSchema>;

export const statusPageSchema = z.object({
  status: overallStatusSchema,
  /** ISO time the components were last probed. */
  checkedAt: z.string(),
  components: z.array(statusComponentSchema),
  providers: z.array(statusProviderSchema),
});
export type StatusPage = z.infer<typeof statusPageSchema>;

const LABELS: Record<string, string> = {
  api: 'API',
  database: 'Database',
  realtime: 'Realtime',
  'job-queue': 'Job queue',
  'google-sign-in': 'Google sign-in',
  'facebook-sign-in': 'Facebook sign-in',
};

/** A readable name for a component or provider: known ones by name, others from the slug. */
export function statusLabel(name: string): string {
  const known = LABELS[name];
  if (known) return known;
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
