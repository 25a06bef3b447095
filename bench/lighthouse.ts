import { randomBytes } from 'node:crypto';
// `npm run lighthouse`: Lighthouse performance and accessibility scores for /login and
// /dashboard/overview (signed in as the demo client), in the desktop and mobile presets,
// with Debian's Chromium (issue 8). It serves the built app (`npm run build` first) from a
// server process of its own on the demo agency, in production mode.
// Options (environment): WEB_DIST_DIR serves another build folder; LIGHTHOUSE_PAGES
// (comma-separated, e.g. /dashboard/overview) runs only those pages; LIGHTHOUSE_JSON_DIR
// keeps each full report there, and prints the layout shifts and the LCP element, to find
// what moves or paints late without reading the JSON by hand. LIGHTHOUSE_RESULTS writes the
// scores as JSON to that file (`npm run bench` reads them into its table).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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

interface DetailNode {
  selector?: string;
  snippet?: string;
}

/** One line per layout shift (score, element) and one for the LCP element. */
function shiftsAndLcp(lhr: { audits: Record<string, { details?: unknown }> }): string[] {
  const describe = (node?: DetailNode) =>
    node ? `${node.selector ?? ''} ${(node.snippet ?? '').slice(0, 100)}` : '?';
  const shifts =
    (lhr.audits['layout-shifts']?.details as { items?: { score: number; node?: DetailNode }[] })
      ?.items ?? [];
  const lcpTables =
    (
      lhr.audits['largest-contentful-paint-element']?.details as {
        items?: { items?: { node?: DetailNode; phase?: string; timing?: number }[] }[];
      }
    )?.items ?? [];
  const lcpNode = lcpTables[0]?.items?.[0]?.node;
  const phases = (lcpTables[1]?.items ?? [])
    .map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`)
    .join(', ');
  return [
    ...shifts.map((s) => `  shift ${s.score.toFixed(4)}  ${describe(s.node)}`),
    `  LCP element ${describe(lcpNode)}${phases ? ` (${phases})` : ''}`,
  ];
}

const distDir = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;
if (!existsSync(path.join(distDir, 'index.html'))) {
  process.stderr.write('Build the web app first: npm run build\n');
  process.exit(1);
}

const server = spawnServer({
  PINPOINT_DEMO: '1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // Production requires the key that seals vendor secrets; any key will do here.
  PINPOINT_SECRET_KEY: randomBytes(32).toString('hex'),
});
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
  const details: string[] = [];
  const pages = (
    [
      ['/login', false],
      ['/dashboard/overview', true],
    ] as const
  ).filter(([page]) => !onlyPages || onlyPages.includes(page));
  for (const [page, signedIn] of pages) {
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
      if (jsonDir) {
        mkdirSync(jsonDir, { recursive: true });
        const file = path.join(jsonDir, `${page.replaceAll('/', '_')}-${preset}.json`);
        writeFileSync(file, JSON.stringify(lhr));
        details.push(`${page} ${preset}: ${file}`, ...shiftsAndLcp(lhr));
      }
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
  for (const detail of details) out(detail);
  if (process.env.LIGHTHOUSE_RESULTS) {
    const results = rows.map(([page, preset, performance, accessibility, , lcp, tbt, cls]) => ({
      page,
      preset,
      performance: Number(performance),
      accessibility: Number(accessibility),
      lcp,
      tbt,
      cls,
    }));
    writeFileSync(process.env.LIGHTHOUSE_RESULTS, JSON.stringify(results));
  }
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
