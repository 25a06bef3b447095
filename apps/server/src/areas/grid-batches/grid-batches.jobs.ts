import { z } from 'zod';
import { defineJob } from '../../kernel/jobs/define-job';
import type { GridBatchesRepository } from './grid-batches.repository';
import type { GridBatchesService } from './grid-batches.service';

export const ADVANCE_BATCH_JOB = 'grid-batch.advance';
export const SWEEP_BATCHES_JOB = 'grid-batch.sweep';

/**
 * Moves one batch on: sent when one of its scans finishes. The singleton key keeps one
 * waiting and one running per batch; a wake-up that finds one waiting is dropped, which is
 * safe because each run looks at the whole batch, not at the scan that woke it. Retries
 * cover a database hiccup; the row lock in the service, not the queue, keeps it correct.
 */
export function createAdvanceBatchJob(service: Pick<GridBatchesService, 'advance'>) {
  return defineJob({
    name: ADVANCE_BATCH_JOB,
    payload: z.object({ batchId: z.number().int().positive() }),
    retryLimit: 5,
    retryDelaySeconds: 2,
    // Under STALE_CLAIM_MS, so a run that expires has been given up before its claims are.
    expireInSeconds: 120,
    concurrency: 2,
    pollingIntervalSeconds: 0.5,
    singletonKey: ({ batchId }) => String(batchId),
    handler: async ({ batchId }) => {
      await service.advance(batchId);
      return { batchId };
    },
  });
}

/**
 * Every minute, wakes each running batch once: a finished-scan listener that failed, or a
 * process stopped in the middle of starting a scan, must not leave a batch waiting forever.
 */
export function createSweepBatchesJob(
  repo: Pick<GridBatchesRepository, 'runningIds'>,
  wake: (batchId: number) => Promise<unknown>,
) {
  return defineJob({
    name: SWEEP_BATCHES_JOB,
    payload: z.object({}),
    retryLimit: 0,
    expireInSeconds: 60,
    handler: async () => {
      const running = await repo.runningIds();
      for (const batchId of running) await wake(batchId);
      return { woken: running.length };
    },
  });
}
