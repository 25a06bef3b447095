import {
  BATCH_PAGE_SIZE,
  type BatchList,
  type BatchRequest,
  type BatchStartResponse,
  batchStatusSchema,
  type GridBatch,
} from '@pinpoint/contracts';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, badRequest, conflict, notFound } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { SearchProvider } from '../../providers/search/port';
import type { RankGridService } from '../rank-grid';
import { planBatch } from './grid-batches.forecast';
import {
  type BatchLedger,
  type BatchRow,
  type GridBatchesRepository,
  ledgerOf,
  type PendingStart,
  resultOf,
  type SkippedConfig,
} from './grid-batches.repository';
import { summariseBatch } from './grid-batches.summary';

export const BATCH_NOT_FOUND = 'No such batch.';

/**
 * A claim older than this is taken over: its starter must have stopped (the advance job
 * expires after 120 s, and starting one scan takes well under a second). Taking over first
 * looks for a scan the old starter may have stored, so a config is not started twice.
 */
export const STALE_CLAIM_MS = 5 * 60_000;

export interface GridBatchesServiceDeps {
  repo: GridBatchesRepository;
  provider: SearchProvider;
  scans: Pick<RankGridService, 'startScan'>;
  events: EventPublisher;
  clock?: () => Date;
}

type StartOutcome = { scanId: number } | { skipped: SkippedConfig };

/** Batches: forecast, start, advance as scans finish, finish with a summary. */
export function createGridBatchesService({
  repo,
  provider,
  scans,
  events,
  clock = () => new Date(),
}: GridBatchesServiceDeps) {
  function toBatch(
    row: BatchRow,
    counts: { unfinished: number; finished: number; pointsDone: number },
  ): GridBatch {
    const ledger = ledgerOf(row);
    return {
      id: row.id,
      status: batchStatusSchema.catch('failed').parse(row.status),
      concurrency: row.concurrency,
      requestedBy: row.requestedBy,
      scansTotal: row.scansTotal,
      scansDone: counts.finished,
      scansSkipped: ledger.skipped.length,
      scansRunning: counts.unfinished,
      pointsTotal: row.pointsTotal,
      pointsDone: counts.pointsDone,
      estimatedCents: row.estimatedCents,
      configIds: row.configIds,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      summary: resultOf(row),
    };
  }

  async function view(batchId: number): Promise<GridBatch | null> {
    const row = await repo.find(batchId);
    return row ? toBatch(row, await repo.scanCounts(batchId)) : null;
  }

  /**
   * Under the batch's row lock: hands out as many configs as free slots allow (a slot is an
   * unfinished scan or a claim not yet stored as one), takes over stale claims, or, when
   * everything is settled, writes the summary. Answers the configs this caller must start.
   */
  async function claimStarts(batchId: number) {
    return repo.withLockedBatch(batchId, async (tx, batch) => {
      if (batch.status !== 'running') return null;
      // Only the transaction's own connection may be used here (PGlite has just one).
      const ledger: BatchLedger = structuredClone(ledgerOf(batch));
      const counts = await repo.scanCounts(batchId, tx);
      const now = clock();

      const takenOver = ledger.pending.filter(
        (claim) => now.getTime() - Date.parse(claim.claimedAt) > STALE_CLAIM_MS,
      );
      for (const claim of takenOver) claim.claimedAt = now.toISOString();
      const fresh: PendingStart[] = [];
      const free = batch.concurrency - counts.unfinished - ledger.pending.length;
      while (fresh.length < free && ledger.nextIndex < batch.configIds.length) {
        const index = ledger.nextIndex++;
        fresh.push({ index, configId: batch.configIds[index] ?? 0, claimedAt: now.toISOString() });
      }
      ledger.pending.push(...fresh);

      const settled =
        ledger.nextIndex >= batch.configIds.length &&
        ledger.pending.length === 0 &&
        counts.unfinished === 0;
      if (settled) {
        const { scans: stored, searches } = await repo.summaryScans(tx, batchId);
        const { status, summary } = summariseBatch({
          scansTotal: batch.scansTotal,
          estimatedCents: batch.estimatedCents,
          createdAt: batch.createdAt,
          finishedAt: now,
          ledger,
          scans: stored,
          searches,
          previous: await repo.previousScans(tx, batchId),
          estimateCost: (n) => provider.estimateCost(n),
        });
        await repo.finish(tx, batchId, {
          status,
          ledger,
          summary,
          scansDone: counts.finished,
          at: now,
        });
        return null;
      }
      await repo.saveLedger(tx, batchId, ledger, counts.finished);
      return { requestedBy: batch.requestedBy, starts: [...takenOver, ...fresh] };
    });
  }

  async function startOne(
    batchId: number,
    requestedBy: number | null,
    claim: PendingStart,
  ): Promise<StartOutcome> {
    const already = await repo.scanOfBatchConfig(batchId, claim.configId);
    if (already) return { scanId: already.id };
    const row = await repo.configToStart(claim.configId);
    const skip = (reason: string): StartOutcome => ({
      skipped: {
        configId: claim.configId,
        companyId: row?.config.companyId ?? null,
        keyword: row?.config.keyword ?? null,
        reason,
      },
    });
    if (!row) return skip('The grid config was deleted after the batch began.');
    const { config } = row;
    if (!config.active) return skip('The grid config was switched off after the batch began.');
    if (row.companyStatus !== 'active') {
      return skip(`The client is no longer active (${row.companyStatus}).`);
    }
    try {
      const started = await scans.startScan({
        companyId: config.companyId,
        keyword: config.keyword,
        settings: {
          size: config.size,
          radius: config.radius,
          unit: config.unit === 'km' ? 'km' : 'mi',
          shape: config.shape === 'circle' ? 'circle' : 'square',
          centre: { lat: config.centerLat, lng: config.centerLng },
          disabledPoints: config.disabledPoints,
        },
        requestedBy,
        configId: config.id,
        itemId: config.itemId,
        batchId,
        origin: 'batch',
      });
      return { scanId: started.scanId };
    } catch (error) {
      // A refusal (bad settings, cost ceiling, no location) will not change on a retry:
      // the config is skipped. Anything else is thrown, and the job tries again later.
      if (error instanceof AppError && error.statusCode < 500) return skip(error.message);
      if (error instanceof RangeError) return skip(error.message);
      throw error;
    }
  }

  /** Records a started or skipped claim; a claim someone else already settled is left alone. */
  async function settle(batchId: number, claim: PendingStart, outcome: StartOutcome) {
    await repo.withLockedBatch(batchId, async (tx, batch) => {
      const ledger: BatchLedger = structuredClone(ledgerOf(batch));
      const at = ledger.pending.findIndex((pending) => pending.index === claim.index);
      if (at < 0) return;
      ledger.pending.splice(at, 1);
      if ('scanId' in outcome) {
        ledger.started.push({ configId: claim.configId, scanId: outcome.scanId });
      } else {
        ledger.skipped.push(outcome.skipped);
      }
      await repo.saveLedger(tx, batchId, ledger, batch.scansDone);
    });
  }

  async function publishProgress(batchId: number) {
    const batch = await view(batchId);
    if (!batch) return;
    events.publish({
      type: 'grid-batch.progress',
      payload: {
        batchId,
        status: batch.status,
        scansDone: batch.scansDone,
        scansSkipped: batch.scansSkipped,
        scansTotal: batch.scansTotal,
        pointsDone: batch.pointsDone,
        pointsTotal: batch.pointsTotal,
      },
      audience: { staff: true },
    });
  }

  /**
   * Starts what free slots allow and finishes the batch once all is settled. Safe to call any
   * number of times from any process: each round's claim is decided under the row lock.
   */
  async function advance(batchId: number): Promise<void> {
    for (;;) {
      const claimed = await claimStarts(batchId);
      if (!claimed || claimed.starts.length === 0) break;
      for (const claim of claimed.starts) {
        await settle(batchId, claim, await startOne(batchId, claimed.requestedBy, claim));
      }
    }
    await publishProgress(batchId);
  }

  return {
    advance,

    async forecast(companyIds: number[] | undefined, concurrency: number) {
      return (await planBatch(repo, provider, companyIds, concurrency)).forecast;
    },

    async start(principal: Principal, request: BatchRequest): Promise<BatchStartResponse> {
      const { forecast, planned } = await planBatch(
        repo,
        provider,
        request.companyIds,
        request.concurrency,
      );
      if (request.forecastOnly) return { forecast, batch: null };
      if (planned.length === 0) {
        throw badRequest(
          request.companyIds
            ? 'Nothing to run: none of these companies is an active client with an active grid config.'
            : 'Nothing to run: no active client has an active grid config.',
          [{ path: 'body.companyIds', message: 'Choose companies that have active grid configs.' }],
        );
      }
      if (forecast.problems.length > 0) {
        const first = forecast.problems[0];
        throw badRequest(
          `${forecast.problems.length} grid config(s) cannot run, so the batch was not started. ` +
            `First: "${first?.keyword}" (config ${first?.configId}): ${first?.message}`,
          forecast.problems.map((problem) => ({
            path: 'body.companyIds',
            message: `Config ${problem.configId} ("${problem.keyword}"): ${problem.message}`,
          })),
        );
      }

      const stored = await repo.insertUnlessRunning({
        requestedBy: principal.userId,
        status: 'running',
        concurrency: request.concurrency,
        scansTotal: planned.length,
        pointsTotal: forecast.points,
        estimatedCents: forecast.estimatedCents,
        configIds: planned.map((scan) => scan.config.id),
      });
      if ('running' in stored) {
        const running = stored.running;
        throw conflict(
          `Batch ${running.id} is still running (${running.scansDone} of ${running.scansTotal} ` +
            'scans finished). Start another once it has finished.',
        );
      }
      await advance(stored.created.id);
      return { forecast, batch: await view(stored.created.id) };
    },

    async find(batchId: number): Promise<GridBatch> {
      const batch = await view(batchId);
      if (!batch) throw notFound(BATCH_NOT_FOUND);
      return batch;
    },

    async list(page: number): Promise<BatchList> {
      const { rows, total } = await repo.page(page, BATCH_PAGE_SIZE);
      const counts = await repo.scanCountsByBatch(rows.map((row) => row.id));
      return {
        items: rows.map((row) => {
          const { summary: _summary, ...batch } = toBatch(
            row,
            counts.get(row.id) ?? { unfinished: 0, finished: 0, pointsDone: 0 },
          );
          return batch;
        }),
        page,
        pageSize: BATCH_PAGE_SIZE,
        total,
      };
    },
  };
}

export type GridBatchesService = ReturnType<typeof createGridBatchesService>;
