// Adds up the JSON reports that vitest and Playwright write when PINPOINT_TEST_REPORT_DIR
// is set, and prints one line per run plus the total, ending with "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error('usage: node scripts/test-summary.mjs <report-dir>');
  process.exit(1);
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  let counts;
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    counts = {
      passed: report.stats.expected + (report.stats.flaky ?? 0),
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    };
  } else {
    // vitest (Jest-compatible JSON)
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
console.warn(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (total.failed > 0 || total.passed === 0) process.exit(1);
