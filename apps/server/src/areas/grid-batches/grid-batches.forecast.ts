import { type BatchForecast, buildGrid } from '@pinpoint/contracts';
import { CostCeilingExceededError, type SearchProvider } from '../../providers/search/port';
import type { ConfigRow, GridBatchesRepository } from './grid-batches.repository';

/** One config the batch would run, with what it costs; `problem` stops the batch starting. */
export interface PlannedScan {
  config: ConfigRow;
  companyName: string;
  points: number;
  estimatedCents: number;
  problem: string | null;
}

/** The grid a stored config describes, exactly as the scan will build it. */
export function gridOfConfig(config: ConfigRow) {
  return buildGrid({
    size: config.size,
    radius: config.radius,
    unit: config.unit === 'km' ? 'km' : 'mi',
    shape: config.shape === 'circle' ? 'circle' : 'square',
    centre: { lat: config.centerLat, lng: config.centerLng },
    disabledPoints: config.disabledPoints,
  });
}

function planScan(provider: SearchProvider, config: ConfigRow, companyName: string): PlannedScan {
  let points: number;
  try {
    points = gridOfConfig(config).enabledCount;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { config, companyName, points: 0, estimatedCents: 0, problem: message };
  }
  try {
    const { cents } = provider.checkCost(points);
    return { config, companyName, points, estimatedCents: cents, problem: null };
  } catch (error) {
    if (!(error instanceof CostCeilingExceededError)) throw error;
    return {
      config,
      companyName,
      points,
      estimatedCents: error.estimate.cents,
      problem: error.message,
    };
  }
}

/**
 * Seconds per point measured over recent scans, laid out like the batch runs: scans in order,
 * each taking the first free of `concurrency` slots. The longest slot is the estimate.
 */
export function estimateDuration(
  timings: { startedAt: Date | null; finishedAt: Date | null; points: number }[],
  scanPoints: number[],
  concurrency: number,
): BatchForecast['estimatedDuration'] {
  let seconds = 0;
  let points = 0;
  let measured = 0;
  for (const timing of timings) {
    if (!timing.startedAt || !timing.finishedAt || timing.points <= 0) continue;
    seconds += Math.max(0, timing.finishedAt.getTime() - timing.startedAt.getTime()) / 1000;
    points += timing.points;
    measured += 1;
  }
  if (points === 0) {
    return {
      seconds: null,
      secondsPerPoint: null,
      basis: 'No scan has finished yet, so there is nothing to estimate the duration from.',
    };
  }
  const secondsPerPoint = seconds / points;
  const slots = Array.from({ length: Math.max(1, concurrency) }, () => 0);
  for (const count of scanPoints) {
    const first = slots.indexOf(Math.min(...slots));
    slots[first] = (slots[first] ?? 0) + count * secondsPerPoint;
  }
  return {
    seconds: Math.ceil(Math.max(...slots)),
    secondsPerPoint: Math.round(secondsPerPoint * 1000) / 1000,
    basis:
      `An estimate from the last ${measured} finished scans ` +
      `(${secondsPerPoint.toFixed(2)} s per point), ${concurrency} scans at a time. ` +
      'Scans running at the same time share the search workers, so it can take longer.',
  };
}

/** What a batch over these companies would run and cost; reads only, stores nothing. */
export async function planBatch(
  repo: GridBatchesRepository,
  provider: SearchProvider,
  companyIds: number[] | undefined,
  concurrency: number,
): Promise<{ forecast: BatchForecast; planned: PlannedScan[] }> {
  const rows = await repo.plannedConfigs(companyIds);
  const planned = rows.map((row) => planScan(provider, row.config, row.companyName));

  const companies = new Map<number, BatchForecast['companies'][number]>();
  for (const scan of planned) {
    const entry = companies.get(scan.config.companyId) ?? {
      companyId: scan.config.companyId,
      name: scan.companyName,
      scans: 0,
      points: 0,
      estimatedCents: 0,
    };
    entry.scans += 1;
    entry.points += scan.points;
    // Priced on the company's searches together, as the total is: per-scan rounding up
    // would add a cent per scan that nobody pays.
    entry.estimatedCents = provider.estimateCost(entry.points);
    companies.set(entry.companyId, entry);
  }
  const points = planned.reduce((sum, scan) => sum + scan.points, 0);
  const scanPoints = planned.map((scan) => scan.points);

  return {
    planned,
    forecast: {
      scans: planned.length,
      points,
      estimatedCents: provider.estimateCost(points),
      scanCeilingCents: provider.checkCost(0).ceilingCents,
      concurrency,
      estimatedDuration: estimateDuration(await repo.recentScanTimings(), scanPoints, concurrency),
      companies: [...companies.values()],
      configs: planned.map((scan) => ({
        configId: scan.config.id,
        companyId: scan.config.companyId,
        keyword: scan.config.keyword,
        size: scan.config.size,
        points: scan.points,
        estimatedCents: scan.estimatedCents,
      })),
      ignoredCompanyIds: [...new Set(companyIds ?? [])].filter((id) => !companies.has(id)),
      problems: planned.flatMap((scan) =>
        scan.problem === null
          ? []
          : [
              {
                configId: scan.config.id,
                companyId: scan.config.companyId,
                keyword: scan.config.keyword,
                message: scan.problem,
              },
            ],
      ),
    },
  };
}
