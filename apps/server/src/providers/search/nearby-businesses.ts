import { PROSPECT_COMPANY_STATUS, type SearchPoint } from '@pinpoint/contracts';
import { and, between, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, competitors } from '../../kernel/db/schema';
import { derivedReputation } from './simulated-model';

/** A business the simulated search can show: one of our clients or one of their competitors. */
export interface LocalBusiness {
  placeId: string;
  name: string;
  category: string | null;
  address: string | null;
  phone: string | null;
  website: string | null;
  rating: number;
  reviewCount: number;
  lat: number;
  lng: number;
  /**
   * The first day it is open and the day it closed (ISO dates, UTC): the simulated search
   * shows it only in between. Absent or null: open all along (client companies always are).
   */
  openedOn?: string | null;
  closedOn?: string | null;
}

export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

function joinAddress(parts: (string | null)[]): string | null {
  const text = parts.filter((part) => part?.trim()).join(', ');
  return text || null;
}

/** Drizzle queries for the businesses inside a latitude/longitude box; no rules here. */
export function createNearbyBusinessesRepository(db: Db) {
  return {
    async within(box: Box): Promise<LocalBusiness[]> {
      const inBox = (lat: AnyPgColumn, lng: AnyPgColumn) =>
        and(between(lat, box.south, box.north), between(lng, box.west, box.east)) as SQL;
      const [clients, rivals] = await Promise.all([
        db
          .select({
            placeId: clientCompanies.googlePlaceId,
            name: clientCompanies.name,
            category: clientCompanies.primaryCategory,
            addressLine1: clientCompanies.addressLine1,
            city: clientCompanies.city,
            state: clientCompanies.state,
            postalCode: clientCompanies.postalCode,
            phone: clientCompanies.phone,
            website: clientCompanies.website,
            lat: clientCompanies.latitude,
            lng: clientCompanies.longitude,
          })
          .from(clientCompanies)
          .where(
            and(
              isNotNull(clientCompanies.googlePlaceId),
              // A custom-rank prospect copies a business that is already on the map (a
              // competitor row): listing it again would change that business's standing.
              ne(clientCompanies.status, PROSPECT_COMPANY_STATUS),
              inBox(clientCompanies.latitude, clientCompanies.longitude),
            ),
          ),
        db
          .select({
            placeId: competitors.placeId,
            name: competitors.name,
            category: competitors.category,
            address: competitors.address,
            phone: competitors.phone,
            website: competitors.website,
            rating: competitors.rating,
            reviewCount: competitors.reviewCount,
            lat: competitors.latitude,
            lng: competitors.longitude,
            openedOn: competitors.openedOn,
            closedOn: competitors.closedOn,
          })
          .from(competitors)
          .where(inBox(competitors.latitude, competitors.longitude)),
      ]);
      const businesses: LocalBusiness[] = [];
      for (const row of clients) {
        if (!row.placeId || row.lat === null || row.lng === null) continue;
        const { state, postalCode } = row;
        businesses.push({
          placeId: row.placeId,
          name: row.name,
          category: row.category,
          address: joinAddress([
            row.addressLine1,
            row.city,
            state && postalCode ? `${state} ${postalCode}` : state,
          ]),
          phone: row.phone,
          website: row.website,
          ...derivedReputation(row.placeId),
          lat: row.lat,
          lng: row.lng,
        });
      }
      for (const row of rivals) businesses.push(row);
      return businesses;
    },
  };
}

export type NearbyBusinessesRepository = ReturnType<typeof createNearbyBusinessesRepository>;

/** Tiles of one degree: a metro falls in one to four of them. */
const TILE_DEGREES = 1;

export interface TileCacheOptions {
  /** How long a loaded tile is reused: long enough for a scan, short enough to see new rows. */
  ttlMs: number;
  maxTiles: number;
  now: () => number;
}

/**
 * The businesses around a point, read from the database one 1°×1° tile at a time and kept
 * for a short while, so a 21×21 scan (441 searches) costs a handful of queries rather than
 * 441 of them. Concurrent searches share one pending load. Longitudes wrap at ±180°.
 */
export function createNearbyBusinessesLoader(
  repository: NearbyBusinessesRepository,
  options: TileCacheOptions,
) {
  type Tile = { at: number; load: Promise<LocalBusiness[]> };
  const tiles = new Map<string, Tile>();
  // The merged, de-duplicated list of a set of tiles, reused while those very tiles are
  // cached: every point of a scan falls in the same few tiles.
  const merged = new Map<string, { parts: Tile[]; list: Promise<LocalBusiness[]> }>();

  function tile(latIndex: number, lngIndex: number): Tile {
    const key = `${latIndex}:${lngIndex}`;
    const now = options.now();
    const cached = tiles.get(key);
    if (cached && now - cached.at < options.ttlMs) {
      // Map order is insertion order: re-inserting keeps the most recently used last.
      tiles.delete(key);
      tiles.set(key, cached);
      return cached;
    }
    const south = latIndex * TILE_DEGREES;
    const west = lngIndex * TILE_DEGREES;
    const load = repository.within({
      south,
      north: south + TILE_DEGREES,
      west,
      east: west + TILE_DEGREES,
    });
    // A failed load is not kept: the next search tries the database again.
    load.catch(() => tiles.delete(key));
    const entry = { at: now, load };
    tiles.delete(key);
    tiles.set(key, entry);
    while (tiles.size > options.maxTiles) {
      const oldest = tiles.keys().next().value;
      if (oldest === undefined) break;
      tiles.delete(oldest);
    }
    return entry;
  }

  async function mergeTiles(parts: Tile[]): Promise<LocalBusiness[]> {
    const seen = new Set<string>();
    const found: LocalBusiness[] = [];
    for (const business of (await Promise.all(parts.map((part) => part.load))).flat()) {
      // One place listed twice (a client that is also someone's competitor) is one result.
      if (seen.has(business.placeId)) continue;
      seen.add(business.placeId);
      found.push(business);
    }
    return found;
  }

  return async function around(point: SearchPoint, radiusKm: number): Promise<LocalBusiness[]> {
    const dLat = radiusKm / 111.32;
    const cosLat = Math.max(0.01, Math.cos((point.lat * Math.PI) / 180));
    const dLng = Math.min(180, radiusKm / (111.32 * cosLat));
    const south = Math.max(-90, point.lat - dLat);
    const north = Math.min(90, point.lat + dLat);
    const parts: Tile[] = [];
    const keys: string[] = [];
    const seenLng = new Set<number>();
    for (let la = Math.floor(south / TILE_DEGREES); la * TILE_DEGREES < north; la++) {
      for (
        let lo = Math.floor((point.lng - dLng) / TILE_DEGREES);
        lo * TILE_DEGREES < point.lng + dLng;
        lo++
      ) {
        // Wrap across the antimeridian: tile −181° is tile 179°.
        const tilesAround = 360 / TILE_DEGREES;
        const wrapped =
          ((((lo + tilesAround / 2) % tilesAround) + tilesAround) % tilesAround) - tilesAround / 2;
        if (seenLng.has(la * 1000 + wrapped)) continue;
        seenLng.add(la * 1000 + wrapped);
        parts.push(tile(la, wrapped));
        keys.push(`${la}:${wrapped}`);
      }
    }
    const key = keys.join('|');
    const known = merged.get(key);
    if (known?.parts.every((part, i) => tiles.get(keys[i] ?? '') === part)) {
      return known.list;
    }
    const list = mergeTiles(parts);
    if (merged.size >= options.maxTiles) merged.clear();
    merged.set(key, { parts, list });
    return list;
  };
}
