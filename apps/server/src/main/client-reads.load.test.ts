import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from '../../../../bench/load';
import { type SpawnedServer, spawnServer } from '../test/spawn-server';
import { measureSlowdown } from '../test/time-budget';

/**
 * The short load run of CI (issue 8; `npm run bench` runs the full minute): 200 requests
 * a second over the main client reads, through the gateway, against a real server process
 * with the demo agency. The server runs on PGlite whatever DATABASE_URL says (spawnServer):
 * the load tier runs once, on either database.
 */
const SECONDS = 8;
/**
 * Issue 8's target is p99 < 100 ms. On PGlite this machine measures p99 ≈ 150 ms at 200/s
 * alone, 250–940 ms with other work running: every read costs ~5 ms of the one database
 * thread, so 200 a second is about all one process serves (docs/performance.md). The
 * target is reported, not asserted; these bounds catch a regression of several times.
 */
const P99_REGRESSION_MS = 2_000;
/**
 * Share of the asked-for requests that must be answered (144/s of 200 seen under load), on a
 * machine of the reference speed. Both bounds are scaled by how much slower this machine is
 * (test/time-budget.ts): one measured 3.1 times slower served 82/s with p99 689 ms, which is
 * the machine, not a regression.
 */
const MIN_SERVED = 0.5;
let server: SpawnedServer;

describe('load on the client reads', () => {
  beforeAll(async () => {
    server = spawnServer({ PINPOINT_DEMO: '1', LOG_LEVEL: 'warn' });
    await server.ready;
  }, 180_000); // a server seeding the demo agency: about 25 s alone, far longer beside other work
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it('answers 200 requests a second with ≥ 99.9% success and flat memory', async () => {
    const port = await server.ready;
    const pid = server.child.pid ?? 0;
    const result = await runLoad({
      base: `http://127.0.0.1:${port}`,
      serverPid: pid,
      seconds: SECONDS,
      rate: 200,
    });
    process.stdout.write(
      `\n[load] ${result.requests} requests in ${SECONDS} s (${result.rps.toFixed(0)}/s): ${(result.success * 100).toFixed(2)}% ok, p50 ${result.p50} ms, p99 ${result.p99} ms, RSS ${result.rssStartMb.toFixed(0)} → ${result.rssEndMb.toFixed(0)} MB\n`,
    );
    const slowdown = measureSlowdown();
    process.stdout.write(`[load] this machine: ${slowdown.toFixed(2)}× the reference\n`);
    expect(result.requests).toBeGreaterThan((SECONDS * 200 * MIN_SERVED) / slowdown);
    expect(result.success).toBeGreaterThanOrEqual(0.999);
    expect(result.p99).toBeLessThan(P99_REGRESSION_MS * slowdown);
    // "Flat": the last third within 15% of the first (caches and JIT settle early).
    expect(result.rssEndMb).toBeLessThan(result.rssStartMb * 1.15);
  }, 60_000);
});
