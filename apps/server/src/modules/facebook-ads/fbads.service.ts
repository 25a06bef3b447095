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
import type { Db } from '../../db/database';
import { canAccessClient, type Principal } from '../../lib/access-policy';
import { accessDenied, badRequest, notFound } from '../../lib/app-error';
import { findProductInstance } from '../product-pages/product-instance.query';
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
      const product = await findProductInstance(deps.db, productId);
      if (!product) throw notFound('No such product.');
      // The route's productOf guard already ran; the service checks again, as every one does.
      if (!canAccessClient(principal, product.companyId)) throw accessDenied();
      if (product.slug !== FBADS_SLUG) throw notFound('This product has no Facebook Ads report.');
      const range = { from: body.from, to: body.to };
      const previousRange = previousPeriod(range);
      const connection = product.connectionId ? await repo.connection(product.connectionId) : null;
      // A connection of another company or vendor is never read (a mislinked product).
      const usable =
        connection &&
        connection.companyId === product.companyId &&
        connection.vendor === 'facebook-ads'
          ? connection
          : null;
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
        connection: {
          status: usable.status as 'connected' | 'needs_attention' | 'disconnected',
          lastSyncedAt: usable.lastSyncedAt?.toISOString() ?? null,
        },
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
