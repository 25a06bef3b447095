import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import type { SeoProvider } from '../../providers/seo/port';
import { createSeoDemo } from '../../providers/seo/seo-demo';
import { createSeoLive } from '../../providers/seo/seo-live';
import { devHostOnly } from './dev-host-guard';
import { devPagesRoutes } from './dev-pages.routes';
import { createInsiteBlogsService } from './insite-blogs.service';
import { createOnHoldService } from './on-hold.service';
import { createSeoProService } from './seo-pro.service';
import { createSocialCalendarService } from './social-calendar.service';

/**
 * SEO Pro's rank tracker SEO_PROVIDER names: the deterministic demo (default) or DataForSEO
 * Labs with the DATAFORSEO_* credentials, each call counted on the status page as `seo`.
 */
export function createSeoProvider(
  opts: Pick<VendorAreaOptions, 'config' | 'recordCall'>,
): SeoProvider {
  const { seo } = opts.config;
  if (seo.provider === 'dataforseo') return createSeoLive({ ...seo, recordCall: opts.recordCall });
  return createSeoDemo();
}

/**
 * The dev-only staff pages (SPEC §2 and §6; issue 21): SEO Pro, InSite blogs, products and
 * packages on hold, the social calendar. Their routes answer on dev hosts only: the host
 * check is a hook of their own scope, so no other route is touched by it.
 */
export const devPagesPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions) => {
    const db = app.database.db;
    const now = () => new Date();
    const seoProvider = createSeoProvider(opts);
    await app.register(async (scope) => {
      scope.addHook('preValidation', devHostOnly);
      await scope.register(devPagesRoutes, {
        seoPro: createSeoProService(db, seoProvider),
        blogs: createInsiteBlogsService(db, now),
        onHold: createOnHoldService(db),
        calendar: createSocialCalendarService(db),
        now,
      });
    });
  },
  { name: 'dev-pages' },
);
