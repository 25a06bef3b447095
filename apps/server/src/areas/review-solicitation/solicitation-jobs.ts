import { z } from 'zod';
import { defineJob, type JobContext } from '../../kernel/jobs/define-job';

export const SEND_JOB = 'solicitation.send';
/** Sends of one message: the first and this many retries with backoff. */
export const SEND_RETRY_LIMIT = 4;
/** A run's limit; a 'sending' row older than this is a dead process's (the lease). */
export const SEND_EXPIRE_SECONDS = 60;

/**
 * The send job of one message. Its singleton key keeps one waiting job per message, so the
 * tick, a reschedule and a batch never stack copies (the conditional claim is what stops a
 * second send; this only saves work). Apart from the plugin so a test process can queue
 * sends for a server it starts.
 */
export function defineSendJob(
  handler: (payload: { messageId: number }, ctx: JobContext) => Promise<unknown>,
) {
  return defineJob({
    name: SEND_JOB,
    payload: z.object({ messageId: z.number().int().positive() }),
    singletonKey: (p) => String(p.messageId),
    retryLimit: SEND_RETRY_LIMIT,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: SEND_EXPIRE_SECONDS,
    concurrency: 8,
    pollingIntervalSeconds: 1,
    handler,
  });
}
