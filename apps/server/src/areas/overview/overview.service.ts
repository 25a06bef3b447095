import {
  type DayRange,
  DEFAULT_DATE_RANGE_PRESET,
  kpiTrend,
  type OverviewResponse,
  presetRange,
  previousPeriod,
  rangeInstants,
  todayIn,
} from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import { rangeTimeZone } from '../../platform/product-access/company-time-zone';
import { KPI_PROVIDERS, type KpiProvider } from './kpi-providers';
import { createOverviewRepository } from './overview.repository';

export interface OverviewQueryInput {
  from?: string;
  to?: string;
  tz?: string;
}

export interface OverviewServiceDeps {
  db: Db;
  providers?: KpiProvider[];
  clock?: () => Date;
}

/** The overview's KPIs: each registered provider, for a range and the one before it (SPEC §4). */
export function createOverviewService({
  db,
  providers = KPI_PROVIDERS,
  clock = () => new Date(),
}: OverviewServiceDeps) {
  const repo = createOverviewRepository(db);
  async function companyTimeZone(companyId: number): Promise<string> {
    const zone = await repo.companyTimeZone(companyId);
    if (zone === null) throw notFound('No such client.');
    return zone;
  }

  return {
    async kpis(
      principal: Principal,
      companyId: number,
      query: OverviewQueryInput,
    ): Promise<OverviewResponse> {
      // The route's clientOf guard already ran; the service checks again, as every service does.
      if (!canAccessClient(principal, companyId)) throw accessDenied();
      const timeZone = rangeTimeZone(query.tz, await companyTimeZone(companyId));
      const range: DayRange =
        query.from && query.to
          ? { from: query.from, to: query.to }
          : presetRange(DEFAULT_DATE_RANGE_PRESET, todayIn(timeZone, clock()));
      const previousRange = previousPeriod(range);
      const ranges = {
        current: rangeInstants(range, timeZone),
        previous: rangeInstants(previousRange, timeZone),
        days: { current: range, previous: previousRange },
      };
      const counts = await Promise.all(
        providers.map((provider) => provider.compute(db, companyId, ranges)),
      );
      const kpis = providers.flatMap((provider, index) => {
        const result = counts[index];
        if (!result) return [];
        return [
          {
            key: provider.key,
            label: provider.label,
            description: provider.description,
            better: provider.better,
            format: provider.format ?? 'count',
            ...(provider.link ? { link: provider.link } : {}),
            value: result.value,
            previous: result.previous,
            trend: kpiTrend(result.value, result.previous),
          },
        ];
      });
      return { companyId, timeZone, range, previousRange, kpis };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
