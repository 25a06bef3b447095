import { randomBytes } from 'node:crypto';
// `npm run screenshots`: PNGs of the main screens in docs/screenshots/, taken from the running
// demo so they stay current (issue 22). Like `npm run lighthouse`, it serves the built app
// (`npm run build` first; WEB_DIST_DIR serves another folder) from a server process of its
// own on the demo agency, in production mode, and drives Debian's Chromium (CHROMIUM_PATH
// for another). Each screen is taken only once its content is on screen: a level-one
// heading, no loading line or spinner, charts and maps drawn, images loaded. A screen that
// shows an error or "Page not found", or logs an error, fails the run (exit code 1).
// SCREENSHOTS_ONLY=overview,billing takes only those screens (the index lists them all).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { repoRoot } from '../apps/server/src/kernel/lib/paths';
import { spawnServer } from '../apps/server/src/test/spawn-server';
import { DEMO_PASSWORD, encodeId } from '../packages/contracts/src';

type Account = 'client' | 'owner' | 'employee' | 'admin' | 'lead';
/** Where a product page is looked for: the one-company client, then the owner, then staff. */
const PRODUCT_ACCOUNTS = ['client', 'owner', 'admin'] as const;

/** What the pages' addresses need, found through the API the web app uses. */
interface Ids {
  /** A product of that slug, and the first of PRODUCT_ACCOUNTS that sees it. */
  product: (slug: string) => { id: number; as: Account };
  /** The newest finished scan with the largest grid of the client's (or the owner's) keywords. */
  scan: { id: number; as: Account };
}

interface Screen {
  name: string;
  title: string;
  /** Who is signed in; null for the signed-out pages. */
  as: Account | null | ((ids: Ids) => Account);
  path: (ids: Ids) => string;
  /** What must be on screen besides the generic checks (see `settled`). */
  waitFor?: string;
  /** What to do on the page first, as a user would (open a chart). */
  act?: (page: Page) => Promise<void>;
}

/** A product's page, shown to whoever has that product (see PRODUCT_ACCOUNTS). */
const productScreen = (name: string, title: string, slug: string, sub = ''): Screen => ({
  name,
  title,
  as: (ids) => ids.product(slug).as,
  path: (ids) => `/dashboard/products/${slug}/${encodeId(ids.product(slug).id)}${sub}`,
});

const SCREENS: Screen[] = [
  { name: 'sign-in', title: 'Sign-in page', as: null, path: () => '/login' },
  {
    name: 'client-overview',
    title: "Client overview: the company's key figures against the previous period",
    as: 'client',
    path: () => '/dashboard/overview',
  },
  {
    name: 'rank-grid-scan',
    title: "Rank grid: a finished scan's heatmap and its metrics",
    as: (ids) => ids.scan.as,
    path: (ids) => `/dashboard/local-rank-grid/view/${encodeId(ids.scan.id)}`,
    waitFor:
      '[data-testid="scan-view"][data-status="done"] .leaflet-marker-pane [data-point-index]',
  },
  {
    name: 'rank-grid-history',
    title: 'Rank grid history: trends and the scans of a month',
    as: 'client',
    path: () => '/dashboard/local-rank-grid/history',
  },
  {
    name: 'timelines',
    title: "Rank timelines: a keyword's ATRP over time (staff timeline search)",
    as: 'employee',
    path: () => '/dashboard/employee/timeline/search',
    act: async (page) => {
      await page.getByLabel('Client, company name or keyword').fill('plumber');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page
        .getByRole('button', { name: /^Open the chart of/ })
        .first()
        .click();
    },
    waitFor: 'figure .uplot canvas',
  },
  productScreen(
    'reviews',
    "Reviews of a Google Business Profile, with the rating's trend",
    'google-business-pro',
    '/reviews',
  ),
  {
    name: 'posts',
    title: "Posts: the company's posts on its profiles",
    as: 'client',
    path: () => '/dashboard/products/posts',
  },
  productScreen(
    'google-ads',
    'Google Ads product page: spend, clicks and conversions',
    'google-ads',
  ),
  productScreen(
    'local-services-ads',
    'Local Services Ads product page: leads, spend and cost per lead',
    'local-services-ads',
  ),
  productScreen(
    'website',
    'Website product page: uptime and response time',
    'webworx-professional',
  ),
  productScreen('calls', 'Calls: the Google Calls Advisor product page', 'google-calls-advisor'),
  {
    name: 'leads-center',
    title: 'Leads center',
    as: 'client',
    path: () => '/dashboard/leads-center',
  },
  { name: 'roi-center', title: 'ROI center', as: 'client', path: () => '/dashboard/roi-center' },
  { name: 'billing', title: 'Billing', as: 'client', path: () => '/dashboard/billing' },
  {
    name: 'review-requests',
    title: 'Review requests: ask a customer for a review',
    as: (ids) => ids.product('google-business-pro').as,
    path: (ids) =>
      `/dashboard/review-solicitation/${encodeId(ids.product('google-business-pro').id)}`,
  },
  {
    name: 'employee-home',
    title: "Employee home: the assigned clients' latest ranks",
    as: 'employee',
    path: () => '/dashboard/employee',
  },
  {
    name: 'omg-power-tool',
    title: 'OMG power tool (prospecting)',
    as: 'employee',
    path: () => '/dashboard/employee/omg-power-tool',
  },
  {
    name: 'admin-run-grids',
    title: 'Admin: run grids for many clients at once',
    as: 'admin',
    path: () => '/dashboard/admin/run-grids',
  },
  { name: 'trial-overview', title: 'Trial overview', as: 'lead', path: () => '/trial/overview' },
  { name: 'status', title: 'Status page', as: null, path: () => '/status' },
];

const VIEWPORT = { width: 1280, height: 800 };
const SETTLE_TIMEOUT = 30_000;
const outDir = path.join(repoRoot, 'docs/screenshots');
const distDir = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
const only = process.env.SCREENSHOTS_ONLY?.split(',').map((name) => name.trim());

function out(line: string) {
  process.stdout.write(`${line}\n`);
}

/**
 * Runs in the page: whether it is ready to be taken. Signs of loading are a "Loading…"
 * line, a spinner, an `aria-busy` region, an image still downloading, and
 * a chart frame (the `aria-hidden` box before "Show data") that uPlot has not drawn into.
 */
function settled(extra: string | undefined): boolean {
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const heading = document.querySelector('h1');
  if (!heading || !visible(heading)) return false;
  if (extra && !document.querySelector(extra)) return false;
  // innerText is the rendered text only: a "Loading the report…" line still on screen.
  if (/\bLoading\b[^\n]*…/.test(document.body.innerText)) return false;
  if ([...document.querySelectorAll('.spinner-border, [aria-busy="true"]')].some(visible)) {
    return false;
  }
  if ([...document.images].some((image) => !image.complete)) return false;
  const charts = [...document.querySelectorAll('button')]
    .filter((button) => /^(Show|Hide) data$/.test(button.textContent?.trim() ?? ''))
    .filter(visible)
    .map((button) => button.previousElementSibling)
    .filter((frame): frame is Element => frame?.getAttribute('aria-hidden') === 'true');
  return charts.every((frame) => frame.querySelector('.uplot') !== null);
}

/** Why a page counts as broken, or null: the app's error, not-found and refusal screens. */
async function problemOn(page: Page): Promise<string | null> {
  const signs = [
    page.getByRole('heading', { name: 'Page not found' }),
    page.getByRole('heading', { name: 'Something went wrong' }),
    page.getByTestId('product-refused'),
    page.getByText(/could not be loaded/),
  ];
  for (const sign of signs) {
    if (await sign.first().isVisible()) return (await sign.first().innerText()).slice(0, 160);
  }
  return null;
}

async function newContext(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
  });
  // tsx compiles this file keeping function names: the functions sent to the page (`settled`)
  // call its `__name` helper, which the page does not have.
  await context.addInitScript('globalThis.__name = (f) => f;');
  // Playwright's actions wait without limit by default: a screen that never comes fails.
  context.setDefaultTimeout(SETTLE_TIMEOUT);
  return context;
}

/**
 * Signs in through the login form, as a user does: the app keeps the session it is given
 * there, which a cookie from the API alone does not give it.
 */
async function signIn(browser: Browser, base: string, account: Account): Promise<BrowserContext> {
  const context = await newContext(browser, base);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(`${account}@demo.pinpoint.local`);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/(dashboard|trial)\//);
  await page.close();
  return context;
}

async function getJson<T>(context: BrowserContext, url: string): Promise<T> {
  const answer = await context.request.get(url);
  if (!answer.ok()) throw new Error(`GET ${url}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** Every product the account sees, as the web app lists them. */
async function productsOf(context: BrowserContext) {
  const { clients } = await getJson<{ clients: { id: number }[] }>(
    context,
    '/api/uni/user/clients',
  );
  const products: { id: number; slug: string }[] = [];
  for (const client of clients) {
    const url = `/api/uni/client/products/${client.id}`;
    products.push(...(await getJson<{ items: typeof products }>(context, url)).items);
  }
  return { clients, products };
}

async function findIds(contextFor: (account: Account) => Promise<BrowserContext>): Promise<Ids> {
  const seen = new Map<Account, Awaited<ReturnType<typeof productsOf>>>();
  for (const account of PRODUCT_ACCOUNTS)
    seen.set(account, await productsOf(await contextFor(account)));
  // The client's first company, then the owner's: the largest grid shows the heatmap best.
  let scan: Ids['scan'] | undefined;
  let size = 0;
  for (const as of ['client', 'owner'] as const) {
    for (const company of seen.get(as)?.clients ?? []) {
      const { scans } = await getJson<{ scans: { id: number; size: number }[] }>(
        await contextFor(as),
        `/api/localrank/latest/keyword?companyId=${company.id}`,
      );
      for (const found of scans) {
        if (found.size > size) [scan, size] = [{ id: found.id, as }, found.size];
      }
    }
  }
  if (!scan) throw new Error('the demo client and owner have no finished scan');
  return {
    scan,
    product: (slug) => {
      for (const as of PRODUCT_ACCOUNTS) {
        const found = seen.get(as)?.products.find((p) => p.slug === slug);
        if (found) return { id: found.id, as };
      }
      throw new Error(`the demo agency has no ${slug} product`);
    },
  };
}

const accountOf = (screen: Screen, ids: Ids) =>
  typeof screen.as === 'function' ? screen.as(ids) : screen.as;
const signedIn = (account: Account | null) =>
  account ? `\`${account}@demo.pinpoint.local\`` : 'signed out';

function writeIndex(ids: Ids) {
  const lines = [
    '# Screenshots',
    '',
    'The main screens of Pinpoint on the demo agency, at 1280×800. Made by `npm run screenshots`',
    '(`scripts/screenshots.ts`) from the running demo; run it again after a change to a screen.',
    'Dates follow the day the demo was seeded. A product the demo client does not have is shown',
    "on another company's page (the owner's, or as the admin).",
    '',
    'Not made here: `rank-grid-view-1280.png`, `rank-grid-view-375.png` and `rank-grid-export.png`',
    'come from the rank grid browser test (`UPDATE_SCREENSHOTS=1`, apps/web/e2e/rank-grid-client.spec.ts).',
    '',
    '| Screen | Signed in as | Image |',
    '|---|---|---|',
    ...SCREENS.map(
      (s) => `| ${s.title} | ${signedIn(accountOf(s, ids))} | [${s.name}.png](${s.name}.png) |`,
    ),
    '',
    ...SCREENS.flatMap((s) => [`## ${s.title}`, '', `![${s.title}](${s.name}.png)`, '']),
  ];
  writeFileSync(path.join(outDir, 'README.md'), lines.join('\n'));
}

if (!existsSync(path.join(distDir, 'index.html'))) {
  process.stderr.write('Build the web app first: npm run build\n');
  process.exit(1);
}
const started = Date.now();
const server = spawnServer({
  PINPOINT_DEMO: '1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  WEB_DIST_DIR: distDir,
  // No map tiles unless asked for: the images do not depend on a tile server being reachable.
  PINPOINT_TILE_URL: process.env.PINPOINT_TILE_URL ?? '',
  // Production requires the key that seals vendor secrets; any key will do here.
  PINPOINT_SECRET_KEY: randomBytes(32).toString('hex'),
});
const failures: string[] = [];
let browser: Browser | undefined;
try {
  const chrome = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  browser = chrome;
  const port = await server.ready;
  const base = `http://localhost:${port}`;
  out(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  mkdirSync(outDir, { recursive: true });
  const contexts = new Map<Account | null, BrowserContext>();
  const contextFor = async (account: Account | null) => {
    let context = contexts.get(account);
    if (!context) {
      context = account ? await signIn(chrome, base, account) : await newContext(chrome, base);
      contexts.set(account, context);
    }
    return context;
  };
  const ids = await findIds(contextFor);
  for (const screen of SCREENS.filter((s) => !only || only.includes(s.name))) {
    const shotStarted = Date.now();
    const page = await (await contextFor(accountOf(screen, ids))).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    try {
      const address = screen.path(ids);
      await page.goto(address);
      await screen.act?.(page);
      // A broken page settles too (its error screen has a heading and nothing loading).
      const timedOut = await page
        .waitForFunction(settled, screen.waitFor, { timeout: SETTLE_TIMEOUT, polling: 100 })
        .then(() => null)
        .catch((error: Error) => error.message.split('\n')[0]);
      const logged = errors.length > 0 ? `logged ${errors.join(' | ').slice(0, 300)}` : null;
      const shown = (await problemOn(page)) ?? timedOut ?? logged;
      if (shown) {
        // Kept out of docs/, to see what the page showed.
        const shot = path.join(os.tmpdir(), `pinpoint-screenshot-${screen.name}.png`);
        await page.screenshot({ path: shot });
        throw new Error(`${address} shows: ${shown} (see ${shot})`);
      }
      // The page's fonts, and two frames for the last layout to paint.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(outDir, `${screen.name}.png`) });
      out(
        `${screen.name.padEnd(20)} ${address}  ${((Date.now() - shotStarted) / 1000).toFixed(1)} s`,
      );
    } catch (error) {
      failures.push(`${screen.name}: ${(error as Error).message}`);
      out(`${screen.name.padEnd(20)} FAILED`);
    } finally {
      await page.close();
    }
  }
  if (!only) writeIndex(ids);
} finally {
  await browser?.close();
  server.child.kill('SIGTERM');
  await server.exited;
}
out(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) {
  process.stderr.write(`Screens that did not show their content:\n${failures.join('\n')}\n`);
  process.exit(1);
}
