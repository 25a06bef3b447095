import type { ComponentStatus } from '@pinpoint/contracts';
import { gte, lt, max, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { healthSamples, providerCalls } from '../../kernel/db/schema';

export interface DayCounts {
  component: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  up: number;
  degraded: number;
  down: number;
}

export interface ProviderSummary {
  provider: string;
  succeeded: number;
  failed: number;
  /** The same, since the shorter `recentSince` window (the provider's current status). */
  recentSucceeded: number;
  recentFailed: number;
  lastSuccessAt: Date | null;
}

/** The start of the UTC minute `at` falls in: the key of samples and call counts. */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

const countOf = (status: ComponentStatus) =>
  sql<number>`count(*) filter (where ${healthSamples.status} = ${status})`.mapWith(Number);

export function createStatusRepository(db: Db) {
  return {
    /**
     * One row per component for `minute`. Another process may have sampled the same
     * minute already; the primary key keeps its row and ignores ours. Returns the
     * components actually written.
     */
    async insertSamples(
      minute: Date,
      samples: Array<{ component: string; status: ComponentStatus; latencyMs: number }>,
    ): Promise<string[]> {
      if (samples.length === 0) return [];
      const written = await db
        .insert(healthSamples)
        .values(samples.map((s) => ({ ...s, minute })))
        .onConflictDoNothing()
        .returning({ component: healthSamples.component });
      return written.map((row) => row.component);
    },

    /** Forgets samples and call counts from before `cutoff` (the retention). */
    async pruneBefore(cutoff: Date): Promise<void> {
      await db.delete(healthSamples).where(lt(healthSamples.minute, cutoff));
      await db.delete(providerCalls).where(lt(providerCalls.minute, cutoff));
    },

    /**
     * Counts one call in its minute's row, in one statement: concurrent calls (from any
     * process) add up on the row instead of overwriting each other.
     */
    async recordCall(provider: string, ok: boolean, at: Date): Promise<void> {
      await db
        .insert(providerCalls)
        .values({
          provider,
          minute: minuteOf(at),
          succeeded: ok ? 1 : 0,
          failed: ok ? 0 : 1,
          lastSuccessAt: ok ? at : null,
        })
        .onConflictDoUpdate({
          target: [providerCalls.provider, providerCalls.minute],
          set: {
            succeeded: sql`${providerCalls.succeeded} + excluded.succeeded`,
            failed: sql`${providerCalls.failed} + excluded.failed`,
            // greatest() skips nulls: a failure keeps the minute's last success.
            lastSuccessAt: sql`greatest(${providerCalls.lastSuccessAt}, excluded.last_success_at)`,
          },
        });
    },

    /** Minutes per status, per component and UTC day, since `from`: one grouped query. */
    async dailyCounts(from: Date): Promise<DayCounts[]> {
      const day = sql<string>`to_char(${healthSamples.minute} at time zone 'UTC', 'YYYY-MM-DD')`;
      return db
        .select({
          component: healthSamples.component,
          day,
          up: countOf('up'),
          degraded: countOf('degraded'),
          down: countOf('down'),
        })
        .from(healthSamples)
        .where(gte(healthSamples.minute, from))
        .groupBy(healthSamples.component, day);
    },

    /**
     * Per provider: calls and failures since `since` and since `recentSince`, and the last
     * success on record, in one grouped query.
     */
    async providerSummaries(since: Date, recentSince: Date = since): Promise<ProviderSummary[]> {
      const window = gte(providerCalls.minute, since);
      const recent = gte(providerCalls.minute, recentSince);
      const total = (column: SQLWrapper, where: SQLWrapper) =>
        sql<number>`coalesce(sum(${column}) filter (where ${where}), 0)`.mapWith(Number);
      return db
        .select({
          provider: providerCalls.provider,
          succeeded: total(providerCalls.succeeded, window),
          failed: total(providerCalls.failed, window),
          recentSucceeded: total(providerCalls.succeeded, recent),
          recentFailed: total(providerCalls.failed, recent),
          lastSuccessAt: max(providerCalls.lastSuccessAt),
        })
        .from(providerCalls)
        .groupBy(providerCalls.provider);
    },
  };
}

export type StatusRepository = ReturnType<typeof createStatusRepository>;
