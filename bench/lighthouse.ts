// `npm run lighthouse`: Lighthouse performance and accessibility scores for /login and
// /dashboard/overview (signed in as the demo client), in the desktop and mobile presets,
// with Debian's Chromium (issue 8). It serves the built app (`npm run build` first) from a
// server process of its own on the demo agency, in production mode.
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { repoRoot } from '../apps/server/src/paths';
import { spawnServer } from '../apps/server/src/test/spawn-server';
import { DEMO_PASSWORD } from '../packages/contracts/src';

const TARGETS = { performance: 90, accessibility: 95 };

function out(line: string) {
  process.stdout.write(`${line}\n`);
}

if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
  process.stderr.write('Build the web app first: npm run build\n');
  process.exit(1);
}

const server = spawnServer({ PINPOINT_DEMO: '1', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const port = await server.ready;
  const base = `http://localhost:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'client@demo.pinpoint.local', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  const rows: string[][] = [];
  for (const [page, signedIn] of [
    ['/login', false],
    ['/dashboard/overview', true],
  ] as const) {
    for (const preset of ['desktop', 'mobile'] as const) {
      const result = await lighthouse(
        `${base}${page}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(signedIn && { extraHeaders: { Cookie: cookie } }),
        },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${page}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '–';
      const finalUrl = lhr.finalDisplayedUrl;
      rows.push([
        page,
        preset,
        String(score('performance')),
        String(score('accessibility')),
        metric('first-contentful-paint'),
        metric('largest-contentful-paint'),
        metric('total-blocking-time'),
        metric('cumulative-layout-shift'),
        lhr.runtimeError
          ? `error ${lhr.runtimeError.code}: ${lhr.runtimeError.message.slice(0, 80)}`
          : finalUrl.endsWith(page)
            ? ''
            : `ended at ${new URL(finalUrl).pathname}`,
      ]);
    }
  }
  const header = ['page', 'preset', 'perf', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  out(line(header));
  for (const row of rows) out(line(row));
  const missed = rows.filter(
    (r) => Number(r[2]) < TARGETS.performance || Number(r[3]) < TARGETS.accessibility,
  );
  out(
    missed.length === 0
      ? `all pages meet performance ≥ ${TARGETS.performance} and accessibility ≥ ${TARGETS.accessibility}`
      : `below target (performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}): ${missed.map((r) => `${r[0]} ${r[1]}`).join(', ')}`,
  );
} finally {
  await chrome.kill();
  server.child.kill('SIGTERM');
  await server.exited;
}
