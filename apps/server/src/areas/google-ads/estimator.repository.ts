import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';
import { vendorConnections } from '../../kernel/db/schema';
import type { EstimatorSampleRow } from '../../providers/google-ads/gads-estimator-model';
import { populationOf } from './geo-population';

/** Full months only (a month in progress would understate reach), the last 12 of them. */
const SAMPLE_MONTHS = 12;

/**
 * The demo estimator's calibration sample: each stored keyword's full months of the last
 * year, summed per month, with the residents of the cities its account's location figures
 * name (geo-population.ts). One query for the keywords, one for the accounts' cities.
 */
export function createEstimatorRepository(db: Db) {
  async function sample(): Promise<EstimatorSampleRow[]> {
    const [rows, places] = await Promise.all([
      rawRows<{
        connection_id: number;
        text: string;
        impressions: number;
        clicks: number;
        cost_cents: number;
        conversions: number;
      }>(
        db,
        sql`
          select m.connection_id, lower(k.text) as text,
            (select coalesce(sum(x), 0) from unnest(m.impressions) x)::float8 as impressions,
            (select coalesce(sum(x), 0) from unnest(m.clicks) x)::float8 as clicks,
            (select coalesce(sum(x), 0) from unnest(m.cost_cents) x)::float8 as cost_cents,
            ((select coalesce(sum(x), 0) from unnest(m.calls) x)
              + (select coalesce(sum(x), 0) from unnest(m.forms) x))::float8 as conversions
          from gads_metric_months m
          join gads_keywords k on k.connection_id = m.connection_id and k.external_id = m.entity_key
          where m.kind = 'keyword'
            and m.month < date_trunc('month', now())::date
            and m.month >= (date_trunc('month', now()) - make_interval(months => ${SAMPLE_MONTHS}))::date`,
      ),
      rawRows<{ connection_id: number; entity_key: string }>(
        db,
        sql`select distinct connection_id, entity_key from gads_metric_months where kind = 'location'`,
      ),
    ]);
    const population = new Map<number, number>();
    for (const p of places) {
      const people = populationOf(p.entity_key) ?? 0;
      population.set(p.connection_id, (population.get(p.connection_id) ?? 0) + people);
    }
    return rows.map((r) => ({
      text: r.text,
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
      costCents: Number(r.cost_cents),
      conversions: Number(r.conversions),
      population: population.get(Number(r.connection_id)) || null,
    }));
  }

  /** The agency's own Google Ads connection for a customer id (live keyword planning's bearer). */
  async function connectionOfCustomer(customerId: string) {
    const rows = await db
      .select()
      .from(vendorConnections)
      .where(
        and(eq(vendorConnections.vendor, 'google-ads'), eq(vendorConnections.status, 'connected')),
      );
    return rows.find((c) => c.externalAccount.replace(/\D/g, '') === customerId) ?? null;
  }

  return { sample, connectionOfCustomer };
}
export type EstimatorRepository = ReturnType<typeof createEstimatorRepository>;
