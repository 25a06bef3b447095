import {
  type AdScheduleEntry,
  adScheduleEntrySchema,
  type DayRange,
  formatCustomerId,
  type GoogleAdsMetrics,
  type GoogleAdsResponse,
  type googleAdsRequestSchema,
  previousPeriod,
  rangeInstants,
} from '@pinpoint/contracts';
import { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError } from '../../kernel/lib/app-error';
import { productScope, slugIn } from '../../platform/product-access/product-access';
import { usGeoTargets } from '../../providers/google-ads/geotargets';
import { GOOGLE_ADS_VENDOR } from '../../providers/kernel/vendor-ids';
import type { EstimatorService } from './estimator.service';
import type { GoogleAdsRepository, RawFigures } from './google-ads.repository';
import { ZERO } from './google-ads.repository';

export const GOOGLE_ADS_SLUGS = new Set(['google-ads', 'ads-xpress']);
type Request = z.output<typeof googleAdsRequestSchema>;

/** Sums and the ratios people read them by; a ratio over nothing is null, never 0. */
export function metricsOf(f: RawFigures): GoogleAdsMetrics {
  const conversions = f.calls + f.forms;
  return {
    ...f,
    conversions,
    ctr: f.impressions > 0 ? f.clicks / f.impressions : null,
    averageCpcCents: f.clicks > 0 ? Math.round(f.costCents / f.clicks) : null,
    costPerConversionCents: conversions > 0 ? Math.round(f.costCents / conversions) : null,
  };
}

const paging = <T>(rows: T[], page: number, pageSize: number) => ({
  rows: rows.slice((page - 1) * pageSize, page * pageSize),
  total: rows.length,
  page,
  pageSize,
});

const scheduleOf = (value: unknown): AdScheduleEntry[] => {
  const parsed = z.array(adScheduleEntrySchema).safeParse(value);
  return parsed.success ? parsed.data : [];
};

/**
 * The Google Ads reports of a product (`POST /api/googleads/`). The product id travels in
 * the body, which the route guard cannot read, so every report starts here: the product
 * must exist, be a Google Ads product, and belong to a company the caller may see (the
 * same `canAccessClient` rule as `productOf` routes; a stranger learns nothing, not even
 * whether the id exists). Figures are read from our tables only.
 */
export function createGoogleAdsService(deps: {
  db: Db;
  repo: GoogleAdsRepository;
  /** The ads estimator (staff only, no product); absent, it answers 501. */
  estimator?: EstimatorService;
}) {
  const { repo } = deps;

  async function scope(principal: Principal, productId: number) {
    const { connection, freshness } = await productScope(deps.db, principal, productId, {
      accepts: slugIn(GOOGLE_ADS_SLUGS),
      noReport: 'This product has no Google Ads report.',
      vendor: GOOGLE_ADS_VENDOR,
    });
    const customer = connection ? await repo.customer(connection.id) : null;
    return { connectionId: connection?.id ?? null, connection, customer, freshness };
  }

  async function report(principal: Principal, body: Request): Promise<GoogleAdsResponse> {
    if (body.report === 'estimator/calculate') {
      // Not about a client's product: the estimator service checks the caller is staff.
      if (!deps.estimator) {
        throw new AppError(501, 'SERVICE_UNAVAILABLE', 'The ads estimator is not available.');
      }
      return deps.estimator.calculate(principal, body);
    }
    const { connectionId, connection, customer, freshness } = await scope(
      principal,
      body.productId,
    );
    // A product with no connected account has no figures: every report is empty, not made up.
    const id = connectionId ?? 0;
    switch (body.report) {
      case 'performance/report': {
        const days = await repo.daily(id, body);
        return { report: body.report, days };
      }
      case 'account/metrics':
        return { report: body.report, metrics: metricsOf(await repo.totals(id, body)) };
      case 'account/snapshot': {
        const previousRange = previousPeriod(body);
        const [current, previous] = await Promise.all([
          repo.totals(id, body),
          repo.totals(id, previousRange),
        ]);
        return {
          report: body.report,
          account: {
            customerId: formatCustomerId(customer?.customerId ?? connection?.externalAccount ?? ''),
            name: customer?.name ?? '',
            currencyCode: customer?.currencyCode ?? 'USD',
            timeZone: customer?.timeZone ?? 'America/New_York',
          },
          current: metricsOf(current),
          previous: metricsOf(previous),
          previousRange,
          freshness,
        };
      }
      case 'campaigns/metrics': {
        const [campaigns, sums] = await Promise.all([
          repo.campaigns(id),
          repo.sumsByEntity(id, 'campaign', body),
        ]);
        const totals = { ...ZERO };
        const rows = campaigns.map((c) => {
          const f = sums.get(c.externalId) ?? ZERO;
          for (const k of Object.keys(totals) as (keyof RawFigures)[]) totals[k] += f[k];
          return {
            id: c.externalId,
            name: c.name,
            channelType: c.channelType,
            status: c.status,
            budgetCents: c.budgetCents,
            metrics: metricsOf(f),
          };
        });
        return { report: body.report, campaigns: rows, totals: metricsOf(totals) };
      }
      case 'campaigns/schedules': {
        const campaigns = await repo.campaigns(id);
        return {
          report: body.report,
          campaigns: campaigns.map((c) => ({
            id: c.externalId,
            name: c.name,
            status: c.status,
            schedule: scheduleOf(c.schedule),
          })),
        };
      }
      case 'reports/locations': {
        const sums = await repo.sumsByEntity(id, 'location', body);
        const { byId } = usGeoTargets();
        const rows = [...sums.entries()]
          .map(([geoTargetId, f]) => {
            const geo = byId.get(geoTargetId);
            return {
              geoTargetId,
              name: geo?.name ?? `Location ${geoTargetId}`,
              canonicalName: geo?.canonicalName ?? `Geo target ${geoTargetId}`,
              metrics: metricsOf(f),
            };
          })
          .sort(
            (a, b) => b.metrics.impressions - a.metrics.impressions || a.name.localeCompare(b.name),
          );
        return { report: body.report, ...paging(rows, body.page, body.pageSize) };
      }
      case 'reports/keywords': {
        const [keywords, campaigns, sums] = await Promise.all([
          repo.keywords(id),
          repo.campaigns(id),
          repo.sumsByEntity(id, 'keyword', body),
        ]);
        const nameOf = new Map(campaigns.map((c) => [c.externalId, c.name]));
        const rows = keywords
          .map((k) => ({
            id: k.externalId,
            text: k.text,
            matchType: k.matchType,
            qualityScore: k.qualityScore,
            status: k.status,
            campaignName: nameOf.get(k.campaignExternalId) ?? '',
            metrics: metricsOf(sums.get(k.externalId) ?? ZERO),
          }))
          .sort((a, b) => b.metrics.clicks - a.metrics.clicks || a.text.localeCompare(b.text));
        return { report: body.report, ...paging(rows, body.page, body.pageSize) };
      }
      case 'info/ads': {
        const ads = await repo.ads(id);
        return {
          report: body.report,
          total: ads.length,
          enabled: ads.filter((a) => a.status === 'ENABLED').length,
          paused: ads.filter((a) => a.status === 'PAUSED').length,
          adGroups: new Set(ads.map((a) => a.adGroupId)).size,
          campaigns: new Set(ads.map((a) => a.campaignExternalId)).size,
        };
      }
      case 'ads/all': {
        const [ads, campaigns, sums] = await Promise.all([
          repo.ads(id, body.status),
          repo.campaigns(id),
          repo.sumsByEntity(id, 'ad', body),
        ]);
        const nameOf = new Map(campaigns.map((c) => [c.externalId, c.name]));
        const rows = ads.map((a) => ({
          id: a.externalId,
          type: a.type,
          status: a.status,
          campaignName: nameOf.get(a.campaignExternalId) ?? '',
          adGroupName: a.adGroupName,
          headlines: a.headlines,
          descriptions: a.descriptions,
          finalUrl: a.finalUrl,
          metrics: metricsOf(sums.get(a.externalId) ?? ZERO),
        }));
        return { report: body.report, ...paging(rows, body.page, body.pageSize) };
      }
      case 'assets/images': {
        const { rows, total } = await repo.assets(id, body.page, body.pageSize);
        return {
          report: body.report,
          rows: rows.map((a) => ({
            id: a.externalId,
            name: a.name,
            url: a.url,
            width: a.width,
            height: a.height,
            fileSize: a.fileSize,
          })),
          total,
          page: body.page,
          pageSize: body.pageSize,
        };
      }
      case 'leads': {
        const zone = customer?.timeZone ?? 'America/New_York';
        const range: DayRange = { from: body.from, to: body.to };
        const found = await repo.leads(id, rangeInstants(range, zone), body);
        return {
          report: body.report,
          calls: found.calls,
          forms: found.forms,
          rows: found.rows.map((l) => ({
            ...l,
            kind: l.kind === 'form' ? 'form' : 'call',
            occurredAt: l.occurredAt.toISOString(),
          })),
          total: found.total,
          page: body.page,
          pageSize: body.pageSize,
        };
      }
    }
  }

  return { report };
}

export type GoogleAdsService = ReturnType<typeof createGoogleAdsService>;
