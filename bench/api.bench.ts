import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { repoRoot } from '../apps/server/src/kernel/lib/paths';
import { type SpawnedServer, spawnServer } from '../apps/server/src/test/spawn-server';
import type { BenchRow } from './bench-table';
import { signInDemoClient } from './load';

/**
 * API throughput and latency (issue 8), side by side in one run, 50 connections each:
 * (a) a bare Fastify route, the machine's baseline; (b) `GET /api/uni/client/{id}` signed
 * in; (c) the same read through the gateway `POST /database/request`. Each server runs in
 * its own process; autocannon runs here.
 */
export interface ApiBenchOptions {
  seconds: number;
  connections: number;
  postgresUrl: string | null;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function cannon(options: autocannon.Options): Promise<Measured> {
  const result = await autocannon({ ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function bareServer(): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, ready, exited, dataDir: '' };
}

async function stop(server: SpawnedServer) {
  server.child.kill('SIGTERM');
  await server.exited;
}

export async function benchApi(options: ApiBenchOptions): Promise<BenchRow[]> {
  const { seconds, connections } = options;
  const bare = bareServer();
  const env: Record<string, string> = {
    PINPOINT_DEMO: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Production requires the key that seals vendor secrets; any key will do here.
    PINPOINT_SECRET_KEY: randomBytes(32).toString('hex'),
  };
  if (options.postgresUrl) env.DATABASE_URL = options.postgresUrl;
  const pinpoint = spawnServer(env);
  try {
    const [barePort, port] = await Promise.all([bare.ready, pinpoint.ready]);
    const base = `http://127.0.0.1:${port}`;
    const { cookie, companyId } = await signInDemoClient(base);
    const direct: autocannon.Options = {
      url: `${base}/api/uni/client/${companyId}`,
      headers: { cookie },
      connections,
      duration: seconds,
    };
    const gateway: autocannon.Options = {
      url: `${base}/database/request`,
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({
        method: 'GET',
        url: `/api/uni/client/${companyId}`,
        data: { origin: base },
      }),
      connections,
      duration: seconds,
    };
    const bareRun: autocannon.Options = {
      url: `http://127.0.0.1:${barePort}/bare`,
      connections,
      duration: seconds,
    };
    // Warm-up: JIT, pools and caches, not measured.
    for (const run of [bareRun, direct, gateway]) await cannon({ ...run, duration: 3 });
    const a = await cannon(bareRun);
    const b = await cannon(direct);
    const c = await cannon(gateway);
    const db = options.postgresUrl ? 'PostgreSQL' : 'PGlite';
    for (const [name, m] of [
      ['bare', a],
      ['direct', b],
      ['gateway', c],
    ] as const) {
      if (m.errors > 0 || m.non2xx > 0) {
        process.stderr.write(
          `api bench ${name}: ${m.errors} errors, ${m.non2xx} non-2xx answers\n`,
        );
      }
    }
    return [
      {
        name: `(a) bare route req/s`,
        value: a.rps,
        unit: 'req/s',
        baseline: a.rps,
        baselineName: '(a) itself',
      },
      {
        name: `(b) client read req/s, ${db}`,
        value: b.rps,
        unit: 'req/s',
        baseline: a.rps,
        baselineName: '(a) bare route',
      },
      {
        name: `(c) gateway read req/s, ${db}`,
        value: c.rps,
        unit: 'req/s',
        baseline: b.rps,
        baselineName: '(b) direct read',
      },
      {
        name: `(a) bare route p50`,
        value: a.p50,
        unit: 'ms',
        baseline: a.p50,
        baselineName: '(a) itself',
      },
      {
        name: `(b) client read p50, ${db}`,
        value: b.p50,
        unit: 'ms',
        baseline: a.p50,
        baselineName: '(a) bare route',
      },
      {
        name: `(c) gateway read p50, ${db}`,
        value: c.p50,
        unit: 'ms',
        baseline: b.p50,
        baselineName: '(b) direct read',
      },
      {
        name: `(a) bare route p99`,
        value: a.p99,
        unit: 'ms',
        baseline: a.p99,
        baselineName: '(a) itself',
      },
      {
        name: `(b) client read p99, ${db}`,
        value: b.p99,
        unit: 'ms',
        baseline: a.p99,
        baselineName: '(a) bare route',
      },
      {
        name: `(c) gateway read p99, ${db}`,
        value: c.p99,
        unit: 'ms',
        baseline: b.p99,
        baselineName: '(b) direct read',
      },
    ];
  } finally {
    await Promise.all([stop(bare), stop(pinpoint)]);
  }
}
