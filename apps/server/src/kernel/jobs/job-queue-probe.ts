import type { HealthProbe } from '../lib/health-probes';
import type { JobQueue } from './job-queue';

/** More jobs than this waiting and due, and the queue is called degraded. */
export const BACKLOG_THRESHOLD = 500;
/** A due job waiting longer than this means the workers are not keeping up. */
export const OLDEST_WAIT_THRESHOLD_SECONDS = 10 * 60;
/** A worker that failed to reach the queue this recently degrades the component. */
const RECENT_WORKER_ERROR_MS = 60_000;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * `job-queue`: down when the queue's tables do not answer or this process's workers are not
 * running; degraded when jobs pile up (too many due, or one waiting too long) or a worker
 * just lost the database; up otherwise. Counts only: the page is public.
 */
export function jobQueueProbe(queue: JobQueue, now: () => number = Date.now): HealthProbe {
  return async () => {
    const counts = await queue.counts();
    if (!queue.working) return { status: 'down', detail: 'The job workers are not running.' };
    const summary = `${plural(counts.ready, 'job')} waiting, ${counts.active} running${
      counts.failedLastDay > 0 ? `, ${counts.failedLastDay} failed in the last day` : ''
    }.`;
    const lastError = queue.lastWorkerErrorAt?.getTime();
    if (lastError !== undefined && now() - lastError < RECENT_WORKER_ERROR_MS) {
      return {
        status: 'degraded',
        detail: `A worker lost the queue in the last minute. ${summary}`,
      };
    }
    if (
      counts.ready > BACKLOG_THRESHOLD ||
      counts.oldestReadySeconds > OLDEST_WAIT_THRESHOLD_SECONDS
    ) {
      return { status: 'degraded', detail: `Jobs are piling up: ${summary}` };
    }
    return { status: 'up', detail: summary };
  };
}
