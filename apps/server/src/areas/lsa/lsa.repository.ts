import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { lsaConversations, lsaDaily, lsaLeads, lsaRecordings } from '../../kernel/db/schema';
import { createRecordingStore } from '../../platform/call-recordings/call-recordings';

export type LsaLeadRow = typeof lsaLeads.$inferSelect;
export type LsaConversationRow = typeof lsaConversations.$inferSelect;

export interface LeadFilter {
  start?: Date;
  end?: Date;
  type?: string;
  status?: string;
  charged?: boolean;
}

const n = (value: unknown) => Number(value ?? 0);

/** The LSA pages' reads: our tables only, scoped to one connection. */
export function createLsaRepository(db: Db) {
  const inRange = (connectionId: number, start: Date, end: Date) =>
    and(
      eq(lsaLeads.connectionId, connectionId),
      gte(lsaLeads.leadCreatedAt, start),
      lt(lsaLeads.leadCreatedAt, end),
    );

  return {
    async leadCounts(connectionId: number, start: Date, end: Date) {
      const [row] = await db
        .select({
          leads: count(),
          charged: sql<number>`count(*) filter (where ${lsaLeads.charged})`,
          phone: sql<number>`count(*) filter (where ${lsaLeads.leadType} = 'PHONE_CALL')`,
          message: sql<number>`count(*) filter (where ${lsaLeads.leadType} = 'MESSAGE')`,
          booking: sql<number>`count(*) filter (where ${lsaLeads.leadType} = 'BOOKING')`,
          disputed: sql<number>`count(*) filter (where ${lsaLeads.creditState} is not null)`,
          credited: sql<number>`count(*) filter (where ${lsaLeads.creditState} = 'CREDITED')`,
        })
        .from(lsaLeads)
        .where(inRange(connectionId, start, end));
      return {
        leads: n(row?.leads),
        charged: n(row?.charged),
        phone: n(row?.phone),
        message: n(row?.message),
        booking: n(row?.booking),
        disputed: n(row?.disputed),
        credited: n(row?.credited),
      };
    },

    /** Sums of the account's days from `from` to `to` (account-local days, both included). */
    async dayTotals(connectionId: number, from: string, to: string) {
      const [row] = await db
        .select({
          spend: sql<number>`coalesce(sum(${lsaDaily.spendCents}), 0)`,
          impressions: sql<number>`coalesce(sum(${lsaDaily.impressions}), 0)`,
          phoneCalls: sql<number>`coalesce(sum(${lsaDaily.phoneCalls}), 0)`,
        })
        .from(lsaDaily)
        .where(
          and(
            eq(lsaDaily.connectionId, connectionId),
            gte(lsaDaily.day, from),
            lte(lsaDaily.day, to),
          ),
        );
      return {
        spendCents: n(row?.spend),
        impressions: n(row?.impressions),
        phoneCalls: n(row?.phoneCalls),
      };
    },

    async groupedCounts(
      connectionId: number,
      start: Date,
      end: Date,
      by: 'type' | 'status' | 'category',
    ) {
      const column =
        by === 'type' ? lsaLeads.leadType : by === 'status' ? lsaLeads.status : lsaLeads.categoryId;
      const rows = await db
        .select({
          key: column,
          leads: count(),
          charged: sql<number>`count(*) filter (where ${lsaLeads.charged})`,
        })
        .from(lsaLeads)
        .where(inRange(connectionId, start, end))
        .groupBy(column)
        .orderBy(desc(count()));
      return rows.map((r) => ({ key: r.key, leads: n(r.leads), charged: n(r.charged) }));
    },

    /** Leads and charged leads per local day of `timeZone`. */
    async leadsPerDay(connectionId: number, start: Date, end: Date, timeZone: string) {
      const day = sql<string>`to_char(${lsaLeads.leadCreatedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          leads: count(),
          charged: sql<number>`count(*) filter (where ${lsaLeads.charged})`,
        })
        .from(lsaLeads)
        .where(inRange(connectionId, start, end))
        // By position: the zone is a bound parameter, so the expression would not match.
        .groupBy(sql`1`);
      return rows.map((r) => ({ day: r.day, leads: n(r.leads), charged: n(r.charged) }));
    },

    async spendPerDay(connectionId: number, from: string, to: string) {
      const rows = await db
        .select({ day: lsaDaily.day, spendCents: lsaDaily.spendCents })
        .from(lsaDaily)
        .where(
          and(
            eq(lsaDaily.connectionId, connectionId),
            gte(lsaDaily.day, from),
            lte(lsaDaily.day, to),
          ),
        );
      return rows.map((r) => ({ day: r.day, spendCents: n(r.spendCents) }));
    },

    async listLeads(connectionId: number, filter: LeadFilter, page: number, pageSize: number) {
      const where = and(
        eq(lsaLeads.connectionId, connectionId),
        filter.start ? gte(lsaLeads.leadCreatedAt, filter.start) : undefined,
        filter.end ? lt(lsaLeads.leadCreatedAt, filter.end) : undefined,
        filter.type ? eq(lsaLeads.leadType, filter.type) : undefined,
        filter.status ? eq(lsaLeads.status, filter.status) : undefined,
        filter.charged === undefined ? undefined : eq(lsaLeads.charged, filter.charged),
      );
      const [total] = await db.select({ total: count() }).from(lsaLeads).where(where);
      const rows = await db
        .select()
        .from(lsaLeads)
        .where(where)
        .orderBy(desc(lsaLeads.leadCreatedAt), desc(lsaLeads.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const conversations = rows.length
        ? await db
            .select()
            .from(lsaConversations)
            .where(
              inArray(
                lsaConversations.leadId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(lsaConversations.eventAt), asc(lsaConversations.id))
        : [];
      return { total: n(total?.total), rows, conversations };
    },

    /** A lead's conversation with a recording: the one named, or its first. */
    async recordedConversation(connectionId: number, leadId: number, conversationId?: number) {
      const [row] = await db
        .select()
        .from(lsaConversations)
        .where(
          and(
            eq(lsaConversations.connectionId, connectionId),
            eq(lsaConversations.leadId, leadId),
            isNotNull(lsaConversations.recordingUrl),
            conversationId ? eq(lsaConversations.id, conversationId) : undefined,
          ),
        )
        .orderBy(asc(lsaConversations.eventAt), asc(lsaConversations.id))
        .limit(1);
      return row ?? null;
    },

    /** Recordings fetched from Google once, by conversation. */
    recordings: createRecordingStore(db, lsaRecordings, 'conversationId'),
  };
}

export type LsaRepository = ReturnType<typeof createLsaRepository>;
