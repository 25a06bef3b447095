import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One health probe per component per minute, for the public status page's 90-day uptime.
 * The primary key makes the sample idempotent: with several server processes, the first
 * to write a minute wins and the others' inserts are ignored.
 */
export const healthSamples = pgTable(
  'health_samples',
  {
    component: text('component').notNull(),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'up' | 'degraded' | 'down' */
    status: text('status').notNull(),
    latencyMs: integer('latency_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.component, t.minute] }),
    index('health_samples_minute_idx').on(t.minute),
  ],
);

/**
 * Outcomes of calls to third-party providers, counted per provider per minute, so the
 * status page can show each provider's last success and recent error rate.
 */
export const providerCalls = pgTable(
  'provider_calls',
  {
    provider: text('provider').notNull(),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.minute] })],
);
