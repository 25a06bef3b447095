import { randomBytes } from 'node:crypto';
// `npm run lighthouse`: Lighthouse performance and accessibility scores for /login,
// /dashboard/overview and one product page of each kind (reviews, ads, website; issue 22),
// signed in as the demo client, in the desktop and mobile presets, with Debian's Chromium
// (issue 8). It serves the built app (`npm run build` first) from a server process of its
// own on the demo agency, in production mode, and exits with 1 when a page misses a target.
// Options (environment): WEB_DIST_DIR serves another build folder; LIGHTHOUSE_PAGES
// (comma-separated: a label such as /dashboard/overview, or a product slug such as
// google-ads) runs only those pages; LIGHTHOUSE_JSON_DIR keeps each full report there, and
// prints the layout shifts, the LCP element and the failed accessibility audits, to find
// what moves, paints late or fails without reading the JSON by hand. LIGHTHOUSE_RESULTS
// writes the scores as JSON to that file (`npm run bench` reads them into its table).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { repoRoot } from '../apps/server/src/kernel/lib/paths';
import { spawnServer } from '../apps/server/src/test/spawn-server';
import { DEMO_PASSWORD } from '../packages/contracts/src';
import {
  type AuditedPage,
  failedAccessibility,
  productPages,
  shiftsAndLcp,
  LIGHTHOUSE_TARGETS as TARGETS,
} from './lighthouse-pages';

function out(line: string) {
  process.stdout.write(`${line}\n`);
}

const distDir = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;
if (!existsSync(path.join(distDir, 'index.html'))) {
  process.stderr.write('Build the web app first: npm run build\n');
  process.exit(1);
}
const wanted = (page: AuditedPage) =>
  !onlyPages || onlyPages.some((p) => p === page.label || page.label.includes(`/${p}/`));

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
let failed = false;
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
  const pages: AuditedPage[] = [
    { label: '/login', path: '/login', signedIn: false },
    { label: '/dashboard/overview', path: '/dashboard/overview', signedIn: true },
    ...(await productPages(base, cookie)),
  ].filter(wanted);
  for (const page of pages) {
    for (const preset of ['desktop', 'mobile'] as const) {
      const result = await lighthouse(
        `${base}${page.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          ...(page.signedIn && { extraHeaders: { Cookie: cookie } }),
        },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${page.path}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '–';
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      if (jsonDir) {
        mkdirSync(jsonDir, { recursive: true });
        const name = page.label.replace('/{id}', '').replaceAll('/', '_');
        const file = path.join(jsonDir, `${name}-${preset}.json`);
        writeFileSync(file, JSON.stringify(lhr));
        details.push(
          `${page.label} ${preset}: ${file}`,
          ...shiftsAndLcp(lhr),
          ...failedAccessibility(lhr),
        );
      }
      rows.push([
        page.label,
        preset,
        String(score('performance')),
        String(score('accessibility')),
        metric('first-contentful-paint'),
        metric('largest-contentful-paint'),
        metric('total-blocking-time'),
        metric('cumulative-layout-shift'),
        lhr.runtimeError
          ? `error ${lhr.runtimeError.code}: ${lhr.runtimeError.message.slice(0, 80)}`
          : decodeURIComponent(finalPath) === page.path
            ? ''
            : `ended at ${finalPath}`,
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
  // A page that ends elsewhere (a sign-in redirect, an error) misses too, whatever it scored.
  const missed = rows.filter(
    (r) =>
      Number(r[2]) < TARGETS.performance || Number(r[3]) < TARGETS.accessibility || r[8] !== '',
  );
  failed = missed.length > 0;
  out(
    missed.length === 0
      ? `all pages meet performance ≥ ${TARGETS.performance} and accessibility ≥ ${TARGETS.accessibility}`
      : `below target (performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}): ${missed.map((r) => `${r[0]} ${r[1]}`).join(', ')}`,
  );
} catch (error) {
  failed = true;
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
} finally {
  await chrome.kill();
  server.child.kill('SIGTERM');
  await server.exited;
}
process.exitCode = failed ? 1 : 0;
