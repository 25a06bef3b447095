import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../kernel/db/database';
import { gridScanPoints, gridScans, type StoredPointResult } from '../kernel/db/schema';
import type { MeasuredScan } from './grid-measure';

/**
 * Bulk writes of the seeded scan history. Thousands of scans and tens of thousands of point
 * rows go in as one JSON parameter per statement, unpacked by the database
 * (`jsonb_to_recordset`): building and binding row-by-row parameters through the ORM cost
 * more than storing the rows. The columns are the same ones the scan job writes.
 */

export interface SeededScan extends MeasuredScan {
  at: Date;
}

export interface ScanHeader {
  companyId: number;
  keyword: string;
  size: number;
  radius: number;
  unit: 'mi' | 'km';
  centerLat: number;
  centerLng: number;
  configId: number;
  itemId: number | null;
}

/** How long a seeded scan took, for its finished_at: about what a 3×3 takes on the queue. */
const SEEDED_SCAN_MS = 20_000;

/**
 * The point results a history row keeps: the local pack (top 3) and our own listing where it
 * ranks lower. A scan's competitors are summarised from the full lists before this, so only
 * the per-point list of old scans is shorter (docs/decisions.md, "Demo rank grid history").
 */
export function historyResults(rank: number | null, results: StoredPointResult[]) {
  const kept = results.slice(0, 3);
  const ours = rank !== null && rank > 3 ? results[rank - 1] : undefined;
  return ours ? [...kept, ours] : kept;
}

/** Stores one config's scans and their points; answers how many points were written. */
export async function writeScans(tx: Db, header: ScanHeader, scans: SeededScan[]): Promise<number> {
  const scanRows = scans.map(({ at, points, summary }) => ({
    company_id: header.companyId,
    keyword: header.keyword,
    size: header.size,
    radius: header.radius,
    unit: header.unit,
    center_lat: header.centerLat,
    center_lng: header.centerLng,
    status: summary.status,
    points_total: points.length,
    points_done: points.length,
    created_at: at.toISOString(),
    finished_at: new Date(at.getTime() + SEEDED_SCAN_MS).toISOString(),
    metrics: summary.metrics,
    competitors: summary.competitors,
    config_id: header.configId,
    item_id: header.itemId,
    atrp: summary.metrics.atrp,
    arp: summary.metrics.arp,
    solv: summary.metrics.solv,
    found_in: summary.metrics.foundIn,
  }));
  await tx.execute(sql`
    insert into ${gridScans} (company_id, keyword, size, radius, unit, center_lat, center_lng,
      shape, status, points_total, points_done, created_at, started_at, finished_at, metrics,
      competitors, config_id, item_id, origin, atrp, arp, solv, found_in)
    select company_id, keyword, size, radius, unit, center_lat, center_lng, 'square', status,
      points_total, points_done, created_at, created_at, finished_at, metrics, competitors,
      config_id, item_id, 'seed', atrp, arp, solv, found_in
    from jsonb_to_recordset(${JSON.stringify(scanRows)}::jsonb) as s(company_id integer,
      keyword text, size integer, radius double precision, unit text,
      center_lat double precision, center_lng double precision, status text,
      points_total integer, points_done integer, created_at timestamptz,
      finished_at timestamptz, metrics jsonb, competitors jsonb, config_id integer,
      item_id integer, atrp double precision, arp double precision, solv double precision,
      found_in integer)
  `);
  // A config's seeded scans are a week apart, so creation time tells them apart.
  const ids = await tx
    .select({ id: gridScans.id })
    .from(gridScans)
    .where(eq(gridScans.configId, header.configId))
    .orderBy(asc(gridScans.createdAt));
  if (ids.length !== scans.length) throw new Error('seeded scans were not all stored');

  // Points as positional arrays: a third of the bytes of keyed objects, and 50,000 of them.
  const pointRows = scans.flatMap(({ points }, i) =>
    points.map((point) => [
      ids[i]?.id,
      point.pointIndex,
      point.lat,
      point.lng,
      point.state,
      point.rank,
      historyResults(point.rank, point.results),
      i,
    ]),
  );
  const fetchedAt = scans.map(({ at }) => at.toISOString());
  await tx.execute(sql`
    insert into ${gridScanPoints}
      (scan_id, point_index, lat, lng, state, rank, results, attempts, fetched_at)
    select (p->>0)::integer, (p->>1)::integer, (p->>2)::double precision,
      (p->>3)::double precision, p->>4, (p->>5)::integer, p->6, 1,
      (${JSON.stringify(fetchedAt)}::jsonb->>((p->>7)::integer))::timestamptz
    from jsonb_array_elements(${JSON.stringify(pointRows)}::jsonb) as p
  `);
  return pointRows.length;
}
