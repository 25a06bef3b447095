import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console output (scripts/test-summary.mjs adds them up).
const reportDir = process.env.PINPOINT_TEST_REPORT_DIR;
const reportName = process.env.PINPOINT_TEST_REPORT_NAME ?? 'vitest';

// The load and provider-outage tests measure latency, so they run on their own after the
// others (`npm run test:load`, part of `npm test`), never beside another test file.
const loadTests = process.env.PINPOINT_LOAD_TESTS === '1';

// `npm run test:db` (CI's second run, on PostgreSQL) runs only the server test files that reach
// a database: a file that never opens one (provider adapters against their fake vendors, pure
// rules) runs the same on either database, and `npm test` has already run it once.
const databaseTestsOnly = process.env.PINPOINT_DATABASE_TESTS_ONLY === '1';
// A file counts as reaching one when it imports the schema, a test helper other than a fake
// vendor (test/peers), or a local setup or fixture module, or names DATABASE_URL.
const databaseImport = /(^|\/)db(\/|$)|\/test\/(?!peers\/)|setup|fixture|spawn/;
function reachesDatabase(source: string): boolean {
  if (source.includes('DATABASE_URL')) return true;
  const imports = source.matchAll(/from '([^']+)'/g);
  return [...imports].some(([, specifier]) => databaseImport.test(specifier ?? ''));
}
function serverFilesWithoutDatabase(): string[] {
  const root = path.join(import.meta.dirname, 'apps/server');
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `src/${file}`)
    .filter((file) => !reachesDatabase(readFileSync(path.join(root, file), 'utf8')));
}

// One runner, three projects (a fourth, `load`, only when asked). The server project owns the database: its global setup
// migrates one template database that every test file clones (see apps/server/src/test).
export default defineConfig({
  test: {
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: path.join(reportDir, `${reportName}.json`) } : undefined,
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: [
            'src/**/*.load.test.ts',
            ...(databaseTestsOnly ? serverFilesWithoutDatabase() : []),
          ],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(loadTests
        ? [
            {
              test: {
                name: 'load',
                root: 'apps/server',
                include: ['src/**/*.load.test.ts'],
                globalSetup: ['src/test/global-setup.ts'],
                // One file at a time: each compares latencies within its own run.
                fileParallelism: false,
                testTimeout: 90_000,
                hookTimeout: 90_000,
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
        },
      },
    ],
  },
});
