import { renderProspectReportPdf } from '../apps/server/src/areas/sales-tool/report-pdf';
import { sampleProspectReport } from '../apps/server/src/areas/sales-tool/report-sample';
import type { BenchRow } from './bench-table';

/**
 * The prospect report's PDF (issue 21): a 13×13 grid × 5 keywords (five heatmap pages, the
 * cover and the last page with 10 competitors, 30 directories and 6 recommendations), made
 * in-process by the function the routes call; the median of 9 runs after 2 warm-ups.
 * Baseline, same run: the same report without its grids (cover and last page only), so the
 * ratio is what the five heatmaps cost.
 */
const TARGET_MS = 3000;
const RUNS = 9;
const WARM_UPS = 2;

async function medianMs(run: () => Promise<Buffer>): Promise<{ ms: number; bytes: number }> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARM_UPS + RUNS; i++) {
    const started = performance.now();
    bytes = (await run()).length;
    if (i >= WARM_UPS) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { ms: samples[Math.floor(samples.length / 2)] ?? Number.NaN, bytes };
}

export async function benchProspectPdf(): Promise<BenchRow[]> {
  const report = sampleProspectReport({ size: 13, keywords: 5 });
  const withoutGrids = { ...report, grids: [] };
  const baseline = await medianMs(() => renderProspectReportPdf(withoutGrids, null));
  const full = await medianMs(() => renderProspectReportPdf(report, null));
  process.stdout.write(
    `  prospect pdf: 13×13 × 5 keywords, ${(full.bytes / 1024).toFixed(0)} KiB, median of ${RUNS}\n`,
  );
  return [
    {
      name: `prospect report PDF: 13×13 grid × 5 keywords, 7 pages, median (target < ${TARGET_MS} ms)`,
      value: full.ms,
      unit: 'ms',
      baseline: baseline.ms,
      baselineName: 'the same report without grids (2 pages)',
    },
  ];
}
