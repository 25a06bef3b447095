import { gridFrequencySchema, nextRunAfter, type ScanRequestResponse } from '@pinpoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../../kernel/jobs/define-job';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import { AppError } from '../../kernel/lib/app-error';
import type { StartScanInput } from '../rank-grid';
import type { GridConfigsRepository } from './grid-configs.repository';
import { scanInputOf } from './grid-configs.service';

export const GRID_TICK_JOB = 'grid-configs.tick';
export const GRID_RUN_JOB = 'grid-configs.run';
/** Every minute: a config is at most a minute late. */
export const GRID_TICK_CRON = '* * * * *';
/** Configs claimed per transaction; a tick keeps claiming until fewer come back. */
const CLAIM_BATCH = 100;

export const gridRunPayloadSchema = z.object({
  configId: z.number().int().positive(),
  /** The run's due time (ISO): with the config id, what makes the run unique. */
  dueAt: z.iso.datetime({ offset: true }),
  /** When the run was claimed, on the database's clock (ISO). */
  claimedAt: z.iso.datetime({ offset: true }),
});

export interface GridScheduleDeps {
  repo: GridConfigsRepository;
  jobs: Pick<JobQueue, 'send'>;
  startScan: (input: StartScanInput) => Promise<ScanRequestResponse>;
  log: FastifyBaseLogger;
}

export interface TickResult {
  claimed: number;
  /** Run jobs stored (a duplicate of a waiting one answers null and is not counted). */
  sent: number;
}

/** The next run of a claimed config: the first of its cadence after now (no backlog). */
function nextRunOf(frequency: string, dueAt: Date, now: Date): Date | null {
  const parsed = gridFrequencySchema.safeParse(frequency);
  // An unknown frequency stored by hand runs once rather than in a loop.
  return parsed.success ? nextRunAfter(parsed.data, dueAt, now) : null;
}

/**
 * The scheduler: a cron tick that claims due configs and one run job per claimed config.
 * The claim is atomic (see `claimDue`), so with several processes each due run is started
 * once; the run job's singleton key (config, due time) and its own check keep a retried or
 * repeated job from starting a second scan.
 */
export function createGridScheduleJobs({ repo, jobs, startScan, log }: GridScheduleDeps) {
  const run = defineJob({
    name: GRID_RUN_JOB,
    payload: gridRunPayloadSchema,
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 120,
    concurrency: 2,
    singletonKey: (payload) => `${payload.configId}:${payload.dueAt}`,
    handler: async (payload, ctx) => {
      const config = await repo.config(payload.configId);
      // Removed or paused since the claim: nothing to run.
      if (!config?.active) return { skipped: config ? 'paused' : 'removed' };
      // A retry after the scan was stored (e.g. queuing its points failed) must not start a
      // second one. Scans are stamped by the same database clock as the claim.
      if (await repo.scheduledScanSince(config.id, new Date(payload.claimedAt))) {
        return { skipped: 'already started' };
      }
      try {
        const started = await startScan({
          ...scanInputOf(config),
          requestedBy: null,
          origin: 'scheduled',
        });
        return { scanId: started.scanId };
      } catch (error) {
        // A refusal (cost ceiling, company gone) would be refused again: log it, no retry.
        if (error instanceof AppError && error.statusCode < 500) {
          ctx.log.warn(
            { configId: config.id, code: error.code, reason: error.message },
            'scheduled grid scan refused',
          );
          return { skipped: error.code };
        }
        throw error;
      }
    },
  });

  /** Claims every due config and sends its run job; after each commit (PGlite's one connection). */
  async function tick(): Promise<TickResult> {
    const result: TickResult = { claimed: 0, sent: 0 };
    for (;;) {
      const claimed = await repo.claimDue(CLAIM_BATCH, nextRunOf);
      result.claimed += claimed.length;
      for (const claim of claimed) {
        const id = await jobs.send(run, {
          configId: claim.configId,
          dueAt: claim.dueAt.toISOString(),
          claimedAt: claim.claimedAt.toISOString(),
        });
        if (id) result.sent++;
      }
      if (claimed.length < CLAIM_BATCH) break;
    }
    if (result.claimed > 0) log.info(result, 'grid configs due: runs sent');
    return result;
  }

  const tickJob = defineJob({
    name: GRID_TICK_JOB,
    payload: z.object({}),
    // The next minute's tick is the retry.
    retryLimit: 0,
    expireInSeconds: 60,
    handler: async () => tick(),
  });

  return { run, tickJob, tick };
}
