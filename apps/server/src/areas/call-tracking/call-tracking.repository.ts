import { and, asc, count, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  ctCalls,
  ctRecordings,
  ctTrackingNumbers,
  productInstances,
  vendorConnections,
} from '../../kernel/db/schema';
import { createRecordingStore } from '../../platform/call-recordings/call-recordings';
import { CALL_TRACKING_VENDOR } from '../../providers/kernel/vendor-ids';

export type CallRow = typeof ctCalls.$inferSelect;

export interface CallFilter {
  start?: Date;
  end?: Date;
  source?: string;
  status?: string;
  firstTime?: boolean;
  /** Digits match inside the caller's number; any text inside the caller's city. */
  q?: string;
}

const n = (value: unknown) => Number(value ?? 0);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The call-tracking pages' reads: our tables only, scoped to one connection. */
export function createCallTrackingRepository(db: Db) {
  return {
    /** The company's call-tracking connections, oldest first. */
    async companyConnections(companyId: number) {
      return db
        .select()
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.companyId, companyId),
            eq(vendorConnections.vendor, CALL_TRACKING_VENDOR),
          ),
        )
        .orderBy(asc(vendorConnections.id));
    },

    async externalRefs(productId: number): Promise<Record<string, unknown> | null> {
      const [row] = await db
        .select({ refs: productInstances.externalRefs })
        .from(productInstances)
        .where(eq(productInstances.id, productId));
      return (row?.refs as Record<string, unknown> | null) ?? null;
    },

    /** Calls per local day of `timeZone`, source, status and first-time flag. */
    async dailyCounts(connectionId: number, start: Date, end: Date, timeZone: string) {
      const day = sql<string>`to_char(${ctCalls.calledAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          source: ctCalls.source,
          status: ctCalls.status,
          firstTime: ctCalls.firstTime,
          calls: count(),
        })
        .from(ctCalls)
        .where(
          and(
            eq(ctCalls.connectionId, connectionId),
            gte(ctCalls.calledAt, start),
            lt(ctCalls.calledAt, end),
          ),
        )
        // By position: the zone is a bound parameter, so the expression would not match.
        .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
      return rows.map((r) => ({ ...r, calls: n(r.calls) }));
    },

    /** Mean length of the range's answered calls, in whole seconds. */
    async averageAnsweredDuration(connectionId: number, start: Date, end: Date) {
      const [row] = await db
        .select({ avg: sql<string | null>`round(avg(${ctCalls.durationSeconds}))` })
        .from(ctCalls)
        .where(
          and(
            eq(ctCalls.connectionId, connectionId),
            eq(ctCalls.status, 'answered'),
            gte(ctCalls.calledAt, start),
            lt(ctCalls.calledAt, end),
          ),
        );
      return row?.avg === null || row?.avg === undefined ? null : n(row.avg);
    },

    async trackingNumbers(connectionId: number) {
      return db
        .select({
          number: ctTrackingNumbers.number,
          name: ctTrackingNumbers.name,
          source: ctTrackingNumbers.source,
        })
        .from(ctTrackingNumbers)
        .where(eq(ctTrackingNumbers.connectionId, connectionId))
        .orderBy(asc(ctTrackingNumbers.source), asc(ctTrackingNumbers.number));
    },

    async sources(connectionId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ source: ctCalls.source })
        .from(ctCalls)
        .where(eq(ctCalls.connectionId, connectionId))
        .orderBy(asc(ctCalls.source));
      return rows.map((r) => r.source);
    },

    async listCalls(connectionId: number, filter: CallFilter, page: number, pageSize: number) {
      const text: SQL[] = [];
      const q = filter.q?.trim();
      if (q) {
        const digits = q.replace(/\D/g, '');
        if (digits.length > 0) text.push(like(ctCalls.callerNumber, `%${digits}%`));
        text.push(ilike(ctCalls.callerCity, `%${escapeLike(q)}%`));
      }
      const where = and(
        eq(ctCalls.connectionId, connectionId),
        filter.start ? gte(ctCalls.calledAt, filter.start) : undefined,
        filter.end ? lt(ctCalls.calledAt, filter.end) : undefined,
        filter.source ? eq(ctCalls.source, filter.source) : undefined,
        filter.status ? eq(ctCalls.status, filter.status) : undefined,
        filter.firstTime === undefined ? undefined : eq(ctCalls.firstTime, filter.firstTime),
        text.length > 0 ? or(...text) : undefined,
      );
      const [total] = await db.select({ total: count() }).from(ctCalls).where(where);
      const rows = await db
        .select()
        .from(ctCalls)
        .where(where)
        .orderBy(desc(ctCalls.calledAt), desc(ctCalls.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { total: n(total?.total), rows };
    },

    async call(connectionId: number, callId: number) {
      const [row] = await db
        .select()
        .from(ctCalls)
        .where(and(eq(ctCalls.connectionId, connectionId), eq(ctCalls.id, callId)));
      return row ?? null;
    },

    /** Live recordings fetched once, by call. */
    recordings: createRecordingStore(db, ctRecordings, 'callId'),
  };
}

export type CallTrackingRepository = ReturnType<typeof createCallTrackingRepository>;
