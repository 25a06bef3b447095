import {
  type ComponentStatus,
  type OverallStatus,
  STATUS_HISTORY_DAYS,
  type StatusPage,
  type StatusProvider,
  type UptimeDay,
} from '@pinpoint/contracts';
import type { HealthProbeRegistry } from '../../kernel/lib/health-probes';
import type { CircuitHealth } from '../../providers/search/port';
import type { DayCounts, StatusRepository } from './status.repository';

/** The page is public: one answer serves every visitor for this long. */
export const STATUS_CACHE_MS = 15_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A provider's current status looks at this much of its recent calls. */
export const PROVIDER_RECENT_MS = 15 * 60 * 1000;
/** Failed / calls in the recent window from which a provider reads as degraded. */
export const PROVIDER_DEGRADED_RATE = 0.1;

export interface StatusPageService {
  /** The answer of the last STATUS_CACHE_MS, or a new one (concurrent callers share it). */
  get(): Promise<StatusPage>;
  /** A fresh answer as of `now`, bypassing the cache. */
  build(now?: Date): Promise<StatusPage>;
  /**
   * A provider's circuit breaker, read at each build: an open circuit shows the provider as
   * degraded at once, before (or without) enough failed calls in the window.
   */
  watchCircuit(provider: string, health: () => CircuitHealth): void;
}

/**
 * Now, per provider: every recent call failed → down; ≥ PROVIDER_DEGRADED_RATE failed, or
 * the circuit is not closed → degraded; otherwise up. The window is counted in whole
 * minutes (calls are stored per minute), so it reaches back 15 to 16 minutes.
 */
export function providerStatus(
  recent: { succeeded: number; failed: number },
  circuit: CircuitHealth | null,
): ComponentStatus {
  const calls = recent.succeeded + recent.failed;
  if (calls > 0 && recent.succeeded === 0) return 'down';
  if (circuit === 'open' || circuit === 'half-open') return 'degraded';
  if (calls > 0 && recent.failed >= calls * PROVIDER_DEGRADED_RATE) return 'degraded';
  return 'up';
}

/** Percent of `part` in `whole`, rounded down to 0.01: 1 bad minute in 90 days is not 100 %. */
export function percentFloor(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.floor((part * 10_000) / whole) / 100;
}

function overall(statuses: ComponentStatus[]): OverallStatus {
  if (statuses.includes('down')) return 'outage';
  if (statuses.includes('degraded')) return 'degraded';
  return 'operational';
}

/** `YYYY-MM-DD` of each UTC day of the history, oldest first, ending with `now`'s day. */
export function historyDates(now: Date): string[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: STATUS_HISTORY_DAYS }, (_, i) =>
    new Date(today - (STATUS_HISTORY_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** One component's days: a day without samples has no percentage, never 100 %. */
function series(dates: string[], counts: Map<string, DayCounts>) {
  let ok = 0;
  let sampled = 0;
  const history = dates.map((date): UptimeDay => {
    const day = counts.get(date);
    const up = day?.up ?? 0;
    const degraded = day?.degraded ?? 0;
    const down = day?.down ?? 0;
    ok += up + degraded;
    sampled += up + degraded + down;
    return {
      date,
      up,
      degraded,
      down,
      uptimePercent: percentFloor(up + degraded, up + degraded + down),
    };
  });
  return { history, uptimePercent: percentFloor(ok, sampled) };
}

export function createStatusPageService(deps: {
  probes: HealthProbeRegistry;
  repository: StatusRepository;
  /** Providers that are configured, shown even before their first call. */
  configuredProviders: string[];
  cacheMs?: number;
}): StatusPageService {
  const cacheMs = deps.cacheMs ?? STATUS_CACHE_MS;
  const circuits = new Map<string, () => CircuitHealth>();
  let cached: { at: number; page: Promise<StatusPage> } | null = null;

  async function build(now = new Date()): Promise<StatusPage> {
    const dates = historyDates(now);
    const [outcomes, counts, summaries] = await Promise.all([
      deps.probes.runAll(),
      // The database may be the component that is down: the live probes still answer.
      deps.repository.dailyCounts(new Date(`${dates[0]}T00:00:00Z`)).catch(() => []),
      deps.repository
        .providerSummaries(
          new Date(now.getTime() - DAY_MS),
          new Date(now.getTime() - PROVIDER_RECENT_MS),
        )
        .catch(() => []),
    ]);

    const byComponent = new Map<string, Map<string, DayCounts>>();
    for (const row of counts) {
      const days = byComponent.get(row.component) ?? new Map<string, DayCounts>();
      days.set(row.day, row);
      byComponent.set(row.component, days);
    }
    // Components are the registered probes only; samples of anything else are not shown.
    const components = outcomes.map((o) => ({
      name: o.name,
      status: o.status,
      latencyMs: o.latencyMs,
      detail: o.detail,
      ...series(dates, byComponent.get(o.name) ?? new Map()),
    }));

    const summaryOf = new Map(summaries.map((s) => [s.provider, s]));
    const names = [...new Set([...deps.configuredProviders, ...summaryOf.keys()])].sort();
    const providers = names.map((name): StatusProvider => {
      const s = summaryOf.get(name);
      const calls = (s?.succeeded ?? 0) + (s?.failed ?? 0);
      const failed = s?.failed ?? 0;
      return {
        name,
        lastSuccessAt: s?.lastSuccessAt?.toISOString() ?? null,
        calls24h: calls,
        failed24h: failed,
        // Rounded up: a few failures among many calls must not read as 0 %.
        errorRate24h: calls > 0 ? Math.ceil((failed * 10_000) / calls) / 100 : null,
        status: providerStatus(
          { succeeded: s?.recentSucceeded ?? 0, failed: s?.recentFailed ?? 0 },
          circuits.get(name)?.() ?? null,
        ),
      };
    });

    return {
      status: overall(components.map((c) => c.status)),
      checkedAt: now.toISOString(),
      components,
      providers,
    };
  }

  return {
    build,
    watchCircuit(provider, health) {
      circuits.set(provider, health);
    },
    get() {
      const at = Date.now();
      if (!cached || at - cached.at >= cacheMs) {
        const page = build();
        cached = { at, page };
        // A failed build is not kept: the next visitor tries again.
        page.catch(() => {
          if (cached?.page === page) cached = null;
        });
      }
      return cached.page;
    },
  };
}
