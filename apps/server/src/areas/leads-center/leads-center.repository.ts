import type { LeadSource, LeadStatus } from '@pinpoint/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  appSettings,
  clientCompanies,
  customerLeadEvents,
  customerLeads,
  customerLeadTouches,
  productInstances,
  users,
} from '../../kernel/db/schema';
import { INGESTED_KEY } from './lead-ingest';

export interface LeadFilter {
  companyId: number;
  /** UTC instants, end exclusive. */
  between?: { start: Date; end: Date };
  source?: LeadSource;
  status?: LeadStatus;
  q?: string;
}

export type LeadRow = typeof customerLeads.$inferSelect;
export type NewLeadEvent = typeof customerLeadEvents.$inferInsert;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function leadWhere(filter: LeadFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(customerLeads.companyId, filter.companyId)];
  if (filter.between) {
    conditions.push(gte(customerLeads.firstTouchAt, filter.between.start));
    conditions.push(lt(customerLeads.firstTouchAt, filter.between.end));
  }
  if (filter.status) conditions.push(eq(customerLeads.status, filter.status));
  if (filter.source) conditions.push(sql`${filter.source} = any(${customerLeads.sources})`);
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    // Phones are matched on their digits only when the query is a phone number: the digits
    // inside a name or a word ("Lead mx1gq61x") would match strangers' numbers.
    const phoneLike = /^[\d\s()+.-]+$/.test(filter.q);
    const digits = phoneLike ? filter.q.replace(/\D/g, '') : '';
    conditions.push(
      or(
        sql`${customerLeads.name} ilike ${like}`,
        sql`${customerLeads.email} ilike ${like}`,
        digits.length >= 3 ? sql`${customerLeads.phone} like ${`%${digits}%`}` : undefined,
        // One pass over the company's notes, not a lookup per lead.
        sql`${customerLeads.id} in (select e.lead_id from ${customerLeadEvents} e
          where e.company_id = ${filter.companyId} and e.kind = 'note' and e.data->>'text' ilike ${like})`,
      ),
    );
  }
  return and(...conditions);
}

/** Drizzle queries of the leads center; no rules here (see the service). */
export function createLeadsCenterRepository(db: Db) {
  return {
    async companyTimeZone(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: clientCompanies.timeZone })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row?.timeZone ?? null;
    },

    /** One page, newest first, and how many match. */
    async list(filter: LeadFilter, limit: number, offset: number) {
      const where = leadWhere(filter);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(customerLeads)
          .where(where)
          .orderBy(desc(customerLeads.firstTouchAt), desc(customerLeads.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(customerLeads).where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    /** The range's touches by source and leads by status (the page's strip). */
    async counts(companyId: number, between?: { start: Date; end: Date }) {
      const touchRange = between
        ? and(
            gte(customerLeadTouches.occurredAt, between.start),
            lt(customerLeadTouches.occurredAt, between.end),
          )
        : undefined;
      const leadRange = between
        ? and(
            gte(customerLeads.firstTouchAt, between.start),
            lt(customerLeads.firstTouchAt, between.end),
          )
        : undefined;
      const [bySource, byStatus] = await Promise.all([
        db
          .select({ key: customerLeadTouches.source, n: count() })
          .from(customerLeadTouches)
          .where(and(eq(customerLeadTouches.companyId, companyId), touchRange))
          .groupBy(customerLeadTouches.source),
        db
          .select({ key: customerLeads.status, n: count() })
          .from(customerLeads)
          .where(and(eq(customerLeads.companyId, companyId), leadRange))
          .groupBy(customerLeads.status),
      ]);
      return { bySource, byStatus };
    },

    /** When ingest last ran for the company, or for everyone (the later of the two). */
    async lastIngestedAt(companyId: number): Promise<Date | null> {
      const rows = await db
        .select({ at: appSettings.updatedAt })
        .from(appSettings)
        .where(inArray(appSettings.key, [INGESTED_KEY, `${INGESTED_KEY}.${companyId}`]));
      const times = rows.map((r) => r.at.getTime());
      return times.length ? new Date(Math.max(...times)) : null;
    },

    /** The lead when it is this company's; null otherwise. */
    async lead(companyId: number, leadId: number, tx: Db = db): Promise<LeadRow | null> {
      const [row] = await tx
        .select()
        .from(customerLeads)
        .where(and(eq(customerLeads.id, leadId), eq(customerLeads.companyId, companyId)));
      return row ?? null;
    },

    async touches(leadId: number) {
      return db
        .select()
        .from(customerLeadTouches)
        .where(eq(customerLeadTouches.leadId, leadId))
        .orderBy(asc(customerLeadTouches.occurredAt), asc(customerLeadTouches.id));
    },

    async events(leadId: number) {
      return db
        .select({
          id: customerLeadEvents.id,
          kind: customerLeadEvents.kind,
          at: customerLeadEvents.at,
          data: customerLeadEvents.data,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(customerLeadEvents)
        .leftJoin(users, eq(users.id, customerLeadEvents.userId))
        .where(eq(customerLeadEvents.leadId, leadId))
        .orderBy(asc(customerLeadEvents.at), asc(customerLeadEvents.id));
    },

    /** The company's product on a connection (for a recording's route), or null. */
    async productOfConnection(companyId: number, connectionId: number, slug?: string) {
      const [row] = await db
        .select({ id: productInstances.id })
        .from(productInstances)
        .where(
          and(
            eq(productInstances.companyId, companyId),
            eq(productInstances.vendorConnectionId, connectionId),
            slug ? eq(productInstances.productSlug, slug) : undefined,
          ),
        )
        .orderBy(asc(productInstances.id))
        .limit(1);
      return row?.id ?? null;
    },

    async productOfSlug(companyId: number, slug: string) {
      const [row] = await db
        .select({ id: productInstances.id })
        .from(productInstances)
        .where(
          and(eq(productInstances.companyId, companyId), eq(productInstances.productSlug, slug)),
        )
        .orderBy(asc(productInstances.id))
        .limit(1);
      return row?.id ?? null;
    },

    async update(tx: Db, leadId: number, changes: Partial<typeof customerLeads.$inferInsert>) {
      await tx.update(customerLeads).set(changes).where(eq(customerLeads.id, leadId));
    },

    async addEvents(tx: Db, rows: NewLeadEvent[]) {
      if (rows.length) await tx.insert(customerLeadEvents).values(rows);
    },

    /** Every matching lead for the export, newest first (capped). */
    async exportRows(filter: LeadFilter, cap: number) {
      return db
        .select()
        .from(customerLeads)
        .where(leadWhere(filter))
        .orderBy(desc(customerLeads.firstTouchAt), desc(customerLeads.id))
        .limit(cap);
    },

    /** Each lead's latest note, for the export. */
    async latestNotes(leadIds: number[]): Promise<Map<number, string>> {
      if (leadIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([customerLeadEvents.leadId], {
          leadId: customerLeadEvents.leadId,
          text: sql<string>`${customerLeadEvents.data}->>'text'`,
        })
        .from(customerLeadEvents)
        .where(
          and(inArray(customerLeadEvents.leadId, leadIds), eq(customerLeadEvents.kind, 'note')),
        )
        .orderBy(
          customerLeadEvents.leadId,
          desc(customerLeadEvents.at),
          desc(customerLeadEvents.id),
        );
      return new Map(rows.map((r) => [r.leadId, r.text]));
    },
  };
}

export type LeadsCenterRepository = ReturnType<typeof createLeadsCenterRepository>;
