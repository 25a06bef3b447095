import { readFileSync } from 'node:fs';
import type { GeoTarget } from '@pinpoint/contracts';

/**
 * The US geo target constants (data/us-geotargets.json, built by
 * scripts/build-gads-geotargets.mjs in the shape of Google's CSV), loaded once.
 */
interface GeoTargetFile {
  rows: [string, string, string, string | null, string, string, string][];
}

let cached: { list: GeoTarget[]; byId: Map<string, GeoTarget> } | null = null;

export function usGeoTargets(): { list: GeoTarget[]; byId: Map<string, GeoTarget> } {
  if (cached) return cached;
  const file = JSON.parse(
    readFileSync(new URL('./data/us-geotargets.json', import.meta.url), 'utf8'),
  ) as GeoTargetFile;
  const list = file.rows.map(
    ([criteriaId, name, canonicalName, parentId, countryCode, targetType, status]) => ({
      criteriaId,
      name,
      canonicalName,
      parentId,
      countryCode,
      targetType,
      status,
    }),
  );
  cached = { list, byId: new Map(list.map((g) => [g.criteriaId, g])) };
  return cached;
}

/** Searches name and canonical name (case-insensitive), cities and states alike. */
export function searchGeoTargets(
  query: { q?: string | undefined; type?: string | undefined },
  page: number,
  pageSize: number,
) {
  const needle = query.q?.toLowerCase();
  const rows = usGeoTargets().list.filter(
    (g) =>
      (!query.type || g.targetType === query.type) &&
      (!needle || g.canonicalName.toLowerCase().includes(needle)),
  );
  return {
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
    total: rows.length,
    page,
    pageSize,
  };
}
