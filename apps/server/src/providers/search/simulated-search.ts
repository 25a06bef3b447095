import { SEARCH_MAX_RESULTS, type SearchResult, searchQuerySchema } from '@pinpoint/contracts';
import type { Db } from '../../db/database';
import { categoryRelevance, normaliseKeyword } from './keyword-relevance';
import {
  createNearbyBusinessesLoader,
  createNearbyBusinessesRepository,
  type NearbyBusinessesRepository,
} from './nearby-businesses';
import type { SearchProvider } from './search-provider';
import {
  baseScore,
  distanceKm,
  MODEL,
  noiseFactor,
  prominence,
  reachKm,
  utcDay,
} from './simulated-model';

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

  return {
    name: 'simulated',

    async search(query) {
      const { keyword, point, zoom } = searchQuerySchema.parse(query);
      const wanted = normaliseKeyword(keyword);
      const relevanceOf = categoryRelevance(wanted);
      const day = utcDay(now());
      const nearby = await around(point, reachKm(zoom));

      const scored: { result: SearchResult; score: number }[] = [];
      for (const business of nearby) {
        const base = baseScore(
          {
            relevance: relevanceOf(business.category),
            prominence: prominence(business.rating, business.reviewCount),
            distanceKm: distanceKm(point, business),
          },
          zoom,
        );
        if (base === null) continue;
        const score = base * noiseFactor(wanted, point, day, business.placeId);
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
