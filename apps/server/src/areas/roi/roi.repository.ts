import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';
import { clientCompanies, roiSettings } from '../../kernel/db/schema';

/** Leads of one month and first source, as the ROI counts them. */
export interface LeadMonthRow {
  month: string;
  source: string;
  leads: number;
  won: number;
  /** Sum of the won leads' own values. */
  ownValueCents: number;
  wonWithoutValue: number;
}

/** Queries only: the company with its ROI setting, and the leads' counts. */
export function createRoiRepository(db: Db) {
  return {
    /** The company's zone and its average job value (null: not set); null without the company. */
    async company(companyId: number) {
      const [row] = await db
        .select({
          timeZone: clientCompanies.timeZone,
          avgJobValueCents: roiSettings.avgJobValueCents,
        })
        .from(clientCompanies)
        .leftJoin(roiSettings, eq(roiSettings.companyId, clientCompanies.id))
        .where(eq(clientCompanies.id, companyId));
      return row ?? null;
    },

    /**
     * The leads that first reached the company in the spans (contiguous, in order: the
     * months of the range as UTC instants of their local midnights), by span and first
     * source, in one pass over the (company, first touch) index. A row finds its month by
     * binary search over the months' starts (width_bucket), not by a time zone conversion
     * per row: 50,000 leads stay well under the page's budget on PGlite. Won is the status now.
     */
    async leadsBySpan(
      companyId: number,
      spans: { key: string; start: Date; end: Date }[],
    ): Promise<LeadMonthRow[]> {
      const first = spans[0];
      const last = spans.at(-1);
      if (!first || !last) return [];
      const starts = sql.join(
        spans.map((s) => sql`${s.start.toISOString()}::timestamptz`),
        sql`, `,
      );
      const rows = await rawRows<LeadMonthRow & { bucket: number }>(
        db,
        sql`
        select width_bucket(first_touch_at, array[${starts}]) as bucket,
          first_source as source,
          count(*)::int as leads,
          count(*) filter (where status = 'won')::int as won,
          coalesce(sum(value_cents) filter (where status = 'won'), 0)::float8 as "ownValueCents",
          count(*) filter (where status = 'won' and value_cents is null)::int as "wonWithoutValue"
        from customer_leads
        where company_id = ${companyId}
          and first_touch_at >= ${first.start.toISOString()}::timestamptz
          and first_touch_at < ${last.end.toISOString()}::timestamptz
        group by 1, 2`,
      );
      return rows.map((r) => ({
        month: spans[Number(r.bucket) - 1]?.key ?? '',
        source: r.source,
        leads: Number(r.leads),
        won: Number(r.won),
        ownValueCents: Number(r.ownValueCents),
        wonWithoutValue: Number(r.wonWithoutValue),
      }));
    },

    async saveAvgJobValue(companyId: number, avgJobValueCents: number, userId: number) {
      await db
        .insert(roiSettings)
        .values({ companyId, avgJobValueCents, updatedBy: userId })
        .onConflictDoUpdate({
          target: roiSettings.companyId,
          set: { avgJobValueCents, updatedBy: userId, updatedAt: sql`now()` },
        });
    },
  };
}

export type RoiRepository = ReturnType<typeof createRoiRepository>;
