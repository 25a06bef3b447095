// Adds up the JSON reports that vitest and Playwright write when PINPOINT_TEST_REPORT_DIR
// is set, and prints one line per run, the ten slowest tests (where a run's time goes), and
// the total, ending with "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error('usage: node scripts/test-summary.mjs <report-dir>');
  process.exit(1);
}

const total = { passed: 0, failed: 0, skipped: 0 };
/** Every test's time, as { ms, run, name }, for the slowest-tests list. */
const timings = [];

/** Playwright's report nests suites (files, describes) with specs and their results. */
function playwrightTimings(suite, run) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        timings.push({ ms: result.duration, run, name: `${spec.file}:${spec.line} ${spec.title}` });
      }
    }
  }
  for (const child of suite.suites ?? []) playwrightTimings(child, run);
}

function vitestTimings(report, run) {
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    for (const test of file.assertionResults ?? []) {
      timings.push({ ms: test.duration ?? 0, run, name: `${name} ${test.title}` });
    }
  }
}

for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  let counts;
  const run = file.replace(/\.json$/, '');
  if (report.stats && 'expected' in report.stats) {
    for (const suite of report.suites ?? []) playwrightTimings(suite, run);
    // Playwright
    counts = {
      passed: report.stats.expected + (report.stats.flaky ?? 0),
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    };
  } else {
    // vitest (Jest-compatible JSON)
    vitestTimings(report, run);
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
  }
  for (const key of Object.keys(total)) total[key] += counts[key];
  console.warn(
    `${file.replace(/\.json$/, '')}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
}
console.warn('the ten slowest tests:');
for (const { ms, run, name } of timings.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.warn(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${run}  ${name.slice(0, 140)}`);
}
console.warn(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (total.failed > 0 || total.passed === 0) process.exit(1);
