import { findProduct } from '@pinpoint/contracts';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageSpeedRuns, productInstances, websiteSites } from '../../kernel/db/schema';
import { createPageSpeedProvider } from '../../platform/provider-registry/page-speed-provider';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import type { PageSpeedProvider } from '../../providers/page-speed/port';
import { ownOrigin } from '../websites';
import { createPageSpeedJobs, PAGE_SPEED_MONTHLY_CRON } from './page-speed.jobs';
import { createPageSpeedRepository } from './page-speed.repository';
import { pageSpeedRoutes } from './page-speed.routes';
import {
  createPageSpeedService,
  PAGE_SPEED_SLUGS,
  type PageSpeedService,
} from './page-speed.service';

export interface PageSpeedPluginOptions extends VendorAreaOptions {
  provider?: PageSpeedProvider;
  /** DNS for the private-address refusal (tests). */
  resolve?: (hostname: string) => Promise<string[]>;
}

/** Page speed of the website products: runs as jobs, a monthly schedule, and the routes. */
export async function registerPageSpeed(app: FastifyInstance, opts: PageSpeedPluginOptions) {
  const db = app.database.db;
  const provider =
    opts.provider ?? createPageSpeedProvider(opts.config.vendors, { recordCall: opts.recordCall });
  let service: PageSpeedService;
  const scheduleMonthly = async () => {
    // Active products whose site has no successful run in the last 25 days.
    const due = await db
      .select({ id: productInstances.id, slug: productInstances.productSlug })
      .from(productInstances)
      .innerJoin(websiteSites, eq(websiteSites.productInstanceId, productInstances.id))
      .where(
        and(
          inArray(productInstances.productSlug, [...PAGE_SPEED_SLUGS]),
          eq(productInstances.status, 'active'),
          notExists(
            db
              .select({ one: sql`1` })
              .from(pageSpeedRuns)
              .where(
                and(
                  eq(pageSpeedRuns.siteId, websiteSites.id),
                  eq(pageSpeedRuns.status, 'done'),
                  sql`${pageSpeedRuns.ranAt} > now() - interval '25 days'`,
                ),
              ),
          ),
        ),
      );
    for (const product of due) {
      const api = findProduct(product.slug)?.api;
      if (api) await service.requestRun(null, api, product.id, 'scheduled');
    }
    return due.length;
  };
  const jobs = createPageSpeedJobs({ service: () => service, scheduleMonthly });
  app.jobs.register(jobs.run);
  app.jobs.register(jobs.monthly);
  service = createPageSpeedService({
    db,
    repo: createPageSpeedRepository(db),
    provider,
    appOrigin: () => ownOrigin(app, opts.config.publicUrl),
    enqueue: async (jobId) => {
      await app.jobs.send(jobs.run, { jobId });
    },
    publish: (companyId, payload) =>
      app.realtime.publish({
        type: 'page-speed.progress',
        payload,
        audience: { client: companyId },
      }),
    ...(opts.resolve && { resolve: opts.resolve }),
  });
  const pageSpeed = { service, scheduleMonthly };
  await app.register(pageSpeedRoutes, { service });
  if (opts.config.jobs.workers && opts.config.env !== 'test') {
    app.addHook('onReady', async () => {
      await app.jobs.schedule(jobs.monthly, { cron: PAGE_SPEED_MONTHLY_CRON }, {});
    });
  }

  return { pageSpeed };
}
