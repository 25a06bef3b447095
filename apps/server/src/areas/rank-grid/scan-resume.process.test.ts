import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEMO_PASSWORD,
  type Scan,
  scanRequestResponseSchema,
  scanSchema,
  userClientsResponseSchema,
} from '@pinpoint/contracts';
import {
  PEER_LOGIN,
  PEER_PASSWORD,
  type RunningDataForSeoPeer,
  startDataForSeoPeer,
} from '@pinpoint/fake-vendors/dataforseo-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../kernel/db/database';
import { openDatabase } from '../../kernel/db/open-database';
import { type SpawnedServer, spawnServer } from '../../test/spawn-server';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { SCAN_POINT_JOB, SCAN_POINT_RETRY_LIMIT } from './scan-point.job';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** 15×15 = 225 point jobs: long enough to be caught mid-way, short enough for a test. */
const GRID_SIZE = 15;
/**
 * Workers no longer pause between jobs, so the simulated search would finish the scan while
 * it is still being queued: a vendor that answers in 50 ms, two at a time, takes ~6 s.
 */
const SEARCH_MS = 50;
const TOTAL = GRID_SIZE * GRID_SIZE;
/** A killed process's point jobs come back after this expiry plus one maintenance pass. */
const POINT_EXPIRE_SECONDS = 3;
const MAINTENANCE_SECONDS = 1;

/**
 * Issue 6: a server killed (SIGKILL: no shutdown hooks, jobs left `active`, the PGlite lock
 * file left behind) in the middle of a scan; started again on the same database, it
 * finishes the scan with one row per point and no point fetched more than 1 + retry limit.
 */
describe('a rank grid scan survives a SIGKILLed server', () => {
  let database: TestDatabase | null = null;
  let dataDir = '';
  let peer: RunningDataForSeoPeer | null = null;
  const servers: SpawnedServer[] = [];

  const env = (): Record<string, string> => ({
    ...(database?.url && { DATABASE_URL: database.url }),
    PINPOINT_DEMO: '1',
    PINPOINT_JOBS: '1',
    PINPOINT_JOBS_EXPIRE_SECONDS: `${SCAN_POINT_JOB}=${POINT_EXPIRE_SECONDS}`,
    PINPOINT_JOBS_CONCURRENCY: `${SCAN_POINT_JOB}=2`,
    SEARCH_PROVIDER: 'dataforseo',
    DATAFORSEO_LOGIN: PEER_LOGIN,
    DATAFORSEO_PASSWORD: PEER_PASSWORD,
    DATAFORSEO_BASE_URL: peer?.base ?? '',
    SEARCH_SCAN_COST_CEILING_CENTS: '100000',
    PINPOINT_JOBS_MAINTENANCE_SECONDS: String(MAINTENANCE_SECONDS),
    LOG_LEVEL: 'warn',
  });

  function start(): SpawnedServer {
    const server = spawnServer(env(), { dataDir });
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    // PostgreSQL: a database of this file's own; PGlite: one folder both processes use.
    if (onPostgres) database = await createTestDatabase();
    peer = await startDataForSeoPeer();
    peer.delayMs = SEARCH_MS;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-scan-resume-'));
  });

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
      }
    }
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
    await peer?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const originOf = (port: number) => `http://localhost:${port}`;

  async function signIn(port: number): Promise<string> {
    const res = await fetch(`${originOf(port)}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: originOf(port) },
      body: JSON.stringify({ email: 'client@demo.pinpoint.local', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pinpoint_session='));
    return cookie?.split(';')[0] ?? '';
  }

  async function getJson(port: number, cookie: string, url: string): Promise<unknown> {
    const res = await fetch(`${originOf(port)}${url}`, { headers: { cookie } });
    expect(res.status, url).toBe(200);
    return res.json();
  }

  async function readScan(port: number, cookie: string, scanId: number): Promise<Scan> {
    return scanSchema.parse(await getJson(port, cookie, `/api/localrank/find/grid/${scanId}`));
  }

  /** Polls the scan until `done` holds or the deadline passes (then answers the last read). */
  async function pollScan(
    port: number,
    cookie: string,
    scanId: number,
    done: (scan: Scan) => boolean,
    timeoutMs: number,
    everyMs: number,
  ): Promise<Scan> {
    const deadline = Date.now() + timeoutMs;
    let scan = await readScan(port, cookie, scanId);
    while (!done(scan) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      scan = await readScan(port, cookie, scanId);
    }
    return scan;
  }

  /** The point rows as stored, read with the servers stopped (PGlite is one process). */
  async function storedPoints(scanId: number) {
    const direct: Database = database ?? (await openDatabase({ kind: 'pglite', dataDir }));
    try {
      const { rows } = await direct.executeSql(
        `select count(*)::int as rows, count(distinct point_index)::int as distinct_points,
                max(attempts)::int as max_attempts
           from grid_scan_points where scan_id = $1`,
        [scanId],
      );
      return rows[0] as { rows: number; distinct_points: number; max_attempts: number };
    } finally {
      if (!database) await direct.close();
    }
  }

  it('finishes the scan after a restart: one row per point, attempts within the limit', async () => {
    const first = start();
    const firstPort = await first.ready;
    let cookie = await signIn(firstPort);
    const { clients } = userClientsResponseSchema.parse(
      await getJson(firstPort, cookie, '/api/uni/user/clients'),
    );
    const company = clients.find((c) => c.name.startsWith('Summit Plumbing'));
    expect(company, 'the demo client company').toBeDefined();

    const requested = await fetch(`${originOf(firstPort)}/api/localrank/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: originOf(firstPort), cookie },
      body: JSON.stringify({
        companyId: company?.id,
        keyword: 'plumber',
        size: GRID_SIZE,
        radius: 5,
        unit: 'mi',
      }),
    });
    expect(requested.status, await requested.clone().text()).toBe(200);
    const { scanId, pointsTotal } = scanRequestResponseSchema.parse(await requested.json());
    expect(pointsTotal).toBe(TOTAL);

    // Mid-way: at least a fifth done, not finished.
    const before = await pollScan(
      firstPort,
      cookie,
      scanId,
      (scan) => scan.pointsDone >= TOTAL / 5,
      60_000,
      50,
    );
    expect(before.pointsDone).toBeGreaterThanOrEqual(TOTAL / 5);
    expect(before.pointsDone, 'the scan must still be running when killed').toBeLessThan(TOTAL);
    first.child.kill('SIGKILL');
    await first.exited;
    if (!onPostgres) {
      // The killed process could not remove its lock: the next start has to take it over.
      expect(fs.existsSync(path.join(dataDir, 'pinpoint.lock'))).toBe(true);
    }

    const killedAt = Date.now();
    const second = start();
    const secondPort = await second.ready;
    const restartMs = Date.now() - killedAt;
    cookie = await signIn(secondPort);
    const after = await pollScan(
      secondPort,
      cookie,
      scanId,
      (scan) => scan.status === 'done' || scan.status === 'failed',
      90_000,
      250,
    );
    const resumeMs = Date.now() - killedAt;
    // biome-ignore lint/suspicious/noConsole: the resume's timing belongs in the run's output
    console.info(
      `[scan-resume ${onPostgres ? 'postgres' : 'pglite'}] killed at ${before.pointsDone}/${TOTAL}; ` +
        `restarted in ${restartMs} ms; scan done ${resumeMs} ms after the kill`,
    );

    expect(after.status).toBe('done');
    expect(after.pointsDone).toBe(TOTAL);
    expect(after.points).toHaveLength(TOTAL);
    const enabled = after.points.filter((point) => point.enabled);
    expect(enabled).toHaveLength(TOTAL);
    expect(enabled.every((p) => ['found', 'not_found', 'error'].includes(p.state))).toBe(true);
    expect(enabled.every((p) => p.attempts >= 1 && p.attempts <= 1 + SCAN_POINT_RETRY_LIMIT)).toBe(
      true,
    );
    expect(after.metrics).toMatchObject({ points: TOTAL });
    expect(after.competitors).not.toBeNull();

    second.child.kill('SIGTERM');
    await second.exited;
    const stored = await storedPoints(scanId);
    expect(stored).toEqual({
      rows: TOTAL,
      distinct_points: TOTAL,
      max_attempts: expect.any(Number),
    });
    expect(stored.max_attempts).toBeLessThanOrEqual(1 + SCAN_POINT_RETRY_LIMIT);
    // A hang bound, not a timing: two server starts (the first seeds the demo agency) and
    // the scan took 31 s on an idle machine and over 120 s on one 2.7 times slower
    // (test/time-budget.ts) without PostgreSQL.
  }, 300_000);
});
