import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import {
  containsPattern,
  createTimelineSearchRepository,
  linePointsQuery,
  matchingCompaniesQuery,
  matchingKeywordsQuery,
  type TimelineSearchCriteria,
} from '../apps/server/src/areas/rank-history/timeline-search.repository';
import type { Database } from '../apps/server/src/kernel/db/database';
import { openDatabase } from '../apps/server/src/kernel/db/open-database';
import { rawRows } from '../apps/server/src/kernel/db/raw-rows';
import { gridScans } from '../apps/server/src/kernel/db/schema';
import { VERTICALS } from '../apps/server/src/kernel/demo/verticals';
import type { BenchRow } from './bench-table';

/**
 * The timeline search (`POST /api/ranktimeline/find/search`) over `rows` scans of ~2,000
 * companies, through the repository function the route uses, against a primary-key lookup on
 * the same database in the same run. Set BENCH_EXPLAIN=1 to print the plans of one search.
 *
 * Data shape: each company has 3 keywords × 2 settings = 6 lines, one scan a day in turn;
 * a third of the keywords carry a town ("plumber austin"): ~150 distinct keywords. The
 * keyword skip scan costs one index probe per distinct keyword (~8 µs on PostgreSQL, ~30 µs
 * on PGlite), so an agency with thousands of distinct keywords pays that on top.
 * 1 % of scans failed, 1 % are still running.
 */

const COMPANIES = 2_000;
const SEARCHES = 50;
const FILL_CHUNK = 100_000;
const TOWNS = [
  'austin',
  'dallas',
  'houston',
  'denver',
  'boulder',
  'phoenix',
  'tempe',
  'mesa',
  'tucson',
  'atlanta',
  'marietta',
  'tampa',
  'orlando',
  'miami',
  'raleigh',
  'durham',
  'charlotte',
  'boise',
  'portland',
  'salem',
  'seattle',
  'tacoma',
  'spokane',
  'omaha',
  'lincoln',
  'wichita',
  'tulsa',
  'reno',
  'fresno',
  'irvine',
  'plano',
  'frisco',
  'katy',
  'round rock',
  'cedar park',
  'pflugerville',
  'georgetown',
  'san marcos',
  'kyle',
  'buda',
];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const pgArray = (items: readonly string[]) => `array[${items.map(quote).join(', ')}]`;

async function fill(database: Database, rows: number): Promise<number> {
  const started = performance.now();
  const prefixes = [...new Set(VERTICALS.flatMap((v) => v.namePrefixes))];
  const suffixes = VERTICALS.map((v) => v.nameSuffixes[0] ?? v.name);
  const keywords = VERTICALS.flatMap((v) => v.keywords);
  await database.executeSql(
    `insert into client_companies (name, label, city, state)
     select p[1 + n % ${prefixes.length}] || ' ' || s[1 + (n / 7) % ${suffixes.length}] || ' ' || n,
            'Bench ' || n, t[1 + n % ${TOWNS.length}], 'TX'
       from generate_series(1, ${COMPANIES}) n,
            (select ${pgArray(prefixes)} as p, ${pgArray(suffixes)} as s, ${pgArray(TOWNS)} as t) v`,
  );
  const [first] = (await database.executeSql('select min(id) as id from client_companies')).rows;
  const firstId = Number(first?.id);
  for (let start = 0; start < rows; start += FILL_CHUNK) {
    const end = Math.min(rows, start + FILL_CHUNK) - 1;
    await database.executeSql(
      `insert into grid_scans (company_id, keyword, size, radius, unit, center_lat, center_lng,
                               status, points_total, points_done, created_at, finished_at,
                               atrp, arp, solv, found_in, origin)
       select ${firstId} + c, kw, sz, rd, 'mi', 30.2672, -97.7431, st, sz * sz,
              case when st = 'running' then 0 else sz * sz end, at,
              case when st = 'done' then at + interval '3 minutes' end,
              case when st = 'done' then 3 + (i * 7919 % 1800) / 100.0 end,
              case when st = 'done' then 1 + (i * 104729 % 900) / 100.0 end,
              case when st = 'done' then (i * 31 % 1000) / 10.0 end,
              case when st = 'done' then (i * 17) % (sz * sz) end, 'scheduled'
         from (select i, c, line,
                      case when line / 2 = 2 then k[1 + (c * 3 + line / 2) % ${keywords.length}] || ' ' || t[1 + c % ${TOWNS.length}]
                           else k[1 + (c * 3 + line / 2) % ${keywords.length}] end as kw,
                      case when line % 2 = 0 then 7 else 9 end as sz,
                      case when line % 2 = 0 then 5 else 3 end as rd,
                      case when i % 97 = 0 then 'failed' when i % 101 = 0 then 'running' else 'done' end as st,
                      timestamptz '2025-06-01 12:00:00+00' - (i / ${COMPANIES}) * interval '1 day' as at
                 from (select i, (i % ${COMPANIES})::int as c, ((i / ${COMPANIES}) % 6)::int as line
                         from generate_series(${start}::bigint, ${end}::bigint) i) g,
                      (select ${pgArray(keywords)} as k, ${pgArray(TOWNS)} as t) v) s`,
    );
  }
  await database.executeSql('vacuum analyze grid_scans');
  await database.executeSql('analyze client_companies');
  return performance.now() - started;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** 50 searches: name parts, keywords, towns, a miss; some with filters, half as an employee. */
function searches(employeeScope: number[]): TimelineSearchCriteria[] {
  const terms = [
    'plumb',
    'dentist',
    'summit',
    'water heater',
    'emergency',
    'lawyer',
    'austin',
    'nothing-like-this',
    'hvac',
    'teeth',
    'apex',
    'drain',
    'implants',
    'furnace',
    'roof',
    '17',
    'family',
    'round rock',
    'attorney',
    'reliable',
    'heat pump',
    'leak',
    'kyle',
    'injury',
    'whitening',
  ];
  return Array.from({ length: SEARCHES }, (_, i) => ({
    text: terms[i % terms.length] ?? null,
    visibleCompanyIds: i % 2 === 0 ? null : employeeScope,
    companyId: null,
    keyword: null,
    size: i % 5 === 4 ? 9 : null,
    from: i % 7 === 6 ? new Date('2025-03-01T00:00:00Z') : null,
    until: i % 7 === 6 ? new Date('2025-05-01T00:00:00Z') : null,
    page: i % 3 === 2 ? 1 : 0,
    pageSize: 10,
    pointsPerLine: 12,
  }));
}

async function explain(database: Database, criteria: TimelineSearchCriteria): Promise<void> {
  const pattern = containsPattern(criteria.text ?? '');
  const show = async (label: string, query: SQL) => {
    const plan = await rawRows<Record<string, string>>(
      database.db,
      sql`explain (analyze, buffers) ${query}`,
    );
    const lines = plan.map((row) => Object.values(row)[0]).join('\n');
    process.stdout.write(`\n--- ${database.kind}: ${label} ---\n${lines}\n`);
  };
  const keywords = (
    await rawRows<{ keyword: string }>(database.db, matchingKeywordsQuery(pattern))
  ).map((row) => row.keyword);
  await show('matching keywords', matchingKeywordsQuery(pattern));
  await show('matching companies', matchingCompaniesQuery(criteria, pattern, keywords));
  const companies = (
    await rawRows<{ id: number; name: string; city: string; state: string; byName: boolean }>(
      database.db,
      matchingCompaniesQuery(criteria, pattern, keywords),
    )
  ).slice(0, criteria.pageSize);
  await show('line points', linePointsQuery(criteria, companies, keywords));
}

async function measure(database: Database, label: string, rows: number): Promise<BenchRow[]> {
  const fillMs = await fill(database, rows);
  process.stdout.write(
    `[timeline bench] ${label}: filled ${rows} scans in ${(fillMs / 1000).toFixed(1)} s\n`,
  );
  const repo = createTimelineSearchRepository(database.db);
  const [bounds] = (
    await database.executeSql('select min(id) as lo, max(id) as hi from grid_scans')
  ).rows;
  const lo = Number(bounds?.lo);
  const hi = Number(bounds?.hi);
  const [companyBounds] = (await database.executeSql('select min(id) as lo from client_companies'))
    .rows;
  const firstCompany = Number(companyBounds?.lo);
  const employeeScope = Array.from({ length: 25 }, (_, i) => firstCompany + i * 79);
  const plan = searches(employeeScope);

  for (const criteria of plan.slice(0, 5)) await repo.search(criteria); // warm the caches
  const searchMs: number[] = [];
  let groups = 0;
  for (const criteria of plan) {
    const started = performance.now();
    const result = await repo.search(criteria);
    searchMs.push(performance.now() - started);
    groups += result.companies.length;
  }
  const lookupMs: number[] = [];
  for (let i = 0; i < 200; i++) {
    const id = lo + ((i * 2_654_435_761) % (hi - lo + 1));
    const started = performance.now();
    await database.db.select().from(gridScans).where(eq(gridScans.id, id));
    lookupMs.push(performance.now() - started);
  }
  process.stdout.write(
    `[timeline bench] ${label}: ${SEARCHES} searches, ${groups} companies returned in all\n`,
  );
  if (process.env.BENCH_EXPLAIN) {
    await explain(database, { ...(plan[0] as TimelineSearchCriteria), text: 'plumb' });
  }
  const base = `primary-key lookup (${label})`;
  return [
    {
      name: `timeline search p50, ${label}, ${rows.toLocaleString('en-US')} scans (fill ${(fillMs / 1000).toFixed(0)} s)`,
      value: percentile(searchMs, 50),
      unit: 'ms',
      baseline: percentile(lookupMs, 50),
      baselineName: `${base} p50`,
    },
    {
      name: `timeline search p95, ${label}, ${rows.toLocaleString('en-US')} scans`,
      value: percentile(searchMs, 95),
      unit: 'ms',
      baseline: percentile(lookupMs, 95),
      baselineName: `${base} p95`,
    },
  ];
}

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function benchTimelineSearch(options: {
  rows: number;
  postgresUrl: string | null;
}): Promise<BenchRow[]> {
  const results: BenchRow[] = [];
  const lite = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await lite.migrate();
    results.push(...(await measure(lite, 'PGlite', options.rows)));
  } finally {
    await lite.close();
  }

  if (options.postgresUrl) {
    const name = `bench_timeline_${randomBytes(4).toString('hex')}`;
    await onServer(options.postgresUrl, (client) => client.query(`create database "${name}"`));
    const url = new URL(options.postgresUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() }, { poolSize: 2 });
    try {
      await database.migrate();
      results.push(...(await measure(database, 'PostgreSQL', options.rows)));
    } finally {
      await database.close();
      await onServer(options.postgresUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    }
  }
  return results;
}
