import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';

export interface TopRankingRow {
  companyId: number;
  companyName: string;
  atrp: number | null;
  solv: number | null;
  keywords: number;
  latestScanAt: Date;
}

/**
 * Clients with an active product of the given catalog slug, each summarised by the newest
 * finished scan of every keyword it has (whatever that scan's settings), best first: lower
 * mean ATRP, then higher mean SoLV, then name. A client without a finished scan is not ranked.
 */
export function createTopRankingsRepository(db: Db) {
  return {
    async ranking(productSlug: string, visibleCompanyIds: number[] | null) {
      const visible =
        visibleCompanyIds === null
          ? sql`true`
          : visibleCompanyIds.length === 0
            ? sql`false`
            : sql`c.id in (${sql.join(
                visibleCompanyIds.map((id) => sql`${id}`),
                sql`, `,
              )})`;
      const rows = await rawRows<{
        companyId: number;
        companyName: string;
        atrp: number | null;
        solv: number | null;
        keywords: number | string;
        latestScanAt: Date | string;
      }>(
        db,
        sql`select c.id as "companyId", c.name as "companyName", avg(l.atrp) as atrp,
                   avg(l.solv) as solv, count(*) as keywords, max(l.created_at) as "latestScanAt"
              from client_companies c
              cross join lateral (
                select distinct on (g.keyword) g.keyword, g.atrp, g.solv, g.created_at
                  from grid_scans g
                 where g.company_id = c.id and g.status = 'done'
                 order by g.keyword, g.created_at desc, g.id desc) l
             where ${visible}
               and exists (select 1 from product_instances p
                            where p.company_id = c.id and p.product_slug = ${productSlug}
                              and p.status = 'active')
             group by c.id, c.name
             order by avg(l.atrp) asc nulls last, avg(l.solv) desc nulls last, lower(c.name), c.id`,
      );
      return rows.map(
        (row): TopRankingRow => ({
          ...row,
          keywords: Number(row.keywords),
          latestScanAt: new Date(row.latestScanAt),
        }),
      );
    },
  };
}

export type TopRankingsRepository = ReturnType<typeof createTopRankingsRepository>;
