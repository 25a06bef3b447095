import {
  GRID_CLIENTS_PAGE_SIZE,
  GRID_REPORT_FAILURES_MAX,
  GRID_REPORT_MOVERS,
} from '@pinpoint/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';

/** A half-open period of instants: [start, end). */
export interface Period {
  start: Date;
  end: Date;
}

export interface SeriesRow {
  companyId: number;
  companyName: string;
  keyword: string;
  size: number;
  radius: number;
  unit: string;
  scans: number;
  firstScanAt: Date;
  lastScanAt: Date;
  startAtrp: number;
  endAtrp: number;
  atrpChange: number;
  startSolv: number;
  endSolv: number;
  solvChange: number;
}

export interface FailureRow {
  companyId: number;
  companyName: string;
  keyword: string;
  failedScans: number;
  errorPoints: number;
  attempts: number;
  lastAt: Date;
}

type Raw<T> = {
  [K in keyof T]: T[K] extends number ? number | string : T[K] extends Date ? Date | string : T[K];
};

function seriesOf(row: Raw<SeriesRow>): SeriesRow {
  return {
    companyId: Number(row.companyId),
    companyName: row.companyName,
    keyword: row.keyword,
    size: Number(row.size),
    radius: Number(row.radius),
    unit: row.unit,
    scans: Number(row.scans),
    firstScanAt: new Date(row.firstScanAt),
    lastScanAt: new Date(row.lastScanAt),
    startAtrp: Number(row.startAtrp),
    endAtrp: Number(row.endAtrp),
    atrpChange: Number(row.atrpChange),
    startSolv: Number(row.startSolv),
    endSolv: Number(row.endSolv),
    solvChange: Number(row.solvChange),
  };
}

/**
 * Every series (company, keyword, size, radius, unit) with a finished scan in the period:
 * its first and last scan's ATRP and SoLV, in one pass over the period's scans
 * (`grid_scans_created_idx`). Ties on the instant fall to the scan id, so "first" and "last"
 * are the same on every run.
 */
function seriesCte(period: Period): SQL {
  return sql`series as (
    select s.company_id, c.name as company_name, s.keyword, s.size, s.radius, s.unit,
           count(*) as scans,
           min(s.created_at) as first_at, max(s.created_at) as last_at,
           (array_agg(s.atrp order by s.created_at, s.id))[1] as start_atrp,
           (array_agg(s.atrp order by s.created_at desc, s.id desc))[1] as end_atrp,
           (array_agg(coalesce(s.solv, 0) order by s.created_at, s.id))[1] as start_solv,
           (array_agg(coalesce(s.solv, 0) order by s.created_at desc, s.id desc))[1] as end_solv
      from grid_scans s
      join client_companies c on c.id = s.company_id
     where s.status = 'done' and s.atrp is not null
       and s.created_at >= ${period.start.toISOString()}::timestamptz
       and s.created_at < ${period.end.toISOString()}::timestamptz
     group by s.company_id, c.name, s.keyword, s.size, s.radius, s.unit)`;
}

const SERIES_COLUMNS = sql`company_id as "companyId", company_name as "companyName", keyword, size,
  radius, unit, scans, first_at as "firstScanAt", last_at as "lastScanAt",
  start_atrp as "startAtrp", end_atrp as "endAtrp", end_atrp - start_atrp as "atrpChange",
  start_solv as "startSolv", end_solv as "endSolv", end_solv - start_solv as "solvChange"`;

const SERIES_ORDER = sql`lower(company_name), company_id, keyword, size, radius, unit`;

/** Raw SQL for the admin grid report: a few set-based queries, never one per client. */
export function createGridReportRepository(db: Db) {
  return {
    async seriesPage(period: Period, limit: number, offset: number) {
      const rows = await rawRows<Raw<SeriesRow>>(
        db,
        sql`with ${seriesCte(period)}
            select ${SERIES_COLUMNS} from series order by ${SERIES_ORDER}
            limit ${limit} offset ${offset}`,
      );
      return rows.map(seriesOf);
    },

    /** Every series of the period (the CSV). */
    async allSeries(period: Period) {
      const rows = await rawRows<Raw<SeriesRow>>(
        db,
        sql`with ${seriesCte(period)} select ${SERIES_COLUMNS} from series order by ${SERIES_ORDER}`,
      );
      return rows.map(seriesOf);
    },

    /** The largest ATRP moves of series with two scans or more: gains (down) or losses (up). */
    async movers(period: Period, direction: 'gains' | 'losses') {
      const filter =
        direction === 'gains' ? sql`end_atrp < start_atrp` : sql`end_atrp > start_atrp`;
      const order =
        direction === 'gains' ? sql`end_atrp - start_atrp asc` : sql`end_atrp - start_atrp desc`;
      const rows = await rawRows<Raw<SeriesRow>>(
        db,
        sql`with ${seriesCte(period)}
            select ${SERIES_COLUMNS} from series
             where scans >= 2 and ${filter}
             order by ${order}, ${SERIES_ORDER}
             limit ${GRID_REPORT_MOVERS}`,
      );
      return rows.map(seriesOf);
    },

    /** Series, finished scans, failed scans and error points of the period. */
    async totals(period: Period) {
      const [row] = await rawRows<{
        series: number | string;
        scans: number | string;
        failedScans: number | string;
        errorPoints: number | string;
      }>(
        db,
        sql`with ${seriesCte(period)}
            select (select count(*) from series) as series,
                   (select coalesce(sum(scans), 0) from series) as scans,
                   (select count(*) from grid_scans s
                     where s.status = 'failed'
                       and s.created_at >= ${period.start.toISOString()}::timestamptz
                       and s.created_at < ${period.end.toISOString()}::timestamptz) as "failedScans",
                   (select count(*) from grid_scan_points p
                      join grid_scans s on s.id = p.scan_id
                     where p.state = 'error'
                       and s.created_at >= ${period.start.toISOString()}::timestamptz
                       and s.created_at < ${period.end.toISOString()}::timestamptz) as "errorPoints"`,
      );
      return {
        series: Number(row?.series ?? 0),
        scans: Number(row?.scans ?? 0),
        failedScans: Number(row?.failedScans ?? 0),
        errorPoints: Number(row?.errorPoints ?? 0),
      };
    },

    /**
     * Failures grouped by company and keyword: failed scans, points left in `error` and the
     * searches tried for them. The engine keeps no error text per point, so this is the
     * finest grouping the stored data allows.
     */
    async failures(period: Period) {
      const rows = await rawRows<Raw<FailureRow> & { groups: number | string }>(
        db,
        sql`select s.company_id as "companyId", c.name as "companyName", s.keyword,
                   count(*) filter (where s.status = 'failed') as "failedScans",
                   coalesce(sum(e.points), 0) as "errorPoints",
                   coalesce(sum(e.attempts), 0) as attempts,
                   max(s.created_at) as "lastAt",
                   count(*) over () as groups
              from grid_scans s
              join client_companies c on c.id = s.company_id
              cross join lateral (
                select count(*) as points, coalesce(sum(p.attempts), 0) as attempts
                  from grid_scan_points p where p.scan_id = s.id and p.state = 'error') e
             where s.created_at >= ${period.start.toISOString()}::timestamptz
               and s.created_at < ${period.end.toISOString()}::timestamptz
               and (s.status = 'failed' or e.points > 0)
             group by s.company_id, c.name, s.keyword
             order by "errorPoints" desc, "failedScans" desc, lower(c.name), s.company_id, s.keyword
             limit ${GRID_REPORT_FAILURES_MAX}`,
      );
      return {
        groups: Number(rows[0]?.groups ?? 0),
        items: rows.map(
          (row): FailureRow => ({
            companyId: Number(row.companyId),
            companyName: row.companyName,
            keyword: row.keyword,
            failedScans: Number(row.failedScans),
            errorPoints: Number(row.errorPoints),
            attempts: Number(row.attempts),
            lastAt: new Date(row.lastAt),
          }),
        ),
      };
    },

    /**
     * Client companies with their active grid configs, by name, searchable: what an admin
     * chooses a batch from. Only active companies, as the batch runs only those.
     */
    async clients(q: string | undefined, page: number) {
      const pattern = q ? `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
      const match = pattern ? sql`and (c.name ilike ${pattern} or c.city ilike ${pattern})` : sql``;
      const [rows, [runnable]] = await Promise.all([
        rawRows<{
          id: number | string;
          name: string;
          city: string | null;
          state: string | null;
          activeConfigs: number | string;
          total: number | string;
        }>(
          db,
          sql`select c.id, c.name, c.city, c.state,
                     (select count(*) from grid_configs g
                       where g.company_id = c.id and g.active) as "activeConfigs",
                     count(*) over () as total
                from client_companies c
               where c.status = 'active' ${match}
               order by lower(c.name), c.id
               limit ${GRID_CLIENTS_PAGE_SIZE} offset ${(page - 1) * GRID_CLIENTS_PAGE_SIZE}`,
        ),
        rawRows<{ n: number | string }>(
          db,
          sql`select count(*) as n from client_companies c
               where c.status = 'active'
                 and exists (select 1 from grid_configs g where g.company_id = c.id and g.active)`,
        ),
      ]);
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          name: row.name,
          city: row.city,
          state: row.state,
          activeConfigs: Number(row.activeConfigs),
        })),
        // A page past the end has no rows to carry the window count; the client pages back.
        total: Number(rows[0]?.total ?? 0),
        runnable: Number(runnable?.n ?? 0),
      };
    },
  };
}
export type GridReportRepository = ReturnType<typeof createGridReportRepository>;
