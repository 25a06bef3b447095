import { addCalendarDays } from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { syncStates } from '../../kernel/db/schema';

/**
 * How far back a connection's first run reaches: 18 months (DECISIONS.md), the history the
 * reports show. Every vendor sync reads this one figure.
 */
export const BACKFILL_DAYS = 548;

/** Whether the dataset has finished a run on this connection (its cursor has a high-water mark). */
export async function hasCompletedRun(
  db: Db,
  connectionId: number,
  dataset: string,
): Promise<boolean> {
  const [state] = await db
    .select({ cursor: syncStates.cursor })
    .from(syncStates)
    .where(and(eq(syncStates.connectionId, connectionId), eq(syncStates.dataset, dataset)));
  const cursor = state?.cursor as { highWater?: string | null } | null | undefined;
  return Boolean(cursor?.highWater);
}

/**
 * How many days back a new run reads: the whole backfill until one run has completed, then
 * only `refreshDays` (the days whose figures the vendor still moves).
 */
export async function runSpanDays(
  db: Db,
  connectionId: number,
  dataset: string,
  refreshDays: number,
): Promise<number> {
  return (await hasCompletedRun(db, connectionId, dataset)) ? refreshDays : BACKFILL_DAYS;
}

/**
 * The days a run of a day-keyed dataset reads, up to `until`: from `refetchDays` before the
 * newest stored day, or the backfill's first day when nothing is stored, never earlier.
 */
export function dayWindow(
  latest: string | null,
  until: string,
  refetchDays: number,
): { from: string; to: string } {
  const earliest = addCalendarDays(until, -(BACKFILL_DAYS - 1));
  const since = latest ? addCalendarDays(latest, -refetchDays) : earliest;
  return { from: since < earliest ? earliest : since > until ? until : since, to: until };
}
