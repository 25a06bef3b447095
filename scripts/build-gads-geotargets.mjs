#!/usr/bin/env node
/**
 * Builds the Google Ads area's US geo target list
 * (apps/server/src/providers/google-ads/data/us-geotargets.json) in the shape of Google's geo
 * target constants CSV: Criteria ID, Name, Canonical Name, Parent ID, Country Code,
 * Target Type, Status.
 *
 *   node scripts/build-gads-geotargets.mjs                       # from the US gazetteer
 *   node scripts/build-gads-geotargets.mjs geotargets-DATE.csv   # Google's own CSV (US rows)
 *
 * Given Google's CSV (https://developers.google.com/google-ads/api/data/geotargets), every US
 * country, state and city row is taken verbatim. Without it, the country and the states carry
 * Google's criteria ids (2840, 21132–21184) and the largest cities of the repository's US
 * gazetteer (places/data/us-gazetteer.json) get ids from 2,000,000,000 up: outside Google's
 * range, so they can never be mistaken for a real constant. A live account's city that is
 * not in the list is shown by its id.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CITY_COUNT = 1000;
const LOCAL_CITY_BASE = 2_000_000_000;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(repoRoot, 'apps/server/src/providers/google-ads/data/us-geotargets.json');

/** Google's criteria ids of the US states and DC (Target Type "State", parent 2840). */
const STATE_IDS = {
  AK: 21132,
  AL: 21133,
  AR: 21135,
  AZ: 21136,
  CA: 21137,
  CO: 21138,
  CT: 21139,
  DC: 21140,
  DE: 21141,
  FL: 21142,
  GA: 21143,
  HI: 21144,
  IA: 21145,
  ID: 21146,
  IL: 21147,
  IN: 21148,
  KS: 21149,
  KY: 21150,
  LA: 21151,
  MA: 21152,
  MD: 21153,
  ME: 21154,
  MI: 21155,
  MN: 21156,
  MO: 21157,
  MS: 21158,
  MT: 21159,
  NC: 21160,
  ND: 21161,
  NE: 21162,
  NH: 21163,
  NJ: 21164,
  NM: 21165,
  NV: 21166,
  NY: 21167,
  OH: 21168,
  OK: 21169,
  OR: 21170,
  PA: 21171,
  RI: 21172,
  SC: 21173,
  SD: 21174,
  TN: 21175,
  TX: 21176,
  UT: 21177,
  VA: 21178,
  VT: 21179,
  WA: 21180,
  WI: 21182,
  WV: 21183,
  WY: 21184,
};

/** RFC 4180 fields of one CSV line. */
function csvFields(line) {
  const fields = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

let rows;
let source;
const googleCsv = process.argv[2];
if (googleCsv) {
  rows = readFileSync(googleCsv, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map(csvFields)
    .filter((f) => f[4] === 'US' && ['Country', 'State', 'City'].includes(f[5]))
    .map((f) => [f[0], f[1], f[2], f[3] || null, f[4], f[5], f[6] ?? 'Active']);
  source = `Google Ads geo target constants (${path.basename(googleCsv)}), US rows`;
} else {
  const gazetteer = JSON.parse(
    readFileSync(
      path.join(repoRoot, 'apps/server/src/providers/places/data/us-gazetteer.json'),
      'utf8',
    ),
  );
  const stateName = new Map(gazetteer.states.map(([code, name]) => [code, name]));
  rows = [['2840', 'United States', 'United States', null, 'US', 'Country', 'Active']];
  for (const [code, name] of gazetteer.states) {
    const id = STATE_IDS[code];
    if (id) rows.push([String(id), name, `${name},United States`, '2840', 'US', 'State', 'Active']);
  }
  const seen = new Set();
  let n = 0;
  for (const [code, city] of gazetteer.cities) {
    if (n >= CITY_COUNT) break;
    const state = stateName.get(code);
    const parent = STATE_IDS[code];
    const canonical = `${city},${state},United States`;
    if (!state || !parent || seen.has(canonical)) continue;
    seen.add(canonical);
    rows.push([
      String(LOCAL_CITY_BASE + n++),
      city,
      canonical,
      String(parent),
      'US',
      'City',
      'Active',
    ]);
  }
  source =
    "Google's criteria ids for the country and states; the largest cities of places/data/us-gazetteer.json " +
    `with local ids from ${LOCAL_CITY_BASE} (outside Google's range) until Google's CSV is given to the script`;
}
const text = JSON.stringify({
  source,
  columns: [
    'Criteria ID',
    'Name',
    'Canonical Name',
    'Parent ID',
    'Country Code',
    'Target Type',
    'Status',
  ],
  rows,
});
writeFileSync(out, `${text}\n`);
process.stdout.write(`${rows.length} geo targets → ${path.relative(repoRoot, out)}\n`);
