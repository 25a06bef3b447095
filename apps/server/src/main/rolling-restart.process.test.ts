import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientReads, signInDemoClient } from '../../../../bench/load';
import { type RoundRobinProxy, startRoundRobinProxy } from '../test/round-robin-proxy';
import { openTestSocket, type TestSocket } from '../test/socket-client';
import { type SpawnedServer, spawnServer } from '../test/spawn-server';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Rolling restart (issue 8): two server processes on one PostgreSQL database behind a
 * round-robin balancer, with reads running the whole time, a socket open and a scan in
 * progress. Each process in turn is taken out of the balancer, stopped with SIGTERM and
 * started again. No read may fail, the socket must reconnect, and the scan must finish
 * with every point measured (its jobs live in the database, not in a process).
 */
describe.skipIf(!onPostgres)('rolling restart of two server processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let proxy: RoundRobinProxy;
  const servers: SpawnedServer[] = [];
  const ports: number[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = {
      DATABASE_URL: database.url ?? '',
      PINPOINT_DEMO: '1',
      LOG_LEVEL: 'warn',
      PINPOINT_JOBS: '1',
      // One point at a time, so the scan's jobs are still running across both restarts.
      PINPOINT_JOBS_CONCURRENCY: 'rank-scan.point=1',
    };
    for (let i = 0; i < 2; i++) {
      const server = spawnServer(env);
      servers.push(server);
      ports.push(await server.ready);
    }
    proxy = await startRoundRobinProxy(ports);
  }, 90_000);

  afterAll(async () => {
    await proxy?.close();
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
  });

  it('loses no request, socket or scan while each process restarts in turn', async () => {
    const base = `http://localhost:${proxy.port}`;
    const { cookie, companyId } = await signInDemoClient(base);
    const headers = { cookie, origin: base, 'content-type': 'application/json' };

    // A scan whose point jobs run across the restarts.
    const started = await fetch(`${base}/api/localrank/request`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ companyId, keyword: 'dentist', size: 21, radius: 5, unit: 'mi' }),
    });
    expect(started.status).toBe(200);
    const { scanId } = (await started.json()) as { scanId: number };

    // A socket that reconnects whenever its process goes away, as the browser's does.
    let socket: TestSocket = await openTestSocket(`ws://localhost:${proxy.port}/ws`, {
      cookie,
      origin: base,
    });
    let reconnects = 0;
    let live = true;
    const keepSocket = (async () => {
      while (live) {
        await socket.closed;
        if (!live) return;
        for (;;) {
          try {
            socket = await openTestSocket(`ws://localhost:${proxy.port}/ws`, {
              cookie,
              origin: base,
            });
            reconnects++;
            break;
          } catch {
            // A browser waits a little before it tries again, rather than spinning.
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }
    })();

    // Reads all along: eight workers cycling over the client's dashboard reads.
    const reads = clientReads(base, companyId);
    const failures: string[] = [];
    let sent = 0;
    let loading = true;
    const workers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; loading; i++) {
        const read = reads[i % reads.length];
        if (!read) continue;
        try {
          const res = await fetch(`${base}${read.path}`, {
            method: 'POST',
            headers,
            body: read.body,
          });
          sent++;
          if (res.status !== 200) failures.push(`${res.status} ${read.body}`);
          await res.arrayBuffer();
        } catch (error) {
          failures.push(`${(error as Error).message} ${read.body}`);
        }
      }
    });

    /** Until `count` more reads have been answered (polled; the run fails after a minute). */
    const moreReads = async (count: number) => {
      const target = sent + count;
      const deadline = Date.now() + 60_000;
      while (sent < target) {
        if (Date.now() > deadline)
          throw new Error(`reads stalled at ${sent} (${failures.length} failed)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    // Reads are flowing before the first restart.
    await moreReads(workers.length);
    const before = (await (
      await fetch(`${base}/api/localrank/find/grid/${scanId}`, { headers })
    ).json()) as { pointsDone: number };
    for (const index of [0, 1]) {
      const others = ports.filter((_, i) => i !== index);
      proxy.setBackends(others);
      const old = servers[index] as SpawnedServer;
      old.child.kill('SIGTERM');
      expect(await old.exited).toBe(0);
      const fresh = spawnServer(env);
      servers[index] = fresh;
      ports[index] = await fresh.ready;
      proxy.setBackends(ports);
      // The fresh process takes its share before the other one stops: the reads in flight
      // at the swap were routed before it, and of any two routed after it, one goes there.
      await moreReads(workers.length + 2);
    }

    // The scan finishes on the new processes.
    let scan = { status: '', pointsDone: 0, pointsTotal: -1 };
    for (let i = 0; i < 240 && scan.status !== 'done' && scan.status !== 'failed'; i++) {
      const res = await fetch(`${base}/api/localrank/find/grid/${scanId}`, { headers });
      scan = (await res.json()) as typeof scan;
      if (scan.status !== 'done') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    loading = false;
    await Promise.all(workers);
    // The socket is open again (it may still be reconnecting after the last restart).
    const openBy = Date.now() + 10_000;
    while (socket.socket.readyState !== socket.socket.OPEN && Date.now() < openBy) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const open = socket.socket.readyState === socket.socket.OPEN;
    live = false;
    socket.socket.close();
    await keepSocket;

    process.stdout.write(
      `\n[rolling restart] ${sent} reads, ${failures.length} failed; socket reconnected ${reconnects}×; scan ${scan.status} ${scan.pointsDone}/${scan.pointsTotal} (${before.pointsDone} measured when the first restart began)\n`,
    );
    expect(failures).toEqual([]);
    // The scan was still running when the restarts began, or the test proves nothing.
    expect(before.pointsDone).toBeLessThan(441);
    expect(sent).toBeGreaterThan(100);
    expect(reconnects).toBeGreaterThanOrEqual(1);
    expect(open).toBe(true);
    expect(scan).toMatchObject({ status: 'done', pointsDone: 441, pointsTotal: 441 });
  }, 180_000);
});
