import { readFileSync } from 'node:fs';
import type { GeoPlace } from '@pinpoint/contracts';
import { keepSupportedPlaces, type PlaceDetails, type PlacesProvider } from './port';

/** data/us-gazetteer.json, built by scripts/build-us-gazetteer.mjs (see its README). */
interface Gazetteer {
  states: [code: string, name: string, lat: number | null, lng: number | null][];
  counties: [state: string, name: string, lat: number | null, lng: number | null, zips: number][];
  cities: [
    state: string,
    name: string,
    county: string | null,
    lat: number | null,
    lng: number | null,
    population: number,
  ][];
}

interface Entry extends PlaceDetails {
  /** The searchable name: folded (lower case, no diacritics) place name alone. */
  key: string;
  /** Folded words of the name, for word-prefix matches ("york" finds New York). */
  words: string[];
  /** Folded names of what contains it (state code and name, county), for "Austin, Texas". */
  context: string;
  /** Bigger places rank first among equal matches. */
  size: number;
}

/** Lower case without diacritics or punctuation: "São José" and "sao jose" match. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const slug = (text: string) => fold(text).replace(/ /g, '-');

/** Ranks: exact name > name prefix > word prefix; 0 is no match. */
function matchRank(entry: Entry, query: string): number {
  if (entry.key === query) return 3;
  if (entry.key.startsWith(query)) return 2;
  if (query.length >= 2 && entry.words.some((word) => word.startsWith(query))) return 1;
  return 0;
}

/** A country and a state outrank every county and city of the same match. */
const COUNTRY_SIZE = 4e9;
const STATE_SIZE = 3e9;
/** About 330 million people in about 41,000 ZIP codes: a county's size from its ZIPs. */
const PEOPLE_PER_ZIP = 8_000;

export function loadGazetteer(): Gazetteer {
  const file = new URL('./data/us-gazetteer.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Gazetteer;
}

/** Builds the index once: deterministic ids `us`, `us-tx`, `us-tx-travis-county`, `us-tx-austin`. */
export function createDemoPlacesProvider(gazetteer: Gazetteer = loadGazetteer()): PlacesProvider {
  const entries: Entry[] = [];
  const byId = new Map<string, Entry>();
  const stateNames = new Map(gazetteer.states.map(([code, name]) => [code, name]));
  const contextOf = (state: string | null, county: string | null) =>
    fold([state, state && stateNames.get(state), county, 'usa united states'].join(' '));
  const add = (entry: Omit<Entry, 'key' | 'words' | 'context'> & { name: string }) => {
    const { name, ...rest } = entry;
    // The first of two same-named places in a state (the larger: cities come sorted) keeps
    // the plain id; the id is what a saved profile points at, so it must never change.
    if (byId.has(rest.place_id)) return;
    const key = fold(name);
    const context = contextOf(rest.state, rest.place_type === 'County' ? null : rest.county);
    const full: Entry = { ...rest, key, words: key.split(' '), context };
    entries.push(full);
    byId.set(full.place_id, full);
  };

  add({
    name: 'United States',
    place_id: 'us',
    place_type: 'Country',
    full_name: 'United States',
    lat: 39.5,
    lng: -98.35,
    country: 'US',
    state: null,
    county: null,
    city: null,
    size: COUNTRY_SIZE,
  });
  const stateIds = new Map<string, string>();
  for (const [code, name, lat, lng] of gazetteer.states) {
    const id = `us-${code.toLowerCase()}`;
    stateIds.set(code, id);
    add({
      name,
      place_id: id,
      place_type: 'State',
      full_name: `${name}, USA`,
      lat,
      lng,
      country: 'US',
      state: code,
      county: null,
      city: null,
      size: STATE_SIZE,
    });
  }
  for (const [state, name, lat, lng, zips] of gazetteer.counties) {
    add({
      name,
      place_id: `${stateIds.get(state)}-${slug(name)}`,
      place_type: 'County',
      full_name: `${name}, ${state}, USA`,
      lat,
      lng,
      country: 'US',
      state,
      county: name,
      city: null,
      size: zips * PEOPLE_PER_ZIP,
    });
  }
  for (const [state, name, county, lat, lng, population] of gazetteer.cities) {
    add({
      name,
      place_id: `${stateIds.get(state)}-${slug(name)}`,
      place_type: 'City',
      full_name: `${name}, ${state}, USA`,
      lat,
      lng,
      country: 'US',
      state,
      county,
      city: name,
      size: population,
    });
  }

  const toPlace = (entry: Entry): GeoPlace => ({
    place_id: entry.place_id,
    place_type: entry.place_type,
    full_name: entry.full_name,
    lat: entry.lat ?? null,
    lng: entry.lng ?? null,
  });

  return {
    name: 'demo',

    async search(query, { types, limit }) {
      // "Austin, TX" searches for "austin": what follows a comma only narrows by state.
      const [namePart = '', qualifier = ''] = query.split(',', 2);
      const needle = fold(namePart);
      const within = fold(qualifier);
      if (!needle) return [];
      const candidates = keepSupportedPlaces(entries, types);
      const ranked: { entry: Entry; rank: number }[] = [];
      for (const entry of candidates) {
        const rank = matchRank(entry, needle);
        if (rank === 0) continue;
        if (within && !entry.context.includes(within)) continue;
        ranked.push({ entry, rank });
      }
      ranked.sort(
        (a, b) =>
          b.rank - a.rank ||
          b.entry.size - a.entry.size ||
          a.entry.full_name.localeCompare(b.entry.full_name),
      );
      return ranked.slice(0, limit).map(({ entry }) => toPlace(entry));
    },

    async lookup(placeId) {
      const entry = byId.get(placeId);
      if (!entry) return null;
      const { key: _key, words: _words, context: _context, size: _size, ...details } = entry;
      return { ...details, lat: entry.lat ?? null, lng: entry.lng ?? null };
    },
  };
}
