import { buildGrid, type GridSettingsInput } from '@pinpoint/contracts';
import {
  type MeasuredPoint,
  measuredOutcome,
  type ScanBusiness,
  searchPoint,
  summariseScan,
} from '../areas/rank-grid';
import type { Db } from '../kernel/db/database';
import {
  type Box,
  createNearbyBusinessesRepository,
  type LocalBusiness,
  type NearbyBusinessesRepository,
} from '../providers/search/nearby-businesses';
import type { SearchProvider } from '../providers/search/port';
import { createSimulatedSearchProvider } from '../providers/search/simulated-search';

/**
 * Measuring the demo's past scans the way a real scan is measured: the simulated provider
 * (with its clock set to the scan's moment) searches every point, `measuredOutcome` matches
 * the company, `summariseScan` computes the metrics. Only the queue and the per-point writes
 * are left out, so history costs CPU, not round trips.
 */

/** Every business the simulated search can show, read once and served from memory. */
export async function inMemoryBusinesses(tx: Db): Promise<NearbyBusinessesRepository> {
  // The same query (and the same derived client reputations) the live provider reads, once
  // for the whole world instead of once per 1° tile.
  const everything = await createNearbyBusinessesRepository(tx).within({
    south: -90,
    north: 90,
    west: -180,
    east: 180,
  });
  return {
    async within(box: Box): Promise<LocalBusiness[]> {
      return everything.filter(
        (b) => b.lat >= box.south && b.lat <= box.north && b.lng >= box.west && b.lng <= box.east,
      );
    },
  };
}

/** One simulated provider for the whole seed, whose clock the seed moves scan by scan. */
export function replayingProvider(repository: NearbyBusinessesRepository) {
  let clock = new Date(0);
  const provider: SearchProvider = createSimulatedSearchProvider({
    repository,
    now: () => clock,
    // Tiles stay in memory for the whole seed: the businesses do not change meanwhile.
    cacheTtlMs: 3_600_000,
  });
  return {
    provider,
    setClock(at: Date) {
      clock = at;
    },
  };
}

export interface MeasuredPointRow extends MeasuredPoint {
  pointIndex: number;
  lat: number;
  lng: number;
}

export interface MeasuredScan {
  points: MeasuredPointRow[];
  summary: ReturnType<typeof summariseScan>;
}

/** Searches every enabled point of a grid as of the provider's clock and summarises it. */
export async function measureScan(
  provider: SearchProvider,
  business: ScanBusiness,
  keyword: string,
  settings: GridSettingsInput,
): Promise<MeasuredScan> {
  const grid = buildGrid(settings);
  const scan = { keyword, radius: grid.settings.radius, unit: grid.settings.unit };
  const points: MeasuredPointRow[] = [];
  for (const point of grid.points) {
    if (!point.enabled) continue;
    const results = await searchPoint(provider, scan, point);
    points.push({
      pointIndex: point.index,
      lat: point.lat,
      lng: point.lng,
      ...measuredOutcome(business, results),
    });
  }
  const summary = summariseScan(
    grid.settings.disabledPoints,
    points,
    business.googlePlaceId ?? null,
  );
  return { points, summary };
}
