import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { repoRoot } from '../apps/server/src/kernel/lib/paths';
import { type SpawnedServer, spawnServer } from '../apps/server/src/test/spawn-server';
import type { BenchRow } from './bench-table';
import { signInDemoClient } from './load';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

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

async function rps(options: autocannon.Options, expectStatus: number) {
  const result = await autocannon(options);
  const wrong =
    result.errors + result.timeouts + (expectStatus === 302 ? result['2xx'] : result.non2xx);
  if (wrong > 0) process.stderr.write(`qr bench ${options.url}: ${wrong} unexpected answers\n`);
  return { rps: result.requests.average, p99: result.latency.p99, total: result.requests.total };
}

/**
 * The QR redirect `GET /q/{code}` (one indexed lookup, the scan parsed and queued for the
 * batched writer, then 302) against (a) a bare Fastify route in its own process, the
 * machine's baseline, and (b) the same server's `/healthz`, its own floor (hooks, headers).
 * Then checks that every redirect answered was stored as a scan.
 */
export async function benchQrRedirect(options: {
  seconds: number;
  connections: number;
}): Promise<BenchRow[]> {
  const bare = bareServer();
  const pinpoint = spawnServer({
    PINPOINT_DEMO: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PINPOINT_SECRET_KEY: randomBytes(32).toString('hex'),
  });
  try {
    const [barePort, port] = await Promise.all([bare.ready, pinpoint.ready]);
    const base = `http://127.0.0.1:${port}`;
    const { cookie, companyId } = await signInDemoClient(base);
    const products = (await (
      await fetch(`${base}/api/uni/client/products/${companyId}`, { headers: { cookie } })
    ).json()) as {
      items: { id: number; status: string }[];
    };
    const product = products.items.find((p) => p.status === 'active');
    if (!product) throw new Error('the demo client has no active product');
    const created = await fetch(`${base}/api/uni/products/qrcodes/${product.id}`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench code', targetUrl: 'https://example.com/bench' }),
    });
    if (created.status !== 201)
      throw new Error(`creating the bench code failed: ${created.status}`);
    const code = (await created.json()) as { id: number; code: string };
    const common = { connections: options.connections, duration: options.seconds };
    const redirect: autocannon.Options = {
      ...common,
      url: `${base}/q/${code.code}`,
      headers: { 'user-agent': IPHONE_UA },
    };
    const bareRun: autocannon.Options = { ...common, url: `http://127.0.0.1:${barePort}/bare` };
    const health: autocannon.Options = { ...common, url: `${base}/healthz` };
    for (const [run, status] of [
      [bareRun, 200],
      [health, 200],
      [redirect, 302],
    ] as const) {
      await rps({ ...run, duration: 3 }, status);
    }
    const a = await rps(bareRun, 200);
    const b = await rps(health, 200);
    const c = await rps(redirect, 302);
    // Every redirect answered (warm-up included) must be a stored scan once the batch is written.
    let stored = 0;
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await fetch(`${base}/api/uni/products/qrcodes/${product.id}/${code.id}`, {
        headers: { cookie },
      });
      stored = ((await answer.json()) as { scans: number }).scans;
      if (stored >= c.total) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return [
      {
        name: '(a) bare route req/s (qr run)',
        value: a.rps,
        unit: 'req/s',
        baseline: a.rps,
        baselineName: '(a) itself',
      },
      {
        name: '(b) Pinpoint /healthz req/s',
        value: b.rps,
        unit: 'req/s',
        baseline: a.rps,
        baselineName: '(a) bare route',
      },
      {
        name: '(c) QR redirect /q/{code} req/s',
        value: c.rps,
        unit: 'req/s',
        baseline: a.rps,
        baselineName: '(a) bare route',
      },
      {
        name: '(c) QR redirect vs /healthz',
        value: c.rps,
        unit: 'req/s',
        baseline: b.rps,
        baselineName: '(b) /healthz',
      },
      {
        name: '(c) QR redirect p99',
        value: c.p99,
        unit: 'ms',
        baseline: a.p99,
        baselineName: '(a) bare route p99',
      },
      {
        name: '(c) scans stored (≥ answers)',
        value: stored,
        unit: 'scans',
        baseline: c.total,
        baselineName: 'measured redirects',
      },
    ];
  } finally {
    await Promise.all([stop(bare), stop(pinpoint)]);
  }
}
