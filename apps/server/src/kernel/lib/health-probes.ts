import type { ComponentStatus } from '@pinpoint/contracts';

/**
 * What a probe answers. `detail` is shown on the public status page as it is: a short
 * sentence about the component, never a client's data or a raw error message.
 */
export interface ProbeResult {
  status: ComponentStatus;
  detail?: string;
}

export type HealthProbe = () => Promise<ProbeResult>;

/** A probe's answer as the status page and the sampler use it. */
export interface ProbeOutcome {
  name: string;
  status: ComponentStatus;
  latencyMs: number;
  detail: string | null;
}

/**
 * The components of the status page are exactly the registered probes: a part of the
 * system that does not exist (yet) has no probe and is not shown as working.
 */
export interface HealthProbeRegistry {
  /** Adds a component. Names are slugs (`realtime`, `job-queue`) and must be unique. */
  register(name: string, probe: HealthProbe): void;
  names(): string[];
  /** Runs every probe at once; one that throws or outlasts `timeoutMs` counts as down. */
  runAll(timeoutMs?: number): Promise<ProbeOutcome[]>;
}

/** Long enough for a busy database, short enough that a hung probe cannot hang the page. */
export const PROBE_TIMEOUT_MS = 3000;
const DETAIL_MAX = 200;

class ProbeTimeout extends Error {}

async function runProbe(name: string, probe: HealthProbe, timeoutMs: number) {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout()), timeoutMs);
    timer.unref();
  });
  try {
    const result = await Promise.race([probe(), timeout]);
    return {
      name,
      status: result.status,
      latencyMs: Math.round(performance.now() - started),
      detail: result.detail?.slice(0, DETAIL_MAX) ?? null,
    } satisfies ProbeOutcome;
  } catch (error) {
    // The error's own message stays out of the answer: the page is public.
    return {
      name,
      status: 'down',
      latencyMs: Math.round(performance.now() - started),
      detail:
        error instanceof ProbeTimeout
          ? `No answer within ${timeoutMs / 1000} s.`
          : 'The health check failed.',
    } satisfies ProbeOutcome;
  } finally {
    clearTimeout(timer);
  }
}

export function createHealthProbeRegistry(): HealthProbeRegistry {
  // Insertion order is the order on the page: the built-in ones (api, database) first.
  const probes = new Map<string, HealthProbe>();
  return {
    register(name, probe) {
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) {
        throw new Error(`Health probe name "${name}" must be a lower-case slug`);
      }
      if (probes.has(name)) throw new Error(`Health probe "${name}" is registered twice`);
      probes.set(name, probe);
    },
    names: () => [...probes.keys()],
    runAll: (timeoutMs = PROBE_TIMEOUT_MS) =>
      Promise.all([...probes].map(([name, probe]) => runProbe(name, probe, timeoutMs))),
  };
}

/** Slower than this, the database still answers but the page calls it degraded. */
export const DATABASE_SLOW_MS = 500;

/** `database`: one round trip; down when it fails, degraded when it is slow. */
export function databaseProbe(ping: () => Promise<void>): HealthProbe {
  return async () => {
    const started = performance.now();
    try {
      await ping();
    } catch {
      return { status: 'down', detail: 'The database did not answer.' };
    }
    const ms = Math.round(performance.now() - started);
    return ms > DATABASE_SLOW_MS
      ? { status: 'degraded', detail: `Slow answers (${ms} ms).` }
      : { status: 'up' };
  };
}

/** `api`: this process is answering, which is what the probe running at all proves. */
export const apiProbe: HealthProbe = async () => ({ status: 'up' });
