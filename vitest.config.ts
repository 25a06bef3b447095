import path from 'node:path';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console output (scripts/test-summary.mjs adds them up).
const reportDir = process.env.PINPOINT_TEST_REPORT_DIR;
const reportName = process.env.PINPOINT_TEST_REPORT_NAME ?? 'vitest';

// The load and provider-outage tests measure latency, so they run on their own after the
// others (`npm run test:load`, part of `npm test`), never beside another test file.
const loadTests = process.env.PINPOINT_LOAD_TESTS === '1';

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
          exclude: ['src/**/*.load.test.ts'],
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
