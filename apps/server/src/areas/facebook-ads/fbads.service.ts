import {
  addCalendarDays,
  FBADS_GOALS,
  type FbadsEstimate,
  type FbadsEstimateBody,
  type FbadsFigures,
  type FbadsReport,
  type FbadsReportBody,
  previousPeriod,
} from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { badRequest } from '../../kernel/lib/app-error';
import { freshnessOf, productScope, slugIn } from '../../platform/product-access/product-access';
import { FACEBOOK_ADS_VENDOR } from '../../providers/kernel/vendor-ids';
import type { FbadsRepository } from './fbads.repository';
import { estimate, WINDOW_DAYS } from './fbads-estimate';

export const FBADS_SLUG = 'facebook-ads';
const ZERO: FbadsFigures = { spendCents: 0, impressions: 0, reachDailySum: 0, clicks: 0, leads: 0 };

/** The Facebook Ads report of a product, and the staff sales estimate. */
export function createFbadsService(deps: { db: Db; repo: FbadsRepository }) {
  const { repo } = deps;

  return {
    async report(
      principal: Principal,
      productId: number,
      body: FbadsReportBody,
    ): Promise<FbadsReport> {
      const { connection: usable } = await productScope(deps.db, principal, productId, {
        accepts: slugIn([FBADS_SLUG]),
        noReport: 'This product has no Facebook Ads report.',
        vendor: FACEBOOK_ADS_VENDOR,
      });
      const range = { from: body.from, to: body.to };
      const previousRange = previousPeriod(range);
      if (!usable) {
        return {
          range,
          previousRange,
          totals: ZERO,
          previousTotals: ZERO,
          days: zeroDays(range.from, range.to, []),
          campaigns: [],
          connection: null,
        };
      }
      const [totals, previousTotals, days, campaigns] = await Promise.all([
        repo.totals(usable.id, range.from, range.to),
        repo.totals(usable.id, previousRange.from, previousRange.to),
        repo.byDay(usable.id, range.from, range.to),
        repo.byCampaign(usable.id, range.from, range.to),
      ]);
      return {
        range,
        previousRange,
        totals,
        previousTotals,
        days: zeroDays(range.from, range.to, days),
        campaigns,
        connection: freshnessOf(usable),
      };
    },

    async industries() {
      return { items: await repo.industries() };
    },

    goals() {
      return { items: FBADS_GOALS.map((g) => ({ id: g.id, name: g.name })) };
    },

    async estimate(body: FbadsEstimateBody): Promise<FbadsEstimate> {
      const industries = await repo.industries();
      if (!industries.some((i) => i.slug === body.industry)) {
        throw badRequest('Choose one of the listed industries.', [
          { path: 'body.industry', message: 'Choose one of the listed industries.' },
        ]);
      }
      const to = await repo.newestDay();
      const from = to ? addCalendarDays(to, -(WINDOW_DAYS - 1)) : null;
      const samples = to && from ? await repo.campaignSamples(from, to) : [];
      return estimate(samples, body, { from, to });
    },
  };
}

/** Every day of the range, with the stored figures where there are some. */
function zeroDays(from: string, to: string, rows: (FbadsFigures & { day: string })[]) {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: (FbadsFigures & { day: string })[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) {
    days.push(byDay.get(day) ?? { day, ...ZERO });
  }
  return days;
}

export type FbadsService = ReturnType<typeof createFbadsService>;
