import type { DayRange } from '@pinpoint/contracts';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';
import {
  gadsAds,
  gadsAssets,
  gadsCampaigns,
  gadsCustomers,
  gadsKeywords,
  gadsLeads,
} from '../../kernel/db/schema';
import type { GadsFigureKind } from '../../providers/google-ads/port';

/** A range's sums, as stored (the ratios are the service's). */
export interface RawFigures {
  impressions: number;
  clicks: number;
  costCents: number;
  calls: number;
  forms: number;
}

export const ZERO: RawFigures = { impressions: 0, clicks: 0, costCents: 0, calls: 0, forms: 0 };

/**
 * One unnest of a kind's month rows over the range: each array slot is a day
 * (`month + slot − 1`), and only the months the range touches are read (primary key order).
 */
function daysOf(connectionId: number, kind: GadsFigureKind, range: DayRange) {
  return sql`
    from gads_metric_months m,
      unnest(m.impressions, m.clicks, m.cost_cents, m.calls, m.forms)
        with ordinality as d(impressions, clicks, cost_cents, calls, forms, slot)
    where m.connection_id = ${connectionId} and m.kind = ${kind}
      and m.month between date_trunc('month', ${range.from}::date)::date and ${range.to}::date
      and m.month + (d.slot::int - 1) between ${range.from}::date and ${range.to}::date`;
}

const SUMS = sql`
  coalesce(sum(d.impressions), 0)::float8 as impressions,
  coalesce(sum(d.clicks), 0)::float8 as clicks,
  coalesce(sum(d.cost_cents), 0)::float8 as cost_cents,
  coalesce(sum(d.calls), 0)::float8 as calls,
  coalesce(sum(d.forms), 0)::float8 as forms`;

type SumRow = {
  key: string;
  impressions: number;
  clicks: number;
  cost_cents: number;
  calls: number;
  forms: number;
} & Record<string, unknown>;

const figuresOf = (row: SumRow): RawFigures => ({
  impressions: Number(row.impressions),
  clicks: Number(row.clicks),
  costCents: Number(row.cost_cents),
  calls: Number(row.calls),
  forms: Number(row.forms),
});

const rowsOf = <T>(db: Db, query: SQL) => rawRows<T>(db, query);

/** Queries only: what the Google Ads reports read from the synced tables. */
export function createGoogleAdsRepository(db: Db) {
  return {
    /** The ads account behind a connection, as its last sync described it. */
    async customer(connectionId: number) {
      const [row] = await db
        .select({
          customerId: gadsCustomers.customerId,
          name: gadsCustomers.descriptiveName,
          currencyCode: gadsCustomers.currencyCode,
          timeZone: gadsCustomers.timeZone,
        })
        .from(gadsCustomers)
        .where(eq(gadsCustomers.connectionId, connectionId));
      return row ?? null;
    },

    /** Sums per entity of a kind over the range. */
    async sumsByEntity(connectionId: number, kind: GadsFigureKind, range: DayRange) {
      const rows = await rowsOf<SumRow>(
        db,
        sql`select m.entity_key as key, ${SUMS} ${daysOf(connectionId, kind, range)} group by m.entity_key`,
      );
      return new Map(rows.map((r) => [r.key, figuresOf(r)]));
    },

    /** The account's sums over the range (its campaigns' days). */
    async totals(connectionId: number, range: DayRange): Promise<RawFigures> {
      const [row] = await rowsOf<SumRow>(
        db,
        sql`select '' as key, ${SUMS} ${daysOf(connectionId, 'campaign', range)}`,
      );
      return row ? figuresOf(row) : { ...ZERO };
    },

    /** The account's days with figures in the range, oldest first. */
    async daily(connectionId: number, range: DayRange) {
      const rows = await rowsOf<SumRow>(
        db,
        sql`select to_char(m.month + (d.slot::int - 1), 'YYYY-MM-DD') as key, ${SUMS}
          ${daysOf(connectionId, 'campaign', range)} group by 1 order by 1`,
      );
      return rows.map((r) => ({ date: r.key, ...figuresOf(r) }));
    },

    campaigns(connectionId: number) {
      return db
        .select()
        .from(gadsCampaigns)
        .where(eq(gadsCampaigns.connectionId, connectionId))
        .orderBy(asc(gadsCampaigns.status), asc(gadsCampaigns.name));
    },

    ads(connectionId: number, status?: string) {
      return db
        .select()
        .from(gadsAds)
        .where(
          and(
            eq(gadsAds.connectionId, connectionId),
            status ? eq(gadsAds.status, status) : sql`${gadsAds.status} <> 'REMOVED'`,
          ),
        )
        .orderBy(asc(gadsAds.campaignExternalId), asc(gadsAds.adGroupName), asc(gadsAds.id));
    },

    keywords(connectionId: number) {
      return db
        .select()
        .from(gadsKeywords)
        .where(eq(gadsKeywords.connectionId, connectionId))
        .orderBy(asc(gadsKeywords.id));
    },

    async assets(connectionId: number, page: number, pageSize: number) {
      const where = eq(gadsAssets.connectionId, connectionId);
      const [total] = await db.select({ n: count() }).from(gadsAssets).where(where);
      const rows = await db
        .select()
        .from(gadsAssets)
        .where(where)
        .orderBy(asc(gadsAssets.name), asc(gadsAssets.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { rows, total: total?.n ?? 0 };
    },

    /** Leads between two instants (the range's local midnights), newest first, paged. */
    async leads(
      connectionId: number,
      span: { start: Date; end: Date },
      options: { kind?: 'call' | 'form' | undefined; page: number; pageSize: number },
    ) {
      const inSpan = and(
        eq(gadsLeads.connectionId, connectionId),
        gte(gadsLeads.occurredAt, span.start),
        lt(gadsLeads.occurredAt, span.end),
      );
      const counts = await db
        .select({ kind: gadsLeads.kind, n: count() })
        .from(gadsLeads)
        .where(inSpan)
        .groupBy(gadsLeads.kind);
      const where = options.kind ? and(inSpan, eq(gadsLeads.kind, options.kind)) : inSpan;
      const rows = await db
        .select({
          id: gadsLeads.id,
          kind: gadsLeads.kind,
          occurredAt: gadsLeads.occurredAt,
          campaignName: gadsCampaigns.name,
          callerAreaCode: gadsLeads.callerAreaCode,
          durationSeconds: gadsLeads.durationSeconds,
          formFields: gadsLeads.formFields,
        })
        .from(gadsLeads)
        .leftJoin(
          gadsCampaigns,
          and(
            eq(gadsCampaigns.connectionId, gadsLeads.connectionId),
            eq(gadsCampaigns.externalId, gadsLeads.campaignExternalId),
          ),
        )
        .where(where)
        .orderBy(desc(gadsLeads.occurredAt), desc(gadsLeads.id))
        .limit(options.pageSize)
        .offset((options.page - 1) * options.pageSize);
      const countOf = (kind: string) => counts.find((c) => c.kind === kind)?.n ?? 0;
      return {
        rows,
        calls: countOf('call'),
        forms: countOf('form'),
        total: options.kind ? countOf(options.kind) : countOf('call') + countOf('form'),
      };
    },
  };
}

export type GoogleAdsRepository = ReturnType<typeof createGoogleAdsRepository>;
