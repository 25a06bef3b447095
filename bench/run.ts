// `npm run bench`: every benchmark of the repository, printed as ONE table in which each row
// carries a baseline measured in the same run (docs/performance.md).
//   --rows=N (or BENCH_ROWS)       scans in the timeline search table (default 1,000,000)
//   BENCH_POSTGRES_URL / DATABASE_URL  also measure the timeline search on PostgreSQL
//   --only=api|realtime|load|scans|timeline|reviews|content|performance|google-ads|qr|listings|leads|roi|csv|send|prospect-pdf|web  run one part (web: bundle sizes, Lighthouse)
//   --no-lighthouse                 the web part without Lighthouse (about 2 minutes less)
//   --seconds=N (or BENCH_SECONDS)  length of each API load run (default 20, after a 3 s warm-up)
//   --sockets=N                     realtime clients (default 1,000)
import { benchApi } from './api.bench';
import { scratchPostgres } from './bench-app';
import { type BenchRow, formatBenchTable } from './bench-table';
import { benchGoogleAds } from './google-ads.bench';
import { benchLeadsCenter } from './leads-center.bench';
import { benchListingScans } from './listing-scans.bench';
import { benchLoad } from './load';
import { benchPerformanceReport } from './performance-report.bench';
import { benchProfileContent } from './profile-content.bench';
import { benchProspectPdf } from './prospect-pdf.bench';
import { benchQrRedirect } from './qr-redirect.bench';
import { benchRealtime } from './realtime.bench';
import { benchReviews } from './reviews.bench';
import { benchRoi } from './roi.bench';
import { benchScans } from './scan.bench';
import { benchSolicitationCsv } from './solicitation-csv.bench';
import { benchSolicitationSend } from './solicitation-send.bench';
import { benchWeb } from './web.bench';

type TimelineBench = (options: { rows: number; postgresUrl: string | null }) => Promise<BenchRow[]>;

function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

function out(line: string) {
  process.stdout.write(`${line}\n`);
}

const rows = Number((flag('rows') ?? process.env.BENCH_ROWS ?? '1000000').replace(/[_,]/g, ''));
if (!Number.isInteger(rows) || rows < 1) {
  process.stderr.write('--rows must be a whole number of scans, 1 or more\n');
  process.exit(1);
}
const seconds = Number(flag('seconds') ?? process.env.BENCH_SECONDS ?? '20');
const sockets = Number(flag('sockets') ?? '1000');
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? null;
const only = flag('only');
const started = performance.now();
const table: BenchRow[] = [];
const notes: string[] = [];

if (!only || only === 'api') {
  out(
    `API throughput: 50 connections, ${seconds} s per run, PGlite${postgresUrl ? ' and PostgreSQL' : ''}…`,
  );
  table.push(...(await benchApi({ seconds, connections: 50, postgresUrl: null })));
  if (postgresUrl) {
    const scratch = await scratchPostgres(postgresUrl);
    try {
      table.push(...(await benchApi({ seconds, connections: 50, postgresUrl: scratch.url })));
    } finally {
      await scratch.drop();
    }
  }
}
if (!only || only === 'realtime') {
  out(`realtime: ${sockets.toLocaleString('en-US')} sockets on one process, 20 broadcasts…`);
  table.push(...(await benchRealtime({ clients: sockets, rounds: 20, postgresUrl: null })));
}
if (!only || only === 'load') {
  out('load: 200 requests a second for 60 s over the client reads, through the gateway…');
  table.push(...(await benchLoad({ seconds: 60, rate: 200 })));
}
if (!only || only === 'timeline') {
  out(
    `timeline search: ${rows.toLocaleString('en-US')} scans${postgresUrl ? ', PGlite and PostgreSQL' : ', PGlite'}…`,
  );
  // Written separately; until it exists the table says so instead of failing.
  let bench: TimelineBench | null = null;
  try {
    const module: { benchTimelineSearch?: TimelineBench } = await import('./timeline-search.bench');
    bench = module.benchTimelineSearch ?? null;
  } catch (error) {
    notes.push(`timeline search: not run (${(error as Error).message.split('\n')[0]})`);
  }
  if (bench) table.push(...(await bench({ rows, postgresUrl })));
  else
    table.push({
      name: 'timeline search (missing)',
      value: Number.NaN,
      unit: '',
      baseline: Number.NaN,
      baselineName: 'bench/timeline-search.bench.ts',
    });
}
if (!only || only === 'scans') {
  out('rank grid scans through the job queue…');
  table.push(...(await benchScans({ postgresUrl })));
}
if (!only || only === 'reviews') {
  out('reviews: sync from the fake Business Profile API, the list through the gateway…');
  table.push(...(await benchReviews()));
}
if (!only || only === 'content') {
  out('posts and photos: lists through the gateway, the image proxy from its cache…');
  table.push(...(await benchProfileContent()));
}
if (!only || only === 'performance') {
  out('performance report: 18 months of every synced source, the report through the gateway…');
  table.push(...(await benchPerformanceReport()));
}
if (!only || only === 'google-ads') {
  out("google ads: 18 months × 50 campaigns, the product page's reports through the gateway…");
  table.push(...(await benchGoogleAds()));
}
if (!only || only === 'qr') {
  out(`QR redirect: 50 connections, ${seconds} s per run, against a bare route…`);
  table.push(...(await benchQrRedirect({ seconds, connections: 50 })));
}
if (!only || only === 'listings') {
  out('business listings: a scan of 60 directories through the job queue…');
  table.push(...(await benchListingScans()));
}
if (!only || only === 'leads') {
  out('leads center: 50,000 leads, filters and pages through the gateway…');
  table.push(...(await benchLeadsCenter()));
}
if (!only || only === 'roi') {
  out(
    'roi center: 18 months of ad spend, invoices and leads (3,000 and 50,000), through the gateway…',
  );
  table.push(...(await benchRoi()));
}
if (!only || only === 'csv') {
  out('review requests: a 10,000-row CSV parsed and checked, in memory and through the routes…');
  table.push(...(await benchSolicitationCsv()));
}
if (!only || only === 'send') {
  out('review requests: 2,000 emails sent into a local SMTP server, transport alone and the job…');
  table.push(...(await benchSolicitationSend()));
}
if (!only || only === 'prospect-pdf') {
  out('prospect report: the PDF of a 13×13 grid × 5 keywords, in-process…');
  table.push(...(await benchProspectPdf()));
}
if (!only || only === 'web') {
  const lighthouse = !process.argv.includes('--no-lighthouse');
  out(`web: production build, bundle budgets${lighthouse ? ', Lighthouse (10 audits)' : ''}…`);
  table.push(...(await benchWeb({ lighthouse })));
}

out('');
out(formatBenchTable(table));
for (const note of notes) out(note);
out(`\n${table.length} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
