// A quick look at the gateway's cost (issue 22), outside `npm run bench`: one server, the
// direct client read and the same read through the gateway, side by side, for a few seconds
// each. With --prof=<dir> the server writes a V8 CPU profile there (open it in DevTools).
//   node --import tsx bench/gateway-profile.ts [--seconds=5] [--prof=/tmp/gw-prof]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { repoRoot } from '../apps/server/src/kernel/lib/paths';
import { signInDemoClient } from './load';

const flag = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const seconds = Number(flag('seconds') ?? '5');
const prof = flag('prof');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-gateway-profile-'));
const { DATABASE_URL: _ignored, ...inherited } = process.env;
// As spawn-server.ts does, with the profiler's flags (NODE_OPTIONS may not carry them).
const child = spawn(
  process.execPath,
  [
    ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
    '--import',
    'tsx',
    'apps/server/src/main/server.ts',
  ],
  {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: '0',
      PINPOINT_DATA_DIR: dataDir,
      PINPOINT_DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PINPOINT_SECRET_KEY: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const exited = new Promise((resolve) => child.once('exit', resolve));
try {
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Pinpoint is running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const { cookie, companyId } = await signInDemoClient(base);
  const runs = {
    direct: { url: `${base}/api/uni/client/${companyId}`, headers: { cookie } },
    gateway: {
      url: `${base}/database/request`,
      method: 'POST' as const,
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', url: `/api/uni/client/${companyId}` }),
    },
  };
  const measured: Record<string, { rps: number; p50: number; non2xx: number }> = {};
  for (const [name, run] of Object.entries(runs)) {
    await autocannon({ ...run, connections: 50, duration: 2 });
    const result = await autocannon({ ...run, connections: 50, duration: seconds });
    measured[name] = {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      non2xx: result.non2xx + result.errors,
    };
  }
  const { direct, gateway } = measured;
  process.stdout.write(`${JSON.stringify(measured)}\n`);
  if (direct && gateway) {
    process.stdout.write(
      `c/b ${(gateway.rps / direct.rps).toFixed(2)}, p50 ${gateway.p50} vs ${direct.p50} ms\n`,
    );
  }
} finally {
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
