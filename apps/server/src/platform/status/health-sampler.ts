import type { FastifyBaseLogger } from 'fastify';
import type { HealthProbeRegistry, ProbeOutcome } from '../../kernel/lib/health-probes';
import { minuteOf, type StatusRepository } from './status.repository';

export const SAMPLE_INTERVAL_MS = 60_000;
export const RETENTION_DAYS = 90;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface HealthSampler {
  /**
   * Probes every component and stores the result as the sample of `now`'s minute (unless
   * a process already stored that minute), then prunes old samples if it is time to.
   */
  sampleOnce(now?: Date): Promise<{ outcomes: ProbeOutcome[]; written: string[] }>;
  /** Samples now and then every minute, until `stop`. */
  start(): void;
  /** Stops the timer and waits for a sample in progress, so it never outlives the database. */
  stop(): Promise<void>;
}

export function createHealthSampler(deps: {
  probes: HealthProbeRegistry;
  repository: StatusRepository;
  log: FastifyBaseLogger;
}): HealthSampler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  // Per process: with several processes each prunes hourly; the delete is idempotent.
  let lastPruneAt = Number.NEGATIVE_INFINITY;

  async function sampleOnce(now = new Date()) {
    const outcomes = await deps.probes.runAll();
    const written = await deps.repository.insertSamples(
      minuteOf(now),
      outcomes.map((o) => ({ component: o.name, status: o.status, latencyMs: o.latencyMs })),
    );
    if (now.getTime() - lastPruneAt >= PRUNE_EVERY_MS) {
      lastPruneAt = now.getTime();
      await deps.repository.pruneBefore(new Date(now.getTime() - RETENTION_DAYS * DAY_MS));
    }
    return { outcomes, written };
  }

  function tick() {
    // A sample still running (a slow database) is not doubled up; this minute is skipped.
    if (running) return;
    running = sampleOnce()
      .catch((error: unknown) => {
        // When the database itself is down the sample cannot be stored: that minute has no
        // sample, and the history counts it as not measured rather than as up.
        deps.log.warn({ err: error }, 'health sample failed');
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    sampleOnce,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, SAMPLE_INTERVAL_MS);
      timer.unref(); // never keeps the process alive on its own
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
