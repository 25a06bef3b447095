import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console output (scripts/test-summary.mjs adds them up).
const reportDir = process.env.PINPOINT_TEST_REPORT_DIR;
const reportName = process.env.PINPOINT_TEST_REPORT_NAME ?? 'vitest';

// The load tier (latency, throughput and the seed's time budgets) runs on its own after the
// others (`npm run test:load`, part of `npm test`), one file at a time, never beside another.
const loadTests = process.env.PINPOINT_LOAD_TESTS === '1';

// The database tiers run on PostgreSQL when DATABASE_URL names one (CI), on PGlite otherwise.
// On PostgreSQL a small PGlite parity tier runs too: PGlite is what `npm start` ships.
const onPostgres = Boolean(process.env.DATABASE_URL);

// The quick tiers' tests take milliseconds to a second or two when idle. Their bound (vitest's
// default is 5 s) leaves room for a machine whose cores are all busy, where a jsdom render or
// a PDF of 70 pages took 5–13 s: a hang still fails, a slow machine does not (docs/testing.md).
const QUICK_TIER_TIMEOUT_MS = 30_000;

const serverRoot = path.join(import.meta.dirname, 'apps/server');
const DATABASE_SETUP = ['src/test/global-setup.ts'];

/**
 * The parity tier: migrations and the demo seed, and one repository test of each area
 * (the first `.repo` file of each folder that runs there), on PGlite whatever DATABASE_URL says.
 */
function parityFiles(): string[] {
  const repoFiles = readdirSync(path.join(serverRoot, 'src'), { recursive: true, encoding: 'utf8' })
    // A `.postgres` file runs only on PostgreSQL, so it would show nothing of PGlite.
    .filter((file) => file.endsWith('.repo.test.ts') && !file.includes('.postgres.'))
    .sort();
  const firstOfFolder = new Map<string, string>();
  for (const file of repoFiles) {
    const folder = path.dirname(file);
    if (!firstOfFolder.has(folder)) firstOfFolder.set(folder, file);
  }
  const chosen = new Set([
    'kernel/db/database.repo.test.ts',
    'seed/demo-agency.repo.test.ts',
    ...firstOfFolder.values(),
  ]);
  return [...chosen].map((file) => `src/${file}`);
}

/** A server tier: files named `*.<tier>.test.ts` under apps/server/src. */
function serverTier(tier: string, options: Record<string, unknown>) {
  return {
    test: {
      name: tier,
      root: 'apps/server',
      include: [`src/**/*.${tier}.test.ts`],
      ...options,
    },
  };
}

// Files of a tier share a worker's modules (`isolate: false`): importing the app once per
// worker instead of once per file. Module state lives in the app instance, so nothing leaks
// between files; the process tier keeps isolation (its files start and kill servers).
export default defineConfig({
  test: {
    // Every core (vitest's default leaves one to its main process, which is mostly idle):
    // on PostgreSQL the database server's processes share them too.
    maxWorkers: os.availableParallelism(),
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: path.join(reportDir, `${reportName}.json`) } : undefined,
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: QUICK_TIER_TIMEOUT_MS,
        },
      },
      ...(loadTests
        ? [
            serverTier('load', {
              globalSetup: DATABASE_SETUP,
              // One file at a time: each compares latencies within its own run.
              fileParallelism: false,
              testTimeout: 180_000,
              hookTimeout: 180_000,
            }),
          ]
        : [
            serverTier('unit', { isolate: false, testTimeout: QUICK_TIER_TIMEOUT_MS }),
            serverTier('repo', {
              globalSetup: DATABASE_SETUP,
              isolate: false,
              testTimeout: 30_000,
              hookTimeout: 60_000,
            }),
            serverTier('api', {
              globalSetup: DATABASE_SETUP,
              isolate: false,
              testTimeout: 30_000,
              hookTimeout: 60_000,
            }),
            serverTier('process', {
              globalSetup: DATABASE_SETUP,
              testTimeout: 30_000,
              hookTimeout: 60_000,
            }),
            ...(onPostgres
              ? [
                  {
                    test: {
                      name: 'parity',
                      root: 'apps/server',
                      include: parityFiles(),
                      globalSetup: DATABASE_SETUP,
                      env: { DATABASE_URL: '' },
                      isolate: false,
                      testTimeout: 30_000,
                      hookTimeout: 60_000,
                    },
                  },
                ]
              : []),
            {
              extends: 'apps/web/vite.config.ts',
              test: {
                name: 'web',
                root: 'apps/web',
                include: ['src/**/*.test.{ts,tsx}'],
                environment: 'jsdom',
                setupFiles: ['src/testing/setup.ts'],
                // One jsdom per worker rather than per file: the tier took 256 s of wall time
                // with a jsdom per file and takes 48 s so (116 files); testing/setup.ts leaves
                // nothing of a test behind, and shuffled orders pass.
                isolate: false,
                testTimeout: QUICK_TIER_TIMEOUT_MS,
              },
            },
          ]),
    ],
  },
});
