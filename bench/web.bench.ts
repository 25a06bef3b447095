import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../apps/server/src/kernel/lib/paths';
import type { BenchRow } from './bench-table';
import { LIGHTHOUSE_TARGETS } from './lighthouse-pages';

/**
 * The web rows of `npm run bench` (issue 8): the gzipped JavaScript the browser needs for
 * /login and /dashboard/overview and the largest chunk, against their budgets, from a fresh
 * production build (`scripts/bundle-budget.mjs`); then the Lighthouse scores of both pages and
 * of three product pages in the desktop and mobile presets (`bench/lighthouse.ts`), against
 * the targets.
 */
const KB = 1024;

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')}: ${output}`)),
    );
  });
}

interface BundleFigures {
  pages: Record<string, { bytes: number; chunks: number }>;
  largest: { file: string; bytes: number };
}

interface LighthouseRow {
  page: string;
  preset: string;
  performance: number;
  accessibility: number;
}

export async function benchWeb(options: { lighthouse: boolean }): Promise<BenchRow[]> {
  await run('npm', ['run', 'build']);
  const json = await run(process.execPath, ['scripts/bundle-budget.mjs', '--json']);
  const figures = JSON.parse(json.trim().split('\n').at(-1) ?? '{}') as BundleFigures;
  const budget = (name: string, bytes: number, budgetKb: number): BenchRow => ({
    name,
    value: bytes / KB,
    unit: 'KB gz',
    baseline: budgetKb,
    baselineName: 'budget (ratio ≤ 1 meets it)',
  });
  const rows = [
    budget('web: initial JS /login', figures.pages['/login']?.bytes ?? Number.NaN, 120),
    budget(
      'web: initial JS /dashboard/overview',
      figures.pages['/dashboard/overview']?.bytes ?? Number.NaN,
      200,
    ),
    budget('web: largest chunk', figures.largest.bytes, 250),
  ];
  if (!options.lighthouse) return rows;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pinpoint-lighthouse-'));
  try {
    const file = path.join(dir, 'results.json');
    // lighthouse.ts exits with 1 when a page misses a target; the table shows the miss, so
    // only a run that wrote no results fails the bench.
    await run(process.execPath, ['--import', 'tsx', 'bench/lighthouse.ts'], {
      LIGHTHOUSE_RESULTS: file,
    }).catch((error: unknown) => {
      if (!existsSync(file)) throw error;
    });
    const results = JSON.parse(readFileSync(file, 'utf8')) as LighthouseRow[];
    for (const result of results) {
      for (const category of ['performance', 'accessibility'] as const) {
        const target = LIGHTHOUSE_TARGETS[category];
        rows.push({
          name: `Lighthouse ${category} ${result.page} ${result.preset}`,
          value: result[category],
          unit: 'score',
          baseline: target,
          baselineName: 'target (ratio ≥ 1 meets it)',
        });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
