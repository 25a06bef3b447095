import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';
import {
  clientCompanies,
  competitors,
  gridConfigs,
  gridScanPoints,
  gridScans,
} from '../../kernel/db/schema';

export type HistoryScanRow = typeof gridScans.$inferSelect;

/** A scan's settings key: the same company, keyword, size, radius and unit. */
export interface SettingsKey {
  companyId: number;
  keyword: string;
  size: number;
  radius: number;
  unit: string;
}

const DONE = eq(gridScans.status, 'done');

/** Queries of a company's scan history; access is the service's business. */
export function createRankHistoryRepository(db: Db) {
  return {
    async companyExists(companyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: clientCompanies.id })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row !== undefined;
    },

    /** Per UTC month and keyword: finished scans, mean ATRP and SoLV, best and worst ATRP. */
    async monthlyOverview(companyId: number) {
      const rows = await rawRows<{
        month: string;
        keyword: string;
        scans: number | string;
        meanAtrp: number | null;
        meanSolv: number | null;
        bestAtrp: number | null;
        worstAtrp: number | null;
      }>(
        db,
        sql`select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month,
                   keyword, count(*) as scans, avg(atrp) as "meanAtrp", avg(solv) as "meanSolv",
                   min(atrp) as "bestAtrp", max(atrp) as "worstAtrp"
              from grid_scans
             where company_id = ${companyId} and status = 'done'
             group by 1, 2
             order by 1 desc, 2`,
      );
      return rows.map((row) => ({ ...row, scans: Number(row.scans) }));
    },

    async months(companyId: number): Promise<string[]> {
      const rows = await rawRows<{ month: string }>(
        db,
        sql`select distinct to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month
              from grid_scans where company_id = ${companyId}
             order by 1 desc`,
      );
      return rows.map((row) => row.month);
    },

    async keywords(companyId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ keyword: gridScans.keyword })
        .from(gridScans)
        .where(eq(gridScans.companyId, companyId))
        .orderBy(asc(gridScans.keyword));
      return rows.map((row) => row.keyword);
    },

    /** The configs of the company that have at least one scan. */
    async configsWithScans(companyId: number) {
      return db
        .select({
          id: gridConfigs.id,
          keyword: gridConfigs.keyword,
          size: gridConfigs.size,
          radius: gridConfigs.radius,
          unit: gridConfigs.unit,
          frequency: gridConfigs.frequency,
        })
        .from(gridConfigs)
        .where(
          and(
            eq(gridConfigs.companyId, companyId),
            sql`exists (select 1 from ${gridScans} where ${gridScans.configId} = ${gridConfigs.id})`,
          ),
        )
        .orderBy(asc(gridConfigs.keyword), asc(gridConfigs.id));
    },

    /** A month's scans (any status), newest first, one page. */
    async monthScans(filter: {
      companyId: number;
      from: Date;
      until: Date;
      keyword?: string;
      configId?: number;
      limit: number;
      offset: number;
    }): Promise<{ total: number; rows: HistoryScanRow[] }> {
      const where = and(
        eq(gridScans.companyId, filter.companyId),
        gte(gridScans.createdAt, filter.from),
        lt(gridScans.createdAt, filter.until),
        filter.keyword === undefined ? undefined : eq(gridScans.keyword, filter.keyword),
        filter.configId === undefined ? undefined : eq(gridScans.configId, filter.configId),
      );
      const [counted] = await db.select({ total: count() }).from(gridScans).where(where);
      const rows = await db
        .select()
        .from(gridScans)
        .where(where)
        .orderBy(desc(gridScans.createdAt), desc(gridScans.id))
        .limit(filter.limit)
        .offset(filter.offset);
      return { total: Number(counted?.total ?? 0), rows };
    },

    /** The newest finished scan of each keyword (whatever its settings). */
    async latestPerKeyword(companyId: number): Promise<HistoryScanRow[]> {
      return db
        .selectDistinctOn([gridScans.keyword])
        .from(gridScans)
        .where(and(eq(gridScans.companyId, companyId), DONE))
        .orderBy(asc(gridScans.keyword), desc(gridScans.createdAt), desc(gridScans.id));
    },

    async latestFinished(
      companyId: number,
      keyword: string | undefined,
      limit: number,
    ): Promise<HistoryScanRow[]> {
      return db
        .select()
        .from(gridScans)
        .where(
          and(
            eq(gridScans.companyId, companyId),
            DONE,
            keyword === undefined ? undefined : eq(gridScans.keyword, keyword),
          ),
        )
        .orderBy(desc(gridScans.createdAt), desc(gridScans.id))
        .limit(limit);
    },

    /** Points of several scans, without their result lists (heatmaps only need the rank). */
    async heatmapPoints(scanIds: number[]) {
      if (scanIds.length === 0) return [];
      return db
        .select({
          scanId: gridScanPoints.scanId,
          index: gridScanPoints.pointIndex,
          lat: gridScanPoints.lat,
          lng: gridScanPoints.lng,
          state: gridScanPoints.state,
          rank: gridScanPoints.rank,
        })
        .from(gridScanPoints)
        .where(inArray(gridScanPoints.scanId, scanIds))
        .orderBy(asc(gridScanPoints.scanId), asc(gridScanPoints.pointIndex));
    },

    async scan(scanId: number): Promise<HistoryScanRow | null> {
      const [row] = await db.select().from(gridScans).where(eq(gridScans.id, scanId));
      return row ?? null;
    },

    /** The finished scan of the same settings just before this one (never other settings). */
    async previousOfSameSettings(scan: HistoryScanRow): Promise<HistoryScanRow | null> {
      const [row] = await db
        .select()
        .from(gridScans)
        .where(
          and(
            eq(gridScans.companyId, scan.companyId),
            eq(gridScans.keyword, scan.keyword),
            eq(gridScans.size, scan.size),
            eq(gridScans.radius, scan.radius),
            eq(gridScans.unit, scan.unit),
            DONE,
            sql`(${gridScans.createdAt}, ${gridScans.id}) < (${scan.createdAt.toISOString()}::timestamptz, ${scan.id})`,
          ),
        )
        .orderBy(desc(gridScans.createdAt), desc(gridScans.id))
        .limit(1);
      return row ?? null;
    },

    /** Each settings line of a company: its newest two finished scans and how many it has. */
    async latestTwoPerSettings(companyId: number) {
      return rawRows<{ id: number; position: number | string; scans: number | string }>(
        db,
        sql`select id, position, scans from (
              select id, row_number() over w as position, count(*) over (partition by keyword, size, radius, unit) as scans
                from grid_scans
               where company_id = ${companyId} and status = 'done'
              window w as (partition by keyword, size, radius, unit order by created_at desc, id desc)
            ) t where position <= 2`,
      );
    },

    async scansByIds(ids: number[]): Promise<HistoryScanRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(gridScans).where(inArray(gridScans.id, ids));
    },

    /** A business by place id: one of the caller's clients, else a competitor they track. */
    async businessByPlaceId(placeId: string, visibleCompanyIds: number[] | null) {
      const [company] = await db
        .select()
        .from(clientCompanies)
        .where(
          and(
            eq(clientCompanies.googlePlaceId, placeId),
            visibleCompanyIds === null ? undefined : inArray(clientCompanies.id, visibleCompanyIds),
          ),
        )
        .orderBy(asc(clientCompanies.id))
        .limit(1);
      if (company) return { kind: 'client' as const, company };
      const [competitor] = await db
        .select()
        .from(competitors)
        .where(
          and(
            eq(competitors.placeId, placeId),
            visibleCompanyIds === null
              ? undefined
              : inArray(competitors.companyId, visibleCompanyIds),
          ),
        )
        .orderBy(asc(competitors.id))
        .limit(1);
      return competitor ? { kind: 'competitor' as const, competitor } : null;
    },

    /** System-wide figures, each an indexed count (`grid_scans_created_idx`). */
    async systemFigures(now: Date) {
      const midnight = new Date(now);
      midnight.setUTCHours(0, 0, 0, 0);
      const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000);
      const [row] = await rawRows<Record<string, number | string | null>>(
        db,
        sql`select
              (select count(*) from grid_scans where created_at >= ${midnight.toISOString()}) as "scansToday",
              count(*) as "scans7Days",
              coalesce(sum(points_done), 0) as "pointsSearched7Days",
              count(*) filter (where status = 'failed') as "failedScans7Days",
              (select count(*) from grid_scans where status in ('queued', 'running')
                 and created_at >= ${weekAgo.toISOString()}) as "runningScans",
              (select count(*) from grid_configs where active) as "activeConfigs"
            from grid_scans where created_at >= ${weekAgo.toISOString()}`,
      );
      return row ?? {};
    },
  };
}

export type RankHistoryRepository = ReturnType<typeof createRankHistoryRepository>;
