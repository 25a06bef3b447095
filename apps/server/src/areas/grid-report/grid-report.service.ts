import {
  addCalendarDays,
  type DayRange,
  GRID_CLIENTS_PAGE_SIZE,
  GRID_REPORT_DEFAULT_DAYS,
  type GridClientList,
  type GridReport,
  type GridReportRange,
  type GridReportRow,
  rangeInstants,
  toCsv,
  todayIn,
} from '@pinpoint/contracts';
import type { GridReportRepository, SeriesRow } from './grid-report.repository';

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

function toRow(row: SeriesRow): GridReportRow {
  return {
    ...row,
    firstScanAt: row.firstScanAt.toISOString(),
    lastScanAt: row.lastScanAt.toISOString(),
    startAtrp: round(row.startAtrp),
    endAtrp: round(row.endAtrp),
    atrpChange: round(row.atrpChange),
    startSolv: round(row.startSolv, 1),
    endSolv: round(row.endSolv, 1),
    solvChange: round(row.solvChange, 1),
  };
}

/** The days asked for, or the last 30 days ending today in `tz`; UTC when no zone is given. */
export function resolveRange(query: GridReportRange, now = new Date()) {
  const tz = query.tz ?? 'UTC';
  const today = todayIn(tz, now);
  const days: DayRange =
    query.from && query.to
      ? { from: query.from, to: query.to }
      : { from: addCalendarDays(today, -(GRID_REPORT_DEFAULT_DAYS - 1)), to: today };
  return { days, tz, period: rangeInstants(days, tz) };
}

export const CSV_HEADER = [
  'Company id',
  'Company',
  'Keyword',
  'Grid size',
  'Radius',
  'Unit',
  'Scans',
  'First scan (UTC)',
  'Last scan (UTC)',
  'Start ATRP',
  'End ATRP',
  'ATRP change',
  'Start SoLV %',
  'End SoLV %',
  'SoLV change (points)',
] as const;

/**
 * The admin grid report over every client (admins only; the route says so). It reads
 * stored, finished scans only: nothing is measured or estimated here.
 */
export function createGridReportService(repo: GridReportRepository) {
  return {
    async report(query: GridReportRange & { limit: number; offset: number }): Promise<GridReport> {
      const { days, tz, period } = resolveRange(query);
      const [rows, gains, losses, totals, failures] = await Promise.all([
        repo.seriesPage(period, query.limit, query.offset),
        repo.movers(period, 'gains'),
        repo.movers(period, 'losses'),
        repo.totals(period),
        repo.failures(period),
      ]);
      return {
        range: { ...days, tz },
        totals,
        rows: rows.map(toRow),
        limit: query.limit,
        offset: query.offset,
        gains: gains.map(toRow),
        losses: losses.map(toRow),
        failures: failures.items.map((item) => ({ ...item, lastAt: item.lastAt.toISOString() })),
        failureGroups: failures.groups,
      };
    },

    async csv(query: GridReportRange): Promise<{ filename: string; body: string }> {
      const { days, period } = resolveRange(query);
      const rows = (await repo.allSeries(period)).map(toRow);
      const body = toCsv(
        CSV_HEADER,
        rows.map((row) => [
          row.companyId,
          row.companyName,
          row.keyword,
          row.size,
          row.radius,
          row.unit,
          row.scans,
          row.firstScanAt,
          row.lastScanAt,
          row.startAtrp,
          row.endAtrp,
          row.atrpChange,
          row.startSolv,
          row.endSolv,
          row.solvChange,
        ]),
      );
      return { filename: `grid-report-${days.from}-to-${days.to}.csv`, body };
    },

    async clients(q: string | undefined, page: number): Promise<GridClientList> {
      const result = await repo.clients(q || undefined, page);
      return {
        items: result.items,
        page,
        pageSize: GRID_CLIENTS_PAGE_SIZE,
        total: result.total,
        runnableClients: result.runnable,
      };
    },
  };
}
