import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { demoSitesRoutes } from './demo-sites.routes';
import type { SiteCheckOptions } from './site-check';
import { createUptimeJobs, UPTIME_TICK_CRON } from './websites.jobs';
import { createWebsitesRepository } from './websites.repository';
import { websitesRoutes } from './websites.routes';
import { createWebsitesService } from './websites.service';

/**
 * The app's own origin as the checker reaches it: the address the server listens on
 * (a wildcard address becomes loopback), else PUBLIC_URL; null before it listens.
 * The listening address is preferred: it needs no proxy or public DNS to reach itself.
 */
export function ownOrigin(app: FastifyInstance, publicUrl: string | null): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (address && typeof address === 'object') {
    const host =
      address.address === '0.0.0.0'
        ? '127.0.0.1'
        : address.address === '::'
          ? '[::1]'
          : address.family === 'IPv6'
            ? `[${address.address}]`
            : address.address;
    return `http://${host}:${address.port}`;
  }
  return publicUrl ? publicUrl.replace(/\/+$/, '') : null;
}

/**
 * Website products (issue 18): each product's site, its 5-minute uptime checks on the job
 * queue, incidents and alerts, the report and staff routes, and the demo sites themselves.
 */
export async function registerWebsites(
  app: FastifyInstance,
  opts: VendorAreaOptions & {
    check?: Omit<SiteCheckOptions, 'trustAddress'>;
    resolve?: (hostname: string) => Promise<string[]>;
  },
) {
  const repo = createWebsitesRepository(app.database.db);
  const appOrigin = () => ownOrigin(app, opts.config.publicUrl);
  const service = createWebsitesService({
    repo,
    events: app.realtime,
    appOrigin,
    check: opts.check,
    resolve: opts.resolve,
    log: app.log.child({ component: 'website-uptime' }),
  });
  const jobs = createUptimeJobs({ repo, jobs: app.jobs, service: () => service });
  app.jobs.register(jobs.check);
  app.jobs.register(jobs.tick);
  const websites = { service, appOrigin, jobs };
  await app.register(websitesRoutes, { service });
  await app.register(demoSitesRoutes, { repo });
  if (opts.config.jobs.workers && opts.config.env !== 'test') {
    // One schedule, stored in the database; the queue's clock enqueues each tick once.
    app.addHook('onReady', async () => {
      await app.jobs.schedule(jobs.tick, { cron: UPTIME_TICK_CRON }, {});
    });
  }

  return { websites };
}
