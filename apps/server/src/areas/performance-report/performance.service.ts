import {
  addCalendarDays,
  PERFORMANCE_SOURCE_TITLES,
  type PerformanceMetric,
  type PerformanceReportBody,
  type PerformanceSeries,
  type PerformanceSource,
  type PerformanceSources,
  PRODUCTS,
  previousPeriod,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, badRequest, notFound } from '../../kernel/lib/app-error';
import { WEB_PERFORMANCE_METRICS, type WebsitePerformance } from '../websites';
import type { DayValues, PerformanceRepository } from './performance.repository';

/** The sources with data we sync, the vendor behind each, and what their charts show. */
const SYNCED: Partial<Record<PerformanceSource, { vendor: string; metrics: PerformanceMetric[] }>> =
  {
    google: {
      vendor: 'google-business-profile',
      metrics: [
        { key: 'views', label: 'Profile views' },
        { key: 'searches', label: 'Searches' },
        { key: 'calls', label: 'Calls' },
        { key: 'directions', label: 'Direction requests' },
        { key: 'websiteClicks', label: 'Website clicks' },
      ],
    },
    facebook: {
      vendor: 'facebook-page',
      metrics: [
        { key: 'reviews', label: 'Reviews' },
        { key: 'positive', label: 'Positive reviews' },
        { key: 'posts', label: 'Posts published' },
      ],
    },
    fbads: {
      vendor: 'facebook-ads',
      metrics: [
        { key: 'impressions', label: 'Impressions' },
        { key: 'clicks', label: 'Clicks' },
        { key: 'leads', label: 'Leads' },
        { key: 'spendCents', label: 'Spend' },
      ],
    },
  };
export const REPORT_ORDER: PerformanceSource[] = ['google', 'listings', 'facebook', 'fbads', 'web'];
const WEB_SLUGS = new Set(['webworx-professional', 'website-hosting', 'powerpage', 'website']);
const LISTING_SLUGS = new Set(['managed-business-listings', 'business-listings']);
const productName = new Map<string, string>(PRODUCTS.map((p) => [p.slug, p.name]));

type Connection = Awaited<ReturnType<PerformanceRepository['connections']>>[number];

/** The performance report: which sources a company has, and each source's days. */
export function createPerformanceService(deps: {
  repo: PerformanceRepository;
  /** The website products' uptime (issue 18): the `web` source. */
  web?: WebsitePerformance;
}) {
  const { repo } = deps;

  async function company(principal: Principal, companyId: number) {
    // The route's clientOf guard already ran; the service checks again, as every one does.
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    const name = await repo.companyName(companyId);
    if (name === null) throw notFound('No such company.');
    const [connections, products, sites] = await Promise.all([
      repo.connections(companyId),
      repo.products(companyId),
      deps.web ? deps.web.sites(companyId) : Promise.resolve([]),
    ]);
    return { name, connections, products, sites };
  }

  function sourceOfVendor(vendor: string | undefined): PerformanceSource | null {
    for (const [source, def] of Object.entries(SYNCED)) {
      if (def?.vendor === vendor) return source as PerformanceSource;
    }
    return null;
  }

  async function daysOf(
    source: PerformanceSource,
    ids: number[],
    from: string,
    to: string,
  ): Promise<DayValues[]> {
    if (source === 'google') return repo.googleDays(ids, from, to);
    if (source === 'fbads') return repo.fbadsDays(ids, from, to);
    return repo.facebookDays(ids, from, to);
  }

  function totalsOf(metrics: PerformanceMetric[], days: { values: Record<string, number> }[]) {
    const totals: Record<string, number> = {};
    for (const m of metrics) totals[m.key] = days.reduce((s, d) => s + (d.values[m.key] ?? 0), 0);
    return totals;
  }

  function fill(metrics: PerformanceMetric[], from: string, to: string, rows: DayValues[]) {
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const days: { day: string; values: Record<string, number> }[] = [];
    for (let day = from; day <= to; day = addCalendarDays(day, 1)) {
      const row = byDay.get(day);
      const values: Record<string, number> = {};
      for (const m of metrics) values[m.key] = Number(row?.[m.key] ?? 0);
      days.push({ day, values });
    }
    return days;
  }

  type Site = Awaited<ReturnType<WebsitePerformance['sites']>>[number];

  /** The `web` source: uptime checks, minutes down and incidents of the company's sites. */
  async function webSeries(sites: Site[], body: PerformanceReportBody): Promise<PerformanceSeries> {
    if (!deps.web || sites.length === 0) throw notFound('This company has no website product.');
    const ids = sites.map((site) => site.id);
    const range = { from: body.from, to: body.to };
    const previousRange = previousPeriod(range);
    const [current, previous] = await Promise.all([
      deps.web.days(ids, range.from, range.to),
      deps.web.days(ids, previousRange.from, previousRange.to),
    ]);
    const metrics = WEB_PERFORMANCE_METRICS;
    const days = fill(metrics, range.from, range.to, current);
    const checked = sites.map((site) => site.lastCheckedAt?.getTime() ?? null);
    return {
      source: 'web',
      title: PERFORMANCE_SOURCE_TITLES.web,
      range,
      previousRange,
      metrics,
      days,
      totals: totalsOf(metrics, days),
      previousTotals: totalsOf(
        metrics,
        fill(metrics, previousRange.from, previousRange.to, previous),
      ),
      lastSyncedAt: checked.includes(null)
        ? null
        : new Date(Math.min(...(checked as number[]))).toISOString(),
    };
  }

  async function series(
    source: PerformanceSource,
    connections: Connection[],
    body: PerformanceReportBody,
    sites: Site[] = [],
  ): Promise<PerformanceSeries> {
    if (source === 'web') return webSeries(sites, body);
    const def = SYNCED[source];
    if (!def) throw notFound(`${PERFORMANCE_SOURCE_TITLES[source]} has no data synced yet.`);
    let mine = connections.filter((c) => c.vendor === def.vendor);
    if (mine.length === 0) {
      throw notFound(`This company has no ${PERFORMANCE_SOURCE_TITLES[source]} connected.`);
    }
    if (body.connectionId !== undefined && source === 'google') {
      mine = mine.filter((c) => c.id === body.connectionId);
      if (mine.length === 0) {
        throw badRequest('Choose one of the company’s locations.', [
          { path: 'body.connectionId', message: 'Choose one of the company’s locations.' },
        ]);
      }
    }
    const ids = mine.map((c) => c.id);
    const range = { from: body.from, to: body.to };
    const previousRange = previousPeriod(range);
    const [current, previous] = await Promise.all([
      daysOf(source, ids, range.from, range.to),
      daysOf(source, ids, previousRange.from, previousRange.to),
    ]);
    const days = fill(def.metrics, range.from, range.to, current);
    const synced = mine.map((c) => c.lastSyncedAt?.getTime() ?? null);
    return {
      source,
      title: PERFORMANCE_SOURCE_TITLES[source],
      range,
      previousRange,
      metrics: def.metrics,
      days,
      totals: totalsOf(def.metrics, days),
      previousTotals: totalsOf(
        def.metrics,
        fill(def.metrics, previousRange.from, previousRange.to, previous),
      ),
      // The oldest sync of its connections: what the whole series is at least as fresh as.
      lastSyncedAt: synced.includes(null)
        ? null
        : new Date(Math.min(...(synced as number[]))).toISOString(),
    };
  }

  return {
    async sources(principal: Principal, companyId: number): Promise<PerformanceSources> {
      const { name, connections, products, sites } = await company(principal, companyId);
      const vendorOf = new Map(connections.map((c) => [c.id, c.vendor]));
      const productRows = products.map((p) => ({
        id: p.id,
        name: productName.get(p.slug) ?? p.slug,
        slug: p.slug,
        source: WEB_SLUGS.has(p.slug)
          ? ('web' as const)
          : LISTING_SLUGS.has(p.slug)
            ? ('listings' as const)
            : sourceOfVendor(vendorOf.get(p.connectionId ?? -1)),
      }));
      const sources: PerformanceSources['sources'] = [];
      const missing: PerformanceSources['missing'] = [];
      for (const source of REPORT_ORDER) {
        const title = PERFORMANCE_SOURCE_TITLES[source];
        const def = SYNCED[source];
        const productIds = productRows.filter((p) => p.source === source).map((p) => p.id);
        if (def && connections.some((c) => c.vendor === def.vendor)) {
          sources.push({ source, title, productIds });
        } else if (source === 'web' && sites.length > 0) {
          sources.push({ source, title, productIds });
        } else if (source === 'web') {
          missing.push({
            source,
            title,
            reason: productIds.length
              ? 'Website analytics are not synced yet.'
              : 'No website product.',
          });
        } else if (source === 'listings') {
          missing.push({
            source,
            title,
            // This report adds daily counts; a scan's score is a monthly level, not a count.
            reason: productIds.length
              ? "Listing scans give a monthly score, not daily counts; the product's Listings page shows the score over time."
              : 'No listings product.',
          });
        } else {
          missing.push({ source, title, reason: `No ${title} connected.` });
        }
      }
      return {
        companyId,
        companyName: name,
        sources,
        missing,
        products: productRows.map(({ slug: _slug, ...p }) => p),
        locations: connections
          .filter((c) => c.vendor === 'google-business-profile')
          .map((c) => ({ connectionId: c.id, name: c.displayName || c.externalAccount })),
      };
    },

    async report(
      principal: Principal,
      source: PerformanceSource,
      companyId: number,
      body: PerformanceReportBody,
    ): Promise<PerformanceSeries> {
      const { connections, sites } = await company(principal, companyId);
      return series(source, connections, body, sites);
    },

    /** Every requested source the company has (for the PDF), with its name. */
    async all(
      principal: Principal,
      companyId: number,
      query: PerformanceReportBody & { sources?: PerformanceSource[] | undefined },
    ) {
      const { name, connections, sites } = await company(principal, companyId);
      const wanted = REPORT_ORDER.filter(
        (s) =>
          (!query.sources || query.sources.includes(s)) &&
          ((s === 'web' && sites.length > 0) ||
            (SYNCED[s] && connections.some((c) => c.vendor === SYNCED[s]?.vendor))),
      );
      const list = await Promise.all(wanted.map((s) => series(s, connections, query, sites)));
      return { companyName: name, series: list };
    },
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
