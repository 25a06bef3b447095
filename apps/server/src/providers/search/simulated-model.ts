import type { SearchPoint } from '@pinpoint/contracts';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { createRandom, hash32 } from '../../kernel/demo/random';

/**
 * The simulated local search's scoring model, kept pure so that it can be read next to
 * docs/simulated-search.md and tested without a database:
 *
 *   score = relevance(category, keyword) × prominence(rating, reviews) × exp(−d / d0(zoom)) × noise
 *
 * Every constant here is named in that document; change them together.
 */
export const MODEL = {
  /** Distance at which the decay factor is 1/e at zoom 13, in km. */
  decayKmAtZoom13: 2.5,
  /** Each zoom step in changes d0 by √2 (two steps halve it): closer maps, more local results. */
  decayStepsPerHalving: 2,
  /**
   * Businesses are read from reachFactor × d0 around the point: beyond it even a perfect
   * score (1) with the best noise falls under minScore (ln(1/0.03) ≈ 3.5, plus noise).
   */
  reachFactor: 4,
  /** Small per-point, per-day jitter: ±5 % (log scale), so close rivals swap now and then. */
  dailyNoise: 0.05,
  /** Slow momentum per business and keyword, interpolated week to week: ±12 %. */
  weeklyDrift: 0.12,
  driftPeriodDays: 7,
  /**
   * A business scoring under this is not listed at all. Google stops showing far, weak
   * matches; this is where a grid turns from "rank 12" to "not found". With prominence 0.7
   * it is reached at 3.15 × d0 (≈ 8 km at zoom 13).
   */
  minScore: 0.03,
  /** Points are rounded to this many decimals (≈ 11 m) before seeding the noise. */
  pointDecimals: 4,
} as const;

const EARTH_RADIUS_KM = 6371.0088;
const DAY_MS = 86_400_000;

/** Great-circle distance (haversine), in km. */
export function distanceKm(a: SearchPoint, b: SearchPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** d0: 2.5 km at zoom 13, 5 km at zoom 11, 1.25 km at zoom 15. */
export function decayKm(zoom: number): number {
  return MODEL.decayKmAtZoom13 * 2 ** ((13 - zoom) / MODEL.decayStepsPerHalving);
}

export function reachKm(zoom: number): number {
  return MODEL.reachFactor * decayKm(zoom);
}

/**
 * How strong a listing is on its own, from 0.2 to 1: rating counts from 3 stars up (below 3
 * is as bad as it gets), reviews on a log scale that saturates at 1,000.
 */
export function prominence(rating: number | null, reviewCount: number | null): number {
  const stars = Math.min(1, Math.max(0, ((rating ?? 3) - 3) / 2));
  const volume = Math.min(1, Math.log10(1 + Math.max(0, reviewCount ?? 0)) / 3);
  return (0.5 + 0.5 * stars) * (0.4 + 0.6 * volume);
}

/**
 * Client companies carry no rating in our tables, so the model gives each a plausible one,
 * fixed by its place id: 4.0–4.9 stars and 15–400 reviews, so it neither always wins nor
 * always loses against the seeded competitors (3.4–4.95 stars, 5–905 reviews).
 */
export function derivedReputation(placeId: string): { rating: number; reviewCount: number } {
  const random = createRandom(0, `simulated-search/reputation/${placeId}`);
  return {
    rating: Math.round(random.between(4.0, 4.9) * 10) / 10,
    reviewCount: Math.round(15 + random.float() ** 2 * 385),
  };
}

/** The UTC day number (days since 1970-01-01), the unit of the noise's drift. */
export function utcDay(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}

/**
 * Whether a business is on the map on a UTC day (ISO `YYYY-MM-DD`): from its opening day
 * (included) until its closing day (excluded). ISO dates compare as strings.
 */
export function isOpenOn(
  business: { openedOn?: string | null; closedOn?: string | null },
  isoDay: string,
): boolean {
  if (business.openedOn && isoDay < business.openedOn) return false;
  if (business.closedOn && isoDay >= business.closedOn) return false;
  return true;
}

/**
 * Uniform in [−1, 1], fixed by the label: the first draw of the seed's generator for it
 * (exactly `createRandom(0, label).between(-1, 1)`, without building a whole Random, since
 * a 21×21 scan asks for thousands of these).
 */
function signedUnit(label: string): number {
  return -1 + 2 * uniformFloat64(xoroshiro128plus(hash32(label) >>> 0));
}

/**
 * The noise factor for one business at one point on one day: a daily jitter seeded by
 * (keyword, rounded point, day, business) and a weekly drift seeded by (keyword, business,
 * week), linearly interpolated between weeks so that it moves a little every day and never
 * jumps. Both are multiplicative on a log scale, so they never change a score's sign.
 */
export function noiseFactor(
  keyword: string,
  point: SearchPoint,
  day: number,
  placeId: string,
  drift: number = weeklyDrift(keyword, day, placeId),
  dailyLabel: string = dailyNoiseLabel(keyword, point, day),
): number {
  const daily = signedUnit(`${dailyLabel}/${placeId}`);
  return Math.exp(MODEL.dailyNoise * daily + MODEL.weeklyDrift * drift);
}

/** What seeds the daily jitter besides the business: keyword, rounded point and day. */
export function dailyNoiseLabel(keyword: string, point: SearchPoint, day: number): string {
  const lat = point.lat.toFixed(MODEL.pointDecimals);
  const lng = point.lng.toFixed(MODEL.pointDecimals);
  return `simulated-search/day/${keyword}/${lat},${lng}/${day}`;
}

/**
 * The slow part of the noise, in [−1, 1]: the same at every point of a map on one day, so a
 * caller searching many points may compute it once per business and pass it to noiseFactor.
 */
export function weeklyDrift(keyword: string, day: number, placeId: string): number {
  const week = Math.floor(day / MODEL.driftPeriodDays);
  const through = (day - week * MODEL.driftPeriodDays) / MODEL.driftPeriodDays;
  const driftAt = (w: number) => signedUnit(`simulated-search/drift/${keyword}/${w}/${placeId}`);
  return driftAt(week) * (1 - through) + driftAt(week + 1) * through;
}

export interface ScoredBusiness {
  relevance: number;
  prominence: number;
  distanceKm: number;
}

/** The deterministic part of a score; null when the business is off this map. */
export function baseScore(business: ScoredBusiness, zoom: number): number | null {
  if (business.relevance <= 0 || business.distanceKm > reachKm(zoom)) return null;
  return business.relevance * business.prominence * Math.exp(-business.distanceKm / decayKm(zoom));
}
