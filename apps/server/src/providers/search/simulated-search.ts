import { SEARCH_MAX_RESULTS, type SearchResult, searchQuerySchema } from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import { categoryRelevance, normaliseKeyword } from './keyword-relevance';
import {
  createNearbyBusinessesLoader,
  createNearbyBusinessesRepository,
  type LocalBusiness,
  type NearbyBusinessesRepository,
} from './nearby-businesses';
import type { SearchProvider } from './port';
import {
  baseScore,
  dailyNoiseLabel,
  distanceKm,
  isOpenOn,
  MODEL,
  noiseFactor,
  prominence,
  reachKm,
  utcDay,
  weeklyDrift,
} from './simulated-model';

interface Candidate {
  business: LocalBusiness;
  relevance: number;
  prominence: number;
}

/** Bounded memo: cleared whole when full, which is rare and only costs recomputation. */
function memo<V>(limit: number) {
  const entries = new Map<string, V>();
  return (key: string, compute: () => V): V => {
    let value = entries.get(key);
    if (value === undefined) {
      if (entries.size >= limit) entries.clear();
      value = compute();
      entries.set(key, value);
    }
    return value;
  };
}

export interface SimulatedSearchOptions {
  db?: Db;
  /** Tests may hand in their own source of businesses instead of the database. */
  repository?: NearbyBusinessesRepository;
  /** The clock that picks the day of the noise; a seed replaying the past passes its own. */
  now?: () => Date;
  /** How long a tile of businesses read from the database is reused (default 2 minutes). */
  cacheTtlMs?: number;
}

/**
 * The default search provider: a deterministic model of Google's local results over the
 * businesses in our own database (client companies and their competitors), described in
 * docs/simulated-search.md. Same keyword, point, zoom and UTC day → same answer; it costs
 * nothing and never leaves the process.
 */
export function createSimulatedSearchProvider(options: SimulatedSearchOptions): SearchProvider {
  const repository =
    options.repository ?? (options.db ? createNearbyBusinessesRepository(options.db) : null);
  if (!repository) throw new Error('The simulated search needs a database or a repository.');
  const now = options.now ?? (() => new Date());
  const around = createNearbyBusinessesLoader(repository, {
    ttlMs: options.cacheTtlMs ?? 120_000,
    maxTiles: 64,
    now: () => Date.now(),
  });
  // A scan asks the same keyword, day and businesses at every point: what does not depend
  // on the point is computed once (pure functions, so the answers are unchanged).
  const relevanceFor = memo<(category: string | null) => number>(256);
  const driftFor = memo<number>(100_000);
  // The businesses of a set of tiles that a keyword can show at all, with their relevance and
  // prominence: the loader hands out the same list for the same tiles, so this is per scan.
  const candidatesIn = new WeakMap<LocalBusiness[], Map<string, Candidate[]>>();
  function candidates(nearby: LocalBusiness[], wanted: string): Candidate[] {
    let byKeyword = candidatesIn.get(nearby);
    if (!byKeyword) {
      byKeyword = new Map();
      candidatesIn.set(nearby, byKeyword);
    }
    let found = byKeyword.get(wanted);
    if (!found) {
      const relevanceOf = relevanceFor(wanted, () => categoryRelevance(wanted));
      found = [];
      for (const business of nearby) {
        const relevance = relevanceOf(business.category);
        if (relevance <= 0) continue;
        found.push({
          business,
          relevance,
          prominence: prominence(business.rating, business.reviewCount),
        });
      }
      byKeyword.set(wanted, found);
    }
    return found;
  }

  return {
    name: 'simulated',

    async search(query) {
      const { keyword, point, zoom } = searchQuerySchema.parse(query);
      const wanted = normaliseKeyword(keyword);
      const today = now();
      const day = utcDay(today);
      const isoDay = today.toISOString().slice(0, 10);
      const nearby = await around(point, reachKm(zoom));
      const dailyLabel = dailyNoiseLabel(wanted, point, day);

      const scored: { result: SearchResult; score: number }[] = [];
      for (const { business, relevance, prominence } of candidates(nearby, wanted)) {
        // A business not yet opened, or closed, on the clock's day is not on the map at all.
        if (!isOpenOn(business, isoDay)) continue;
        const base = baseScore(
          { relevance, prominence, distanceKm: distanceKm(point, business) },
          zoom,
        );
        if (base === null) continue;
        const drift = driftFor(`${wanted}\u0000${day}\u0000${business.placeId}`, () =>
          weeklyDrift(wanted, day, business.placeId),
        );
        const score = base * noiseFactor(wanted, point, day, business.placeId, drift, dailyLabel);
        if (score < MODEL.minScore) continue;
        scored.push({
          score,
          result: {
            placeId: business.placeId,
            name: business.name,
            address: business.address,
            phone: business.phone,
            website: business.website,
            rating: business.rating,
            reviewCount: business.reviewCount,
            lat: business.lat,
            lng: business.lng,
          },
        });
      }
      // Ties (equal scores are rare but possible) are broken by place id, never by load order.
      scored.sort((a, b) => b.score - a.score || (a.result.placeId < b.result.placeId ? -1 : 1));
      return scored.slice(0, SEARCH_MAX_RESULTS).map((entry) => entry.result);
    },

    estimateCost: () => 0,
    checkCost: (points) => ({ points, cents: 0, ceilingCents: null }),
  };
}
