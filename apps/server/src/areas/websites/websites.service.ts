import {
  siteErrorKindSchema,
  siteStatusSchema,
  type UptimeDay,
  type WebsiteSite,
  type WebsiteUptimeBody,
  type WebsiteUptimeReport,
} from '@pinpoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { allows, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, badRequest, notFound } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import { checkSite, type SiteCheckOptions, type SiteCheckResult } from './site-check';
import { isOwnDemoSite, resolveSiteUrl } from './site-of-product';
import { validateSiteUrl } from './site-url-policy';
import type { SiteRow, WebsitesRepository } from './websites.repository';

const DAY_MS = 86_400_000;
/** A check stands for the five minutes until the next one (the strip speaks in minutes). */
export const CHECK_INTERVAL_MINUTES = 5;
export const STRIP_DAYS = 90;
const RECENT_HOURS = 48;

export interface WebsitesServiceDeps {
  repo: WebsitesRepository;
  events: EventPublisher;
  /** The app's own origin (its listening address), for demo sites; null before it listens. */
  appOrigin: () => string | null;
  check?: Omit<SiteCheckOptions, 'trustAddress'>;
  /** DNS for validating URLs staff enter (tests answer private addresses here). */
  resolve?: (hostname: string) => Promise<string[]>;
  clock?: () => Date;
  log?: FastifyBaseLogger;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function toWebsiteSite(site: SiteRow, appOrigin: string | null): WebsiteSite {
  const kind = siteErrorKindSchema.safeParse(site.lastErrorKind);
  return {
    siteId: site.id,
    url: isOwnDemoSite(site) ? resolveSiteUrl(site, appOrigin ?? '') : site.url,
    isDemo: site.isDemo,
    demoDown: site.demoDown,
    status: siteStatusSchema.catch('unknown').parse(site.status),
    statusSince: iso(site.statusSince),
    lastCheckedAt: iso(site.lastCheckedAt),
    lastStatusCode: site.lastStatusCode,
    lastResponseMs: site.lastResponseMs,
    lastErrorKind: kind.success ? kind.data : null,
    lastError: site.lastError,
    tlsExpiresAt: iso(site.tlsExpiresAt),
  };
}

/** Uptime of website products: checks, incidents, the report and the staff controls. */
export function createWebsitesService(deps: WebsitesServiceDeps) {
  const { repo, events } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function siteFor(principal: Principal, productId: number, staff = false) {
    const site = await repo.siteOfProduct(productId);
    // The route guard checked the product's company; the service checks again.
    if (!site) throw notFound('This product has no website to check.');
    const access = staff
      ? ({ productOf: 'productId', staff: true } as const)
      : ({ productOf: 'productId' } as const);
    if (!allows(access, principal, site.companyId)) {
      throw accessDenied();
    }
    return site;
  }

  /** One real check of a site, recorded; announces the new state to open pages. */
  async function runCheck(siteId: number): Promise<SiteRow | null> {
    const site = await repo.siteById(siteId);
    if (!site) return null;
    const own = isOwnDemoSite(site);
    const origin = deps.appOrigin();
    let result: SiteCheckResult;
    if (own && origin === null) {
      result = {
        up: false,
        statusCode: null,
        responseMs: null,
        errorKind: 'network',
        error: 'The app is not listening yet, so its demo site cannot be reached.',
        tlsExpiresAt: null,
      };
    } else {
      result = await checkSite(resolveSiteUrl(site, origin ?? ''), {
        ...deps.check,
        trustAddress: own,
      });
    }
    const recorded = await repo.recordCheck(siteId, result, clock());
    if (recorded.incident === 'opened') {
      deps.log?.warn({ siteId, errorKind: result.errorKind }, 'website down: incident opened');
    }
    events.publish({
      type: 'website.checked',
      payload: {
        productId: recorded.site.productInstanceId,
        siteId,
        companyId: recorded.site.companyId,
        status: siteStatusSchema.catch('unknown').parse(recorded.site.status),
        checkedAt: iso(recorded.site.lastCheckedAt),
        incident: recorded.incident,
      },
      audience: { client: recorded.site.companyId },
    });
    return recorded.site;
  }

  function announce(site: SiteRow) {
    events.publish({
      type: 'website.checked',
      payload: {
        productId: site.productInstanceId,
        siteId: site.id,
        companyId: site.companyId,
        status: siteStatusSchema.catch('unknown').parse(site.status),
        checkedAt: iso(site.lastCheckedAt),
        incident: null,
      },
      audience: { client: site.companyId },
    });
  }

  return {
    runCheck,

    async report(
      principal: Principal,
      productId: number,
      body: WebsiteUptimeBody,
    ): Promise<WebsiteUptimeReport> {
      const site = await siteFor(principal, productId);
      const now = clock();
      const today = utcDay(now);
      const stripFrom = utcDay(new Date(now.getTime() - (STRIP_DAYS - 1) * DAY_MS));
      const from = new Date(`${body.from}T00:00:00Z`);
      const to = new Date(new Date(`${body.to}T00:00:00Z`).getTime() + DAY_MS);
      const [stripRows, rangeRows, recent, incidents] = await Promise.all([
        repo.days(site.id, stripFrom, today),
        repo.days(site.id, body.from, body.to),
        repo.recentChecks(site.id, new Date(now.getTime() - RECENT_HOURS * 3_600_000)),
        repo.incidents(site.id, from, to),
      ]);
      const byDay = new Map(stripRows.map((d) => [d.day, d]));
      const days: UptimeDay[] = [];
      for (let i = STRIP_DAYS - 1; i >= 0; i--) {
        const date = utcDay(new Date(now.getTime() - i * DAY_MS));
        const row = byDay.get(date);
        days.push(
          row && row.checks > 0
            ? {
                date,
                up: row.upChecks * CHECK_INTERVAL_MINUTES,
                degraded: 0,
                down: (row.checks - row.upChecks) * CHECK_INTERVAL_MINUTES,
                uptimePercent: Math.round((row.upChecks / row.checks) * 10_000) / 100,
              }
            : { date, up: 0, degraded: 0, down: 0, uptimePercent: null },
        );
      }
      const checks = rangeRows.reduce((n, d) => n + d.checks, 0);
      const upChecks = rangeRows.reduce((n, d) => n + d.upChecks, 0);
      const msSum = rangeRows.reduce((n, d) => n + d.responseMsSum, 0);
      const answered = rangeRows.reduce((n, d) => n + d.responseCount, 0);
      return {
        site: toWebsiteSite(site, deps.appOrigin()),
        uptimePercent: checks > 0 ? Math.round((upChecks / checks) * 10_000) / 100 : null,
        averageResponseMs: answered > 0 ? Math.round(msSum / answered) : null,
        days,
        recentChecks: recent.map((c) => ({
          at: c.checkedAt.toISOString(),
          ms: c.responseMs,
          up: c.up,
        })),
        dailyResponse: rangeRows.map((d) => ({
          date: d.day,
          ms: d.responseCount > 0 ? Math.round(d.responseMsSum / d.responseCount) : null,
        })),
        incidents: incidents.map((incident) => ({
          id: incident.id,
          startedAt: incident.startedAt.toISOString(),
          endedAt: iso(incident.endedAt),
          cause: incident.cause,
          statusCode: incident.statusCode,
          durationMinutes: Math.max(
            0,
            Math.round(
              ((incident.endedAt ?? now).getTime() - incident.startedAt.getTime()) / 60_000,
            ),
          ),
        })),
      };
    },

    /** Staff point the product at another site; the URL must resolve to public addresses. */
    async setUrl(principal: Principal, productId: number, raw: string): Promise<WebsiteSite> {
      const site = await siteFor(principal, productId, true);
      const url = await validateSiteUrl(raw, deps.resolve);
      // A new site starts unknown: its first checks say where it stands.
      const updated = await repo.updateSite(site.id, {
        url,
        status: 'unknown',
        statusSince: null,
        consecutiveFailures: 0,
        lastCheckedAt: null,
        lastStatusCode: null,
        lastResponseMs: null,
        lastErrorKind: null,
        lastError: null,
        tlsExpiresAt: null,
      });
      if (!updated) throw notFound('This product has no website to check.');
      announce(updated);
      return toWebsiteSite(updated, deps.appOrigin());
    },

    /** Staff check the site now, as the 5-minute tick would. */
    async checkNow(principal: Principal, productId: number): Promise<WebsiteSite> {
      const site = await siteFor(principal, productId, true);
      const checked = await runCheck(site.id);
      return toWebsiteSite(checked ?? site, deps.appOrigin());
    },

    /** Staff take a demo site down (it answers 503) or bring it back. */
    async setDemoDown(
      principal: Principal,
      productId: number,
      down: boolean,
    ): Promise<WebsiteSite> {
      const site = await siteFor(principal, productId, true);
      if (!isOwnDemoSite(site)) {
        throw badRequest('Only a demo site served by Pinpoint can be taken down here.');
      }
      const updated = await repo.updateSite(site.id, { demoDown: down });
      if (!updated) throw notFound('This product has no website to check.');
      announce(updated);
      return toWebsiteSite(updated, deps.appOrigin());
    },
  };
}

export type WebsitesService = ReturnType<typeof createWebsitesService>;
