import { statusPageSchema } from '@pinpoint/contracts';
import {
  PEER_LOGIN,
  PEER_PASSWORD,
  type RunningDataForSeoPeer,
  startDataForSeoPeer,
} from '@pinpoint/fake-vendors/dataforseo-peer';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchCompany, scanWatcher, seedMarket } from '../../../../bench/bench-app';
import type { ScanRow } from '../areas/rank-grid/rank-grid.repository';
import { SCAN_POINT_JOB, SCAN_POINT_RETRY_LIMIT } from '../areas/rank-grid/scan-point.job';
import { users } from '../kernel/db/schema';
import { DATAFORSEO_PROVIDER } from '../providers/kernel/vendor-ids';
import type { CircuitHealth } from '../providers/search/port';
import { latencyLimit } from '../test/latency';
import { createTestApp, sessionCookieOf, type TestApp, testConfig } from '../test/test-app';

/**
 * Issue 8, "a slow or failing provider": the live search adapter's vendor (the fake
 * DataForSEO peer) turns slow, then refuses connections, in the middle of a few scans.
 * Dashboard reads must not notice, the circuit must open, the point jobs must come back
 * later instead of writing `error`, and the status page must show the provider degraded.
 *
 * Refusing: the adapter's base URL is fixed when the app is built, so the peer itself is
 * closed (connections to its port are refused) and later started again on the same port.
 */

const SCANS = 3;
const GRID_SIZE = 7; // 3 × 49 points: several seconds of work at the peer's pace below
const OK_DELAY_MS = 100;
const SEARCH_TIMEOUT_MS = 1_000; // the peer's slow answers (5 s) are all timeouts
const BREAKER_THRESHOLD = 3;
const HALF_OPEN_MS = 1_500;
const REFUSED_MS = 3_000;
const BASELINE_READS = 120; // enough samples that one slow read does not make the p95
// Reads during the outage keep their p95 near the baseline's (test/latency.ts: 1.5×, or
// baseline + 20 ms, whichever is larger; a 10 % ratio on a few milliseconds was noise).

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('a slow, then refusing, search provider in the middle of scans', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let peer: RunningDataForSeoPeer;
  let companies: BenchCompany[];
  let cookie = '';

  beforeAll(async () => {
    peer = await startDataForSeoPeer();
    peer.delayMs = OK_DELAY_MS;
    const base = testConfig();
    test = await createTestApp({
      config: {
        // Two point jobs and two requests at once: the scans stay in flight for seconds.
        jobs: {
          workers: true,
          concurrency: { [SCAN_POINT_JOB]: 2 },
          maintenanceIntervalSeconds: 1,
        },
        search: {
          ...base.search,
          provider: 'dataforseo',
          dataforseo: { login: PEER_LOGIN, password: PEER_PASSWORD, baseUrl: peer.base },
          timeoutMs: SEARCH_TIMEOUT_MS,
          concurrency: 2,
          scanCostCeilingCents: 100_000,
          // One quick retry inside the adapter; the breaker opens and half-opens quickly.
          resilience: {
            retries: 1,
            initialBackoffMs: 50,
            maxBackoffMs: 100,
            breakerThreshold: BREAKER_THRESHOLD,
            halfOpenAfterMs: HALF_OPEN_MS,
          },
        },
      },
    });
    app = test.app;
    await app.ready();
    companies = await seedMarket(app);
    const [admin] = await app.database.db
      .insert(users)
      .values({ email: 'ops@outage.test', firstName: 'Ops', lastName: 'Admin', admin: true })
      .returning({ id: users.id });
    cookie = await sessionCookieOf(app, admin?.id ?? 0);
  });

  afterAll(async () => {
    await app?.close();
    await peer?.close();
  });

  /** One dashboard read, timed; it must answer 200 whatever the provider does. */
  async function read(url: string): Promise<number> {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - started;
    expect(res.statusCode, url).toBe(200);
    return ms;
  }

  /** The public status page as anyone reads it (its first read: a fresh build, no cache). */
  async function statusPage() {
    const res = await app.inject({ method: 'GET', url: '/api/system/status' });
    expect(res.statusCode).toBe(200);
    const page = statusPageSchema.parse(res.json());
    return { page, status: page.providers.find((p) => p.name === DATAFORSEO_PROVIDER)?.status };
  }

  /** The dashboard reads of the issue, round-robin over the companies. */
  async function readRound(samples: number[], round: number) {
    const company = companies[round % companies.length] ?? companies[0];
    if (!company) throw new Error('no company seeded');
    samples.push(await read(`/api/uni/client/${company.id}`));
    samples.push(await read(`/api/localrank/history/overview?companyId=${company.id}`));
    // `inject` and PGlite can answer in microtasks alone: without a turn of the event loop
    // between rounds, a reading loop would starve the timers and sockets of the jobs.
    await new Promise((resolve) => setImmediate(resolve));
  }

  it('keeps dashboards fast, opens the circuit, retries the points later and shows degraded', async () => {
    const started = Date.now();
    const provider = app.areas['rank-grid'].rankGrid.provider;
    expect(provider.health?.()).toBe('closed');

    // Each finished scan is counted: a scan finished twice would count twice.
    const finishedTimes = new Map<number, number>();
    app.areas['rank-grid'].rankGrid.onScanFinished((scan) => {
      finishedTimes.set(scan.id, (finishedTimes.get(scan.id) ?? 0) + 1);
    });
    const finished = scanWatcher(app);
    const scanIds: number[] = [];
    for (let i = 0; i < SCANS; i++) {
      const company = companies[i % companies.length];
      if (!company) throw new Error('no company seeded');
      const { scanId } = await app.areas['rank-grid'].rankGrid.service.startScan({
        companyId: company.id,
        keyword: company.keyword,
        settings: { size: GRID_SIZE, radius: 3, unit: 'mi', shape: 'square', disabledPoints: [] },
        requestedBy: null,
        origin: 'manual',
      });
      scanIds.push(scanId);
    }
    const scans = async () =>
      (
        await Promise.all(scanIds.map((id) => app.areas['rank-grid'].rankGrid.repo.scan(id)))
      ).filter((scan): scan is ScanRow => scan !== null);
    const pointsDone = async () => (await scans()).reduce((sum, s) => sum + s.pointsDone, 0);
    const pointsTotal = (await scans()).reduce((sum, s) => sum + s.pointsTotal, 0);
    const allPoints = async () =>
      (
        await Promise.all(scanIds.map((id) => app.areas['rank-grid'].rankGrid.repo.points(id)))
      ).flat();

    // 1. Baseline, with the scans running against a healthy vendor.
    await until('the first points', async () => (await pointsDone()) >= 6);
    // Warm-up reads first (cold caches and JIT), so the baseline is not inflated by them.
    for (let round = 0; round < 10; round++) await readRound([], round);
    const baseline: number[] = [];
    for (let round = 0; baseline.length < BASELINE_READS; round++) await readRound(baseline, round);
    const doneBeforeOutage = await pointsDone();
    expect(doneBeforeOutage).toBeLessThan(pointsTotal); // the outage lands mid-way

    // 2. The outage: reads go on in the background the whole time.
    const outage: number[] = [];
    let reading = true;
    const reader = (async () => {
      for (let round = 0; reading; round++) await readRound(outage, round);
    })();

    // 2a. Slow: every answer takes 5 s, past the 1 s timeout, until the breaker opens.
    const requestsBeforeSlow = peer.requests.length;
    peer.mode = 'slow';
    const states = new Set<CircuitHealth>();
    await until(
      'the circuit to open',
      () => {
        const state = provider.health?.() ?? 'closed';
        states.add(state);
        return state === 'open';
      },
      15_000,
    );
    const slowRequests = peer.requests.length - requestsBeforeSlow;

    // 2b. Refused: nothing listens on the vendor's port for a while; half-open trials fail.
    const port = Number(new URL(peer.base).port);
    await peer.close();
    const { status, page } = await statusPage();
    await sleep(REFUSED_MS);
    const doneDuringOutage = (await pointsDone()) - doneBeforeOutage;
    const erroredDuringOutage = (await allPoints()).filter((p) => p.state === 'error').length;

    // 3. The vendor is back on the same port: the next half-open trial closes the circuit.
    peer = await startDataForSeoPeer(port);
    reading = false;
    await reader;
    const final = await Promise.all(scanIds.map((id) => finished(id)));
    const points = await allPoints();

    // Dashboards: every read answered 200 (checked in `read`), and quickly.
    const baselineP95 = p95(baseline);
    const outageP95 = p95(outage);

    // The circuit opened, and the status page said so while it was open.
    expect(states.has('open')).toBe(true);
    expect(slowRequests).toBeGreaterThanOrEqual(BREAKER_THRESHOLD);
    expect(status).toBe('degraded');
    expect(page.providers.find((p) => p.name === DATAFORSEO_PROVIDER)?.failed24h).toBeGreaterThan(
      0,
    );
    expect(provider.health?.()).toBe('closed');

    // No point was given up on during the outage; all were measured once the vendor was back.
    expect(erroredDuringOutage).toBe(0);
    expect(final.map((scan) => scan.status)).toEqual(scanIds.map(() => 'done'));
    expect(final.every((scan) => scan.pointsDone === scan.pointsTotal)).toBe(true);
    expect(points).toHaveLength(pointsTotal);
    expect(points.filter((p) => p.state !== 'found' && p.state !== 'not_found')).toEqual([]);
    // Retried later (by the queue), never past the job's retry limit.
    const retried = points.filter((p) => p.attempts > 1).length;
    expect(retried).toBeGreaterThan(0);
    expect(Math.max(...points.map((p) => p.attempts))).toBeLessThanOrEqual(
      1 + SCAN_POINT_RETRY_LIMIT,
    );
    // Each scan finished exactly once: no point was counted twice.
    expect(scanIds.map((id) => finishedTimes.get(id))).toEqual(scanIds.map(() => 1));
    // The new peer answered at least every point that was still open when it came back.
    expect(peer.requests.length).toBeGreaterThanOrEqual(
      pointsTotal - doneBeforeOutage - doneDuringOutage,
    );

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // The figures the issue asks for, on stdout for the report (the app's logs are silent).
    process.stdout.write(
      `[provider outage] baseline p95 ${baselineP95.toFixed(1)} ms (${baseline.length} reads), ` +
        `outage p95 ${outageP95.toFixed(1)} ms (${outage.length} reads), ` +
        `circuit opened after ${slowRequests} slow requests, ` +
        `scans finished ${final.filter((s) => s.status === 'done').length}/${SCANS} ` +
        `(${points.length}/${pointsTotal} points measured, ${retried} retried), ` +
        `status: ${status}, ${seconds} s\n`,
    );
    expect(outageP95).toBeLessThanOrEqual(latencyLimit(baselineP95));
  }, 60_000);
});
