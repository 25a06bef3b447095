import { buildGrid, type GridSettings } from '@pinpoint/contracts';
import {
  PEER_LOGIN,
  PEER_PASSWORD,
  startDataForSeoPeer,
} from '@pinpoint/fake-vendors/dataforseo-peer';
import type { FastifyInstance } from 'fastify';
import { searchPoint } from '../apps/server/src/areas/rank-grid/scan-measurement';
import { type BenchCompany, benchApp, scanWatcher, scratchPostgres, seedMarket } from './bench-app';
import type { BenchRow } from './bench-table';

/**
 * Rank grid scans end to end: `startScan` stores the scan and queues one pg-boss job per
 * point; workers search, match and write each point; the last one summarises the scan.
 * Every figure is set against a baseline measured in the same run (docs/performance.md).
 */

/** What the fake vendor takes to answer one search, like a fast live Maps call. */
const FAKE_SEARCH_MS = 200;
const FAKE_CONCURRENCIES = [8, 16] as const;
const SIZES = [13, 21] as const;
const BATCH_SCANS = 200;
const BATCH_SIZE = 5;
const RADIUS_MI = 5;

function settings(size: number): Omit<GridSettings, 'centre'> {
  return { size, radius: RADIUS_MI, unit: 'mi', shape: 'square', disabledPoints: [] };
}

async function timedScan(
  app: FastifyInstance,
  finished: (scanId: number) => Promise<unknown>,
  company: BenchCompany,
  size: number,
): Promise<number> {
  const started = performance.now();
  const { scanId } = await app.areas['rank-grid'].rankGrid.service.startScan({
    companyId: company.id,
    keyword: company.keyword,
    settings: settings(size),
    requestedBy: null,
    origin: 'manual',
  });
  await finished(scanId);
  const ms = performance.now() - started;
  if (process.env.BENCH_VERBOSE)
    process.stderr.write(`  scan ${size}×${size}: ${Math.round(ms)} ms\n`);
  return ms;
}

/** The same points searched by the app's own provider in a plain loop: no queue, no writes. */
async function bareLoop(app: FastifyInstance, company: BenchCompany, size: number) {
  const row = await app.areas['rank-grid'].rankGrid.repo.company(company.id);
  const grid = buildGrid({ ...settings(size), centre: { lat: row?.lat ?? 0, lng: row?.lng ?? 0 } });
  const scan = { keyword: company.keyword, radius: RADIUS_MI, unit: 'mi' };
  const started = performance.now();
  for (const point of grid.points)
    await searchPoint(app.areas['rank-grid'].rankGrid.provider, scan, point);
  return { ms: performance.now() - started, points: grid.points.length };
}

async function simulatedRows(): Promise<BenchRow[]> {
  const app = await benchApp({ pointConcurrency: 4 });
  try {
    const companies = await seedMarket(app);
    const finished = scanWatcher(app);
    const [first] = companies;
    if (!first) throw new Error('no bench market');
    // Warm-up: the first scan pays for queue creation and the provider's first tile load.
    await timedScan(app, finished, first, 3);
    const rows: BenchRow[] = [];
    for (const size of SIZES) {
      const ms = await timedScan(app, finished, first, size);
      const bare = await bareLoop(app, first, size);
      rows.push({
        name: `scan ${size}×${size}, simulated provider, queue (C=4)`,
        value: ms,
        unit: 'ms',
        baseline: bare.ms,
        baselineName: 'same searches, bare loop',
      });
    }

    // Many scans queued together, as a batch or a Monday morning of schedules does.
    const starting = performance.now();
    const ids: number[] = [];
    for (let i = 0; i < BATCH_SCANS; i++) {
      const company = companies[i % companies.length] ?? first;
      const { scanId } = await app.areas['rank-grid'].rankGrid.service.startScan({
        companyId: company.id,
        keyword: company.keyword,
        settings: settings(BATCH_SIZE),
        requestedBy: null,
        origin: 'batch',
      });
      ids.push(scanId);
    }
    await Promise.all(ids.map(finished));
    const seconds = (performance.now() - starting) / 1000;
    let bareMs = 0;
    for (const company of companies) bareMs += (await bareLoop(app, company, BATCH_SIZE)).ms;
    const barePoints = companies.length * BATCH_SIZE * BATCH_SIZE;
    rows.push({
      name: `${BATCH_SCANS} scans ${BATCH_SIZE}×${BATCH_SIZE} queued at once (C=4)`,
      value: (BATCH_SCANS * BATCH_SIZE * BATCH_SIZE) / seconds,
      unit: 'points/s',
      baseline: barePoints / (bareMs / 1000),
      baselineName: 'bare-loop points/s',
    });
    return rows;
  } finally {
    await app.close();
  }
}

/** A vendor that answers every search in FAKE_SEARCH_MS: the queue's own overhead shows. */
async function fakeVendorRows(postgresUrl: string | null): Promise<BenchRow[]> {
  const peer = await startDataForSeoPeer();
  peer.delayMs = FAKE_SEARCH_MS;
  const rows: BenchRow[] = [];
  const where = postgresUrl ? 'PostgreSQL' : 'PGlite';
  try {
    for (const concurrency of FAKE_CONCURRENCIES) {
      // Each app starts on an empty database of its own.
      const scratch = postgresUrl ? await scratchPostgres(postgresUrl) : null;
      const app = await benchApp({
        postgresUrl: scratch?.url ?? null,
        pointConcurrency: concurrency,
        search: {
          provider: 'dataforseo',
          dataforseo: { login: PEER_LOGIN, password: PEER_PASSWORD, baseUrl: peer.base },
          costPerRequestMillicents: 0,
          // The adapter's own limit must not be what holds the queue back.
          concurrency: 64,
          timeoutMs: 10_000,
        },
      });
      try {
        const [company] = await seedMarket(app);
        if (!company) throw new Error('no bench market');
        const finished = scanWatcher(app);
        await timedScan(app, finished, company, 3);
        for (const size of SIZES) {
          peer.maxInFlight = 0;
          const ms = await timedScan(app, finished, company, size);
          const points = size * size;
          rows.push({
            name: `scan ${size}×${size}, ${FAKE_SEARCH_MS} ms vendor, C=${concurrency}, ${where} (peak ${peer.maxInFlight})`,
            value: ms,
            unit: 'ms',
            baseline: Math.ceil(points / concurrency) * FAKE_SEARCH_MS,
            baselineName: `ceil(${points}/${concurrency})×${FAKE_SEARCH_MS} ms`,
          });
        }
      } finally {
        await app.close();
        await scratch?.drop();
      }
    }
  } finally {
    await peer.close();
  }
  return rows;
}

/** With a PostgreSQL URL the fake-vendor scans run on PostgreSQL as well as on PGlite. */
export async function benchScans(options: { postgresUrl: string | null }): Promise<BenchRow[]> {
  return [
    ...(await simulatedRows()),
    ...(await fakeVendorRows(null)),
    ...(options.postgresUrl ? await fakeVendorRows(options.postgresUrl) : []),
  ];
}
