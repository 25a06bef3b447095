import type { TimelineGroup, TimelineRow } from '@pinpoint/contracts';

/** Every timeline row of the groups, newest first (the dev variant's raw table). */
export function flattenRows(groups: readonly TimelineGroup[]): TimelineRow[] {
  return groups
    .flatMap((group) => group.lines.flatMap((line) => line.points))
    .sort((a, b) => b.date.localeCompare(a.date) || b.scan_id - a.scan_id);
}

export interface RowConfig {
  keyword: string;
  size: number;
  radius: number;
  /** The settings in words; it also carries the unit, which the row has no field for. */
  display: string;
  rows: TimelineRow[];
}

export interface RowItemGroup {
  item_id: number | null;
  configs: RowConfig[];
}

/**
 * SPEC §3 "Timeline row" grouping, rebuilt from the raw rows: by item_id (null last), then
 * by config (keyword, size, radius, and the unit through `display`, since 5 mi and 5 km are
 * different settings), each with its dated rows newest first. The dev variant shows it
 * beside the server's own grouping to check the data.
 */
export function groupRows(rows: readonly TimelineRow[]): RowItemGroup[] {
  const byItem = new Map<number | null, Map<string, RowConfig>>();
  for (const row of rows) {
    let configs = byItem.get(row.item_id);
    if (!configs) {
      configs = new Map();
      byItem.set(row.item_id, configs);
    }
    const key = JSON.stringify([row.keyword, row.size, row.radius, row.display]);
    let config = configs.get(key);
    if (!config) {
      config = {
        keyword: row.keyword,
        size: row.size,
        radius: row.radius,
        display: row.display,
        rows: [],
      };
      configs.set(key, config);
    }
    config.rows.push(row);
  }
  const items = [...byItem.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  return items.map((item_id) => ({
    item_id,
    configs: [...(byItem.get(item_id)?.values() ?? [])]
      .map((config) => ({
        ...config,
        rows: [...config.rows].sort((a, b) => b.date.localeCompare(a.date)),
      }))
      .sort(
        (a, b) =>
          a.keyword.localeCompare(b.keyword) ||
          a.size - b.size ||
          a.radius - b.radius ||
          a.display.localeCompare(b.display),
      ),
  }));
}

/** A line's points oldest first, within [from, to] (ISO instants, `to` exclusive). */
export function pointsBetween(
  points: readonly TimelineRow[],
  from: string | null,
  until: string | null,
): TimelineRow[] {
  return points
    .filter((p) => (from === null || p.date >= from) && (until === null || p.date < until))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** uPlot's columns: seconds since the epoch, and ATRP (null leaves a gap). */
export function chartColumns(points: readonly TimelineRow[]): [number[], (number | null)[]] {
  return [
    points.map((p) => Math.floor(Date.parse(p.date) / 1000)),
    points.map((p) => p.average_total_grid_rank),
  ];
}
