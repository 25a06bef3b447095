/**
 * Latency assertions that hold on a busy machine. A figure is compared with a baseline
 * measured in the same run (so a slow machine slows both alike), with an absolute
 * allowance on top: on a figure of a few milliseconds, a 10 % ratio is the scheduler's
 * noise, not a regression.
 */

/** Absolute room for scheduler noise on top of a same-run baseline. */
export const SCHEDULER_NOISE_MS = 20;

/** The most a figure may take against its same-run baseline: 1.5×, or baseline + 20 ms. */
export function latencyLimit(baselineMs: number): number {
  return Math.max(1.5 * baselineMs, baselineMs + SCHEDULER_NOISE_MS);
}
