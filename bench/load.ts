import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../packages/contracts/src';

/**
 * Steady load over the main client reads through the gateway (issue 8): a fixed request
 * rate for a while, with the success rate, latency percentiles and the server process's
 * memory over time. `npm run bench` runs 60 s at 200 req/s; the test suite a short run.
 */
export interface LoadResult {
  requests: number;
  /** Share of 2xx answers, 0–1. */
  success: number;
  p50: number;
  p99: number;
  rps: number;
  /** Resident memory of the server, MB: the median of the first and of the last third. */
  rssStartMb: number;
  rssEndMb: number;
}

/** The demo client, signed in over HTTP, and their first company. */
export async function signInDemoClient(
  base: string,
): Promise<{ cookie: string; companyId: number }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'client@demo.pinpoint.local', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const clients = await fetch(`${base}/api/uni/user/clients`, { headers: { cookie } });
  const body = (await clients.json()) as { clients?: { id: number }[] };
  const companyId = body.clients?.[0]?.id;
  if (!companyId) throw new Error('the demo client has no company');
  return { cookie, companyId };
}

/** What a client's dashboard reads, each as the browser sends it: through the gateway. */
export function clientReads(base: string, companyId: number) {
  const inner = [
    ['GET', `/api/uni/client/${companyId}`],
    ['GET', '/api/uni/user/clients'],
    ['GET', `/api/uni/client/activity/${companyId}`],
    ['GET', `/api/uni/client/notifications/${companyId}`],
    ['GET', `/api/alerts/${companyId}?limit=10&offset=0`],
    ['GET', `/api/uni/client/products/${companyId}`],
    ['POST', `/api/uni/charts/overview/${companyId}`],
    ['GET', `/api/localrank/history/overview?companyId=${companyId}`],
  ] as const;
  return inner.map(([method, url]) => ({
    method: 'POST' as const,
    path: '/database/request',
    body: JSON.stringify({ method, url, data: { origin: base } }),
  }));
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export async function runLoad(options: {
  base: string;
  serverPid: number;
  seconds: number;
  rate: number;
}): Promise<LoadResult> {
  const { cookie, companyId } = await signInDemoClient(options.base);
  const headers = { cookie, origin: options.base, 'content-type': 'application/json' };
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(options.serverPid)), 500);
  try {
    const result = await autocannon({
      url: options.base,
      headers,
      requests: clientReads(options.base, companyId),
      connections: 20,
      overallRate: options.rate,
      duration: options.seconds,
    });
    const requests = result.requests.total;
    const ok = result['2xx'];
    const third = Math.max(1, Math.floor(samples.length / 3));
    return {
      requests,
      success: requests === 0 ? 0 : ok / (requests + result.errors + result.timeouts),
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      rssStartMb: median(samples.slice(0, third)),
      rssEndMb: median(samples.slice(-third)),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** `npm run bench`'s load rows: the full run against a server process with the demo agency. */
export async function benchLoad(options: { seconds: number; rate: number }) {
  const { spawnServer } = await import('../apps/server/src/test/spawn-server');
  const server = spawnServer({
    PINPOINT_DEMO: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Production requires the key that seals vendor secrets; any key will do here.
    PINPOINT_SECRET_KEY: randomBytes(32).toString('hex'),
  });
  try {
    const port = await server.ready;
    const result = await runLoad({
      base: `http://127.0.0.1:${port}`,
      serverPid: server.child.pid ?? 0,
      ...options,
    });
    const label = `load ${options.rate}/s for ${options.seconds} s, gateway reads`;
    return [
      {
        name: `${label}: success`,
        value: result.success * 100,
        unit: '%',
        baseline: 99.9,
        baselineName: 'target 99.9%',
      },
      {
        name: `${label}: p50`,
        value: result.p50,
        unit: 'ms',
        baseline: 100,
        baselineName: 'target p99 100 ms',
      },
      {
        name: `${label}: p99`,
        value: result.p99,
        unit: 'ms',
        baseline: 100,
        baselineName: 'target p99 100 ms',
      },
      {
        name: `${label}: RSS last third`,
        value: result.rssEndMb,
        unit: 'MB',
        baseline: result.rssStartMb,
        baselineName: 'RSS first third',
      },
    ];
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}
