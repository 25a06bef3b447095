import {
  insiteBlogDetailSchema,
  insiteBlogListQuerySchema,
  insiteBlogListSchema,
  insiteBlogParamsSchema,
  insiteBlogTransitionSchema,
  onHoldQuerySchema,
  packagesOnHoldSchema,
  productsOnHoldSchema,
  seoProParamsSchema,
  seoProQuerySchema,
  seoProReportSchema,
  seoSyncResultSchema,
  socialCalendarParamsSchema,
  socialCalendarQuerySchema,
  socialCalendarSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { InsiteBlogsService } from './insite-blogs.service';
import type { OnHoldService } from './on-hold.service';
import type { SeoProService } from './seo-pro.service';
import type { SocialCalendarService } from './social-calendar.service';

export interface DevPagesServices {
  seoPro: SeoProService;
  blogs: InsiteBlogsService;
  onHold: OnHoldService;
  calendar: SocialCalendarService;
  now: () => Date;
}

/**
 * The dev-only staff pages' API (SPEC §2 and §6). The plugin that registers these adds the
 * dev-host check to every one of them (dev-host-guard.ts).
 */
export const devPagesRoutes: FastifyPluginAsyncZod<DevPagesServices> = async (app, services) => {
  const tags = ['dev pages'];
  const staffProduct = { productOf: 'productId', staff: true } as const;

  app.route({
    method: 'GET',
    url: '/api/uni/products/seo/:productId/report',
    config: { access: staffProduct },
    schema: {
      tags,
      summary: "SEO Pro: the keywords' positions per day and the pages that rank (dev hosts)",
      params: seoProParamsSchema,
      querystring: seoProQuerySchema,
      response: { 200: seoProReportSchema },
    },
    handler: async (request) =>
      services.seoPro.report(request.params.productId, request.query.days),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/products/seo/:productId/sync',
    config: { access: staffProduct },
    schema: {
      tags,
      summary:
        'SEO Pro: pull the last 90 days of positions and the ranking pages from the provider',
      params: seoProParamsSchema,
      response: { 200: seoSyncResultSchema },
    },
    handler: async (request) => services.seoPro.sync(request.params.productId, services.now()),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/dev/insite-blogs',
    config: { access: 'employee' },
    schema: {
      tags,
      summary:
        "InSite blogs: the agency's posts for clients' sites, by state and company (dev hosts)",
      querystring: insiteBlogListQuerySchema,
      response: { 200: insiteBlogListSchema },
    },
    handler: async (request) => services.blogs.list(requirePrincipal(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/dev/insite-blogs/:postId',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'One InSite blog post with its body (dev hosts)',
      params: insiteBlogParamsSchema,
      response: { 200: insiteBlogDetailSchema },
    },
    handler: async (request) =>
      services.blogs.detail(requirePrincipal(request), request.params.postId),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/dev/insite-blogs/:postId/state',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'Move an InSite blog post to another state (409 when it moved meanwhile)',
      params: insiteBlogParamsSchema,
      body: insiteBlogTransitionSchema,
      response: { 200: insiteBlogDetailSchema },
    },
    handler: async (request) =>
      services.blogs.transition(requirePrincipal(request), request.params.postId, request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/dev/products-on-hold',
    config: { access: 'employee' },
    schema: {
      tags,
      summary:
        'Products on hold or paused across the caller’s clients, why, since when (dev hosts)',
      querystring: onHoldQuerySchema,
      response: { 200: productsOnHoldSchema },
    },
    handler: async (request) => services.onHold.products(requirePrincipal(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/dev/packages-on-hold',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'Client packages with products on hold, and the monthly revenue held (dev hosts)',
      querystring: onHoldQuerySchema,
      response: { 200: packagesOnHoldSchema },
    },
    handler: async (request) => services.onHold.packages(requirePrincipal(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/dev/social-calendar/:companyId',
    config: { access: { clientOf: 'companyId', staff: true } },
    schema: {
      tags,
      summary:
        "The social calendar: a company's scheduled and published posts in a month (dev hosts)",
      params: socialCalendarParamsSchema,
      querystring: socialCalendarQuerySchema,
      response: { 200: socialCalendarSchema },
    },
    handler: async (request) =>
      services.calendar.month(request.params.companyId, request.query.month),
  });
};
