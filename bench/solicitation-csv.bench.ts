import { BULK_MAX_ROWS, type BulkBatch, type BulkMapping } from '@pinpoint/contracts';
import { parse } from 'csv-parse/sync';
import { guessMapping, parseCsv } from '../apps/server/src/areas/review-solicitation/bulk-csv';
import { checkRow, classifyRows } from '../apps/server/src/areas/review-solicitation/bulk-validate';
import { loadConfig } from '../apps/server/src/config/config';
import { buildApp } from '../apps/server/src/main/app';
import { benchCompany } from './bench-gateway';
import type { BenchRow } from './bench-table';

/**
 * Bulk CSV review requests (issue 20): parse and validate 10,000 rows (target < 2 s).
 * (a) csv-parse alone on the same text: the baseline, what reading costs before our work;
 * (b) our parse (line numbers) and every row's checks (phone to E.164, email, name,
 * duplicates), in memory; (c) the same through the routes on PGlite: the upload stores
 * the draft, the mapping checks every row and queries opt-outs and recent requests once.
 * Each figure is the median of a few runs.
 */
const TARGET_MS = 2_000;
const RUNS = 5;
const FIRST = ['Maria', 'James', 'Priya', 'Daniel', 'Aisha', 'Tom', 'Elena', 'Marcus'];
const LAST = ['Garcia', 'Nguyen', 'Patel', 'Johnson', 'Okafor', 'Miller', 'Rossi', 'Brooks'];

/** 10,000 customers as a spreadsheet exports them: one in 50 with a problem of some kind. */
export function benchCsv(rows = BULK_MAX_ROWS): string {
  const lines = ['First Name,Last Name,Phone,Email,Notes'];
  for (let i = 0; i < rows; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    const phone =
      i % 50 === 7 ? '555-12' : `(512) ${300 + (i % 600)}-${String(i).padStart(4, '0')}`;
    const email = i % 50 === 13 ? `${first}.${last}@` : `${first}.${last}.${i}@example.com`;
    const notes = i % 10 === 0 ? '"Prefers texts, ""urgent""\nsecond line"' : 'Regular';
    lines.push(`${first},${last},${phone},${email},${notes}`);
  }
  return `${lines.join('\n')}\n`;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const samples: number[] = [];
  await run(); // warm-up: JIT and libphonenumber's metadata
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

function validateInMemory(csv: string) {
  const parsed = parseCsv(csv);
  const mapping: BulkMapping = guessMapping(parsed.headers);
  const checked = parsed.rows.map((row, i) =>
    checkRow(
      {
        id: i + 1,
        line: row.line,
        raw: Object.fromEntries(parsed.headers.map((h, c) => [h, row.cells[c] ?? ''])),
      },
      mapping,
      'both',
    ),
  );
  const lookups = { optedOut: new Set<string>(), askedAt: new Map(), related: new Map() };
  return classifyRows(checked, 'both', lookups, 'America/Chicago');
}

export async function benchSolicitationCsv(): Promise<BenchRow[]> {
  const csv = benchCsv();
  const rows = BULK_MAX_ROWS.toLocaleString('en-US');
  const bare = await timed(() => parse(csv, { bom: true, skip_empty_lines: true }));
  const inMemory = await timed(() => validateInMemory(csv));
  const checked = validateInMemory(csv);
  const ok = checked.filter((row) => row.state === 'ok').length;
  process.stdout.write(
    `  csv: ${(csv.length / 1024 / 1024).toFixed(1)} MB, ${rows} rows, ${ok.toLocaleString('en-US')} ready\n`,
  );

  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const app = await buildApp({ config: { ...base, database: { kind: 'pglite', dataDir: null } } });
  let routes = Number.NaN;
  try {
    const company = await benchCompany(app, { name: 'Bench CSV', account: 'csv-bench' });
    const url = `/api/uni/products/reviewsolicitation/${company.productId}/bulk`;
    const headers = { cookie: company.cookie, origin: 'http://localhost' };
    routes = await timed(async () => {
      const uploaded = await app.inject({
        method: 'POST',
        url,
        headers,
        payload: { fileName: 'bench.csv', csv },
      });
      if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body.slice(0, 300)}`);
      const batch = uploaded.json<BulkBatch>();
      const mapped = await app.inject({
        method: 'PUT',
        url: `${url}/${batch.id}/mapping`,
        headers,
        payload: { mapping: batch.suggestedMapping, sendType: 'both' },
      });
      if (mapped.statusCode !== 200) throw new Error(`mapping: ${mapped.body.slice(0, 300)}`);
      if (mapped.json<BulkBatch>().counts?.ok !== ok) throw new Error('the routes disagree');
    });
  } finally {
    await app.close();
  }
  return [
    {
      name: `(a) csv-parse alone, ${rows} rows`,
      value: bare,
      unit: 'ms',
      baseline: bare,
      baselineName: '(a) itself',
    },
    {
      name: `(b) CSV parse and validate, ${rows} rows, in memory (target < ${TARGET_MS} ms)`,
      value: inMemory,
      unit: 'ms',
      baseline: bare,
      baselineName: '(a) csv-parse alone',
    },
    {
      name: `(c) CSV upload and check through the routes, ${rows} rows, PGlite (target < ${TARGET_MS} ms)`,
      value: routes,
      unit: 'ms',
      baseline: inMemory,
      baselineName: '(b) in memory',
    },
  ];
}
