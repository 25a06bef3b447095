/**
 * Failed-login throttling (DECISIONS.md): after 5 failures in an hour, each further try
 * must wait a delay that doubles per failure (1 s, 2 s, 4 s … up to 60 s) after the last
 * failure; past 20 failures in an hour, sign-in is refused for 15 minutes after the last
 * failure. Counted per account and per address separately; nothing locks permanently.
 */
export const THROTTLE = {
  windowMs: 60 * 60 * 1000,
  freeFailures: 5,
  maxDelayMs: 60_000,
  lockFailures: 20,
  lockMs: 15 * 60 * 1000,
} as const;

export interface FailureHistory {
  /** Failures inside the window. */
  count: number;
  /** The most recent failure, if any. */
  last: Date | null;
}

/** Milliseconds until another attempt is allowed; 0 when it is allowed now. */
export function retryAfterMs(history: FailureHistory, now: Date): number {
  if (!history.last || history.count < THROTTLE.freeFailures) return 0;
  const wait =
    history.count >= THROTTLE.lockFailures
      ? THROTTLE.lockMs
      : Math.min(1000 * 2 ** (history.count - THROTTLE.freeFailures), THROTTLE.maxDelayMs);
  return Math.max(0, history.last.getTime() + wait - now.getTime());
}
