import { isIP } from 'node:net';
import {
  findProduct,
  type PageSpeedJob,
  type PageSpeedReport,
  type PageSpeedScores,
  type PageSpeedStrategy,
  type RealtimeEventPayload,
} from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { productInstances } from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { notFound, tooManyRequests } from '../../kernel/lib/app-error';
import { isPublicAddress } from '../../kernel/net/address-policy';
import { resolveAll } from '../../kernel/net/guarded-lookup';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type { PageSpeedProvider } from '../../providers/page-speed/port';
import { PRIVATE_SITE_MESSAGE } from '../../providers/page-speed/site-page-fetch';
import { isOwnDemoSite, resolveSiteUrl, siteOfProduct, validateSiteUrl } from '../websites';
import { type PageSpeedRepository, scoresOf, toJob } from './page-speed.repository';

/** The website products whose page speed is measured (catalog slugs). */
export const PAGE_SPEED_SLUGS = [
  'webworx-professional',
  'website-hosting',
  'website',
  'powerpage',
] as const;
/** One "Run now" per site in this long (manual requests; the monthly one is not counted). */
export const RUN_GAP_MS = 2 * 60_000;
const STRATEGIES: PageSpeedStrategy[] = ['mobile', 'desktop'];

export interface PageSpeedServiceDeps {
  db: Db;
  repo: PageSpeedRepository;
  provider: PageSpeedProvider;
  /** The app's own origin, where demo sites are served; null before the server listens. */
  appOrigin: () => string | null;
  /** Queue the run job (after the request's commit). */
  enqueue: (jobId: number) => Promise<void>;
  publish: (companyId: number, payload: RealtimeEventPayload<'page-speed.progress'>) => void;
  /** DNS for the private-address refusal (tests answer private addresses here). */
  resolve?: (hostname: string) => Promise<string[]>;
}

export function createPageSpeedService(deps: PageSpeedServiceDeps) {
  const { repo } = deps;

  /** The product (of that API name) and its site; 404 when either is not there. */
  async function productSite(productId: number, api: string) {
    const [product] = await deps.db
      .select({
        id: productInstances.id,
        slug: productInstances.productSlug,
        companyId: productInstances.companyId,
      })
      .from(productInstances)
      .where(eq(productInstances.id, productId));
    const catalog = product ? findProduct(product.slug) : null;
    if (
      !product ||
      !catalog ||
      catalog.api !== api ||
      !(PAGE_SPEED_SLUGS as readonly string[]).includes(product.slug)
    ) {
      throw notFound('No such website product.');
    }
    return { product, site: await siteOfProduct(deps.db, productId) };
  }

  function progress(job: {
    id: number;
    companyId: number;
    productInstanceId: number | null;
    state: string;
    error: string | null;
  }) {
    deps.publish(job.companyId, {
      companyId: job.companyId,
      productId: job.productInstanceId ?? 0,
      jobId: job.id,
      state: job.state as PageSpeedJob['state'],
      error: job.error,
    });
  }

  return {
    async report(_principal: Principal, api: string, productId: number): Promise<PageSpeedReport> {
      const { site } = await productSite(productId, api);
      if (!site) {
        return {
          site: null,
          source: deps.provider.mode,
          latest: { mobile: null, desktop: null },
          history: [],
          job: null,
          nextRunAt: null,
        };
      }
      const [latest, months, job] = await Promise.all([
        repo.latestRuns(site.siteId),
        repo.monthly(site.siteId),
        repo.latestJob(site.siteId),
      ]);
      const byMonth = new Map<
        string,
        { mobile: PageSpeedScores | null; desktop: PageSpeedScores | null }
      >();
      for (const row of months) {
        const entry = byMonth.get(row.month) ?? { mobile: null, desktop: null };
        entry[row.strategy as PageSpeedStrategy] = scoresOf({
          performance: row.performance,
          accessibility: row.accessibility,
          bestPractices: row.best_practices,
          seo: row.seo,
        });
        byMonth.set(row.month, entry);
      }
      const lastManual = job?.origin === 'manual' ? job.createdAt.getTime() + RUN_GAP_MS : 0;
      return {
        site: { url: site.url, isDemo: site.isDemo },
        source: deps.provider.mode,
        latest,
        history: [...byMonth.entries()].map(([month, s]) => ({ month, ...s })),
        job: job ? toJob(job) : null,
        nextRunAt: lastManual > Date.now() ? new Date(lastManual).toISOString() : null,
      };
    },

    /** "Run now" (or the monthly schedule): one request per site at a time, rate-limited. */
    async requestRun(
      principal: Principal | null,
      api: string,
      productId: number,
      origin: 'manual' | 'scheduled' = 'manual',
    ): Promise<PageSpeedJob> {
      const { product, site } = await productSite(productId, api);
      if (!site) throw notFound('This product has no website to measure yet.');
      const outcome = await repo.createJob({
        siteId: site.siteId,
        companyId: product.companyId,
        productInstanceId: product.id,
        origin,
        requestedBy: principal?.userId ?? null,
        minGapMs: RUN_GAP_MS,
      });
      if ('tooSoonUntil' in outcome) {
        const seconds = Math.max(
          1,
          Math.ceil((outcome.tooSoonUntil.getTime() - Date.now()) / 1000),
        );
        throw tooManyRequests(
          `The page speed of this site was measured moments ago. Try again in ${seconds} s.`,
          seconds,
        );
      }
      if (outcome.created) {
        await deps.enqueue(outcome.job.id);
        progress(outcome.job);
      }
      return toJob(outcome.job);
    },

    /**
     * The run job: mobile, then desktop, each stored as a run; the state moves on and is
     * published at each step. The URL is the site's stored one, never a caller's; anything
     * but a seeded demo site on our own origin must resolve to public addresses only.
     * A retried job skips the strategy it already stored. Returns whether to retry.
     */
    async execute(jobId: number, attempt: { last: boolean; signal?: AbortSignal }): Promise<void> {
      const job = await repo.job(jobId);
      if (!job || job.state === 'done' || job.state === 'failed') return;
      const fail = async (reason: string) => {
        const row = await repo.setState(jobId, 'failed', reason);
        if (row) progress(row);
      };
      const site = job.productInstanceId
        ? await siteOfProduct(deps.db, job.productInstanceId)
        : null;
      if (!site || site.siteId !== job.siteId)
        return fail('The product no longer has this website.');
      const ownDemoSite = isOwnDemoSite(site);
      const origin = deps.appOrigin();
      if (ownDemoSite && !origin)
        return fail('The demo site cannot be reached before the server listens.');
      const url = resolveSiteUrl(site, origin ?? '');
      if (!ownDemoSite) {
        const refusal = await refuseUnsafe(url, deps.resolve ?? resolveAll);
        if (refusal) return fail(refusal);
      }
      for (const strategy of STRATEGIES) {
        if (await repo.runOf(jobId, strategy)) continue;
        const running = await repo.setState(
          jobId,
          strategy === 'mobile' ? 'running-mobile' : 'running-desktop',
        );
        if (running) progress(running);
        try {
          const result = await deps.provider.run({ url, ownDemoSite }, strategy, attempt.signal);
          await repo.recordRun({
            siteId: site.siteId,
            jobId,
            strategy,
            source: deps.provider.mode,
            result,
            error: null,
          });
        } catch (error) {
          const vendor = error instanceof VendorError ? error : null;
          // Google's rate limit and outages are retried by the queue while tries are left.
          if (vendor?.retryable && !attempt.last) throw error;
          const reason = vendor ? vendor.message : 'The measurement failed unexpectedly.';
          await repo.recordRun({
            siteId: site.siteId,
            jobId,
            strategy,
            source: deps.provider.mode,
            result: null,
            error: reason,
          });
          return fail(reason);
        }
      }
      const done = await repo.setState(jobId, 'done');
      if (done) progress(done);
    },
  };
}
export type PageSpeedService = ReturnType<typeof createPageSpeedService>;

/**
 * Why a stored site URL may not be measured, or null: any address of its host that is not
 * public (private, loopback, link-local, IPv4 inside IPv6) refuses it with one plain reason,
 * then the websites area's own URL rules apply. The demo adapter's guarded lookup checks
 * again where its socket opens; PageSpeed Insights is simply never asked about such a URL.
 */
export async function refuseUnsafe(
  url: string,
  resolve: (hostname: string) => Promise<string[]>,
): Promise<string | null> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return 'The site’s stored address is not a valid URL.';
  }
  let addresses: string[] = [];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.some((a) => !isPublicAddress(a))) return PRIVATE_SITE_MESSAGE;
  try {
    await validateSiteUrl(url, async () => addresses);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
