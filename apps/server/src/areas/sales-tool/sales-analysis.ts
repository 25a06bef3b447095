import {
  type PointState,
  pointStateSchema,
  type SalesCompetitor,
  type ScanMetrics,
  type ScanStatus,
  scanMetricsSchema,
  scanStatusSchema,
} from '@pinpoint/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { gridScanPoints, gridScans } from '../../kernel/db/schema';

/**
 * The prospect's measured picture, read from its scans: the latest grid per keyword with
 * each point's rank and local results, and the businesses that beat it there. Shared by the
 * workspace (`GET /api/sales/data/:id`), the recommendations and the prospect report.
 */

/** How many competitors the workspace and the report list. */
export const SALES_COMPETITORS_MAX = 10;

export interface ProspectGridPoint {
  index: number;
  /** 'found' | 'not_found' (measured), 'error' | 'unmeasured' (says nothing). */
  state: PointState;
  /** The prospect's own rank there; null when it is not in the results (or not measured). */
  rank: number | null;
  /** The local results at the point, best first (rank = position, from 1). */
  top: { name: string; placeId: string | null; rank: number }[];
}

export interface ProspectGrid {
  scanId: number;
  keyword: string;
  size: number;
  radius: number;
  unit: 'mi' | 'km';
  status: ScanStatus;
  createdAt: Date;
  finishedAt: Date | null;
  metrics: ScanMetrics | null;
  pointsDone: number;
  pointsTotal: number;
  /** Row-major size×size; null = not in results or point disabled. */
  ranks: (number | null)[];
  /** The enabled points, in index order. */
  points: ProspectGridPoint[];
}

/**
 * The latest scan per keyword of the company (any status: a running grid is the newest
 * picture too). Keywords come in the order of their latest scan, newest first.
 */
export async function loadLatestGrids(db: Db, companyId: number): Promise<ProspectGrid[]> {
  const scans = await db
    .select()
    .from(gridScans)
    .where(eq(gridScans.companyId, companyId))
    .orderBy(desc(gridScans.createdAt), desc(gridScans.id));
  const seen = new Set<string>();
  const latest = scans.filter((scan) => {
    const key = scan.keyword.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (latest.length === 0) return [];

  const rows = await db
    .select()
    .from(gridScanPoints)
    .where(
      inArray(
        gridScanPoints.scanId,
        latest.map((scan) => scan.id),
      ),
    )
    .orderBy(asc(gridScanPoints.scanId), asc(gridScanPoints.pointIndex));
  const byScan = new Map<number, (typeof rows)[number][]>();
  for (const row of rows) {
    const list = byScan.get(row.scanId) ?? [];
    list.push(row);
    byScan.set(row.scanId, list);
  }

  return latest.map((scan) => {
    const disabled = new Set(scan.disabledPoints);
    const ranks: (number | null)[] = Array.from({ length: scan.size * scan.size }, () => null);
    const points: ProspectGridPoint[] = [];
    for (const row of byScan.get(scan.id) ?? []) {
      if (disabled.has(row.pointIndex)) continue;
      const rank = row.state === 'found' ? row.rank : null;
      if (row.pointIndex < ranks.length) ranks[row.pointIndex] = rank;
      points.push({
        index: row.pointIndex,
        state: pointStateSchema.catch('unmeasured').parse(row.state),
        rank,
        top: (row.results ?? []).map((result, position) => ({
          name: result.name,
          placeId: result.placeId || null,
          rank: position + 1,
        })),
      });
    }
    const metrics = scanMetricsSchema.safeParse(scan.metrics);
    return {
      scanId: scan.id,
      keyword: scan.keyword,
      size: scan.size,
      radius: scan.radius,
      unit: scan.unit === 'km' ? 'km' : 'mi',
      status: scanStatusSchema.catch('failed').parse(scan.status),
      createdAt: scan.createdAt,
      finishedAt: scan.finishedAt,
      metrics: metrics.success ? metrics.data : null,
      pointsDone: scan.pointsDone,
      pointsTotal: scan.pointsTotal,
      ranks,
      points,
    };
  });
}

/** Scans of one company by id (any keyword), for the run history. */
export async function loadScans(db: Db, companyId: number, scanIds: number[]) {
  if (scanIds.length === 0) return [];
  return db
    .select()
    .from(gridScans)
    .where(and(eq(gridScans.companyId, companyId), inArray(gridScans.id, scanIds)));
}

const COMPASS = [
  'east',
  'north-east',
  'north',
  'north-west',
  'west',
  'south-west',
  'south',
  'south-east',
] as const;

/**
 * The compass area of a grid point: row 0 is the northernmost row and column 0 the
 * westernmost (contracts' buildGrid), so the point lies `half - row` steps north and
 * `col - half` steps east of the centre. Eight 45° sectors, 'centre' for the middle point.
 */
export function areaOf(index: number, size: number): string {
  const half = (size - 1) / 2;
  const row = Math.floor(index / size);
  const col = index % size;
  const north = half - row;
  const east = col - half;
  if (north === 0 && east === 0) return 'centre';
  const degrees = (Math.atan2(north, east) * 180) / Math.PI; // 0 = east, 90 = north
  const sector = Math.round(((degrees + 360) % 360) / 45) % 8;
  return COMPASS[sector] ?? 'centre';
}

interface Tally {
  name: string;
  placeId: string | null;
  top3Points: number;
  points: number;
  rankSum: number;
  /** Per area: top-3 points and appearances there. */
  areas: Map<string, { top3: number; seen: number; rankSum: number }>;
}

const normalName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The other businesses across the grids' points: at how many points each ranks 1–3, at how
 * many it appears at all, its average rank where it appears and the area where it is
 * strongest (most top-3 points, then most appearances, then the better average there).
 * The prospect itself is left out (by place id, or by name where either has no id).
 */
export function competitorsOf(
  grids: ProspectGrid[],
  business: { name: string; placeId: string | null },
): SalesCompetitor[] {
  const ownName = normalName(business.name);
  const isSelf = (entry: { name: string; placeId: string | null }) =>
    business.placeId && entry.placeId
      ? entry.placeId === business.placeId
      : normalName(entry.name) === ownName;

  const tallies = new Map<string, Tally>();
  for (const grid of grids) {
    for (const point of grid.points) {
      const area = areaOf(point.index, grid.size);
      for (const entry of point.top) {
        if (isSelf(entry)) continue;
        const key = entry.placeId ?? `name:${normalName(entry.name)}`;
        let tally = tallies.get(key);
        if (!tally) {
          tally = {
            name: entry.name,
            placeId: entry.placeId,
            top3Points: 0,
            points: 0,
            rankSum: 0,
            areas: new Map(),
          };
          tallies.set(key, tally);
        }
        const here = tally.areas.get(area) ?? { top3: 0, seen: 0, rankSum: 0 };
        const top3 = entry.rank <= 3 ? 1 : 0;
        tally.points += 1;
        tally.top3Points += top3;
        tally.rankSum += entry.rank;
        here.seen += 1;
        here.top3 += top3;
        here.rankSum += entry.rank;
        tally.areas.set(area, here);
      }
    }
  }

  const competitors = [...tallies.values()].map((tally) => {
    let strongest: string | null = null;
    let best: { top3: number; seen: number; rankSum: number } | null = null;
    for (const [area, here] of tally.areas) {
      const better =
        !best ||
        here.top3 > best.top3 ||
        (here.top3 === best.top3 && here.seen > best.seen) ||
        (here.top3 === best.top3 &&
          here.seen === best.seen &&
          here.rankSum / here.seen < best.rankSum / best.seen);
      if (better) {
        best = here;
        strongest = area;
      }
    }
    return {
      name: tally.name,
      placeId: tally.placeId,
      top3Points: tally.top3Points,
      points: tally.points,
      averageRank: tally.points > 0 ? Math.round((tally.rankSum / tally.points) * 10) / 10 : null,
      strongestArea: strongest,
    };
  });
  competitors.sort(
    (a, b) =>
      b.top3Points - a.top3Points ||
      b.points - a.points ||
      (a.averageRank ?? Number.POSITIVE_INFINITY) - (b.averageRank ?? Number.POSITIVE_INFINITY) ||
      a.name.localeCompare(b.name),
  );
  return competitors.slice(0, SALES_COMPETITORS_MAX);
}
