import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEMO_SITE_CSP,
  DEMO_SITE_DOWN_HTML,
  type DemoPage,
  renderDemoPage,
} from './demo-site-pages';
import type { WebsitesRepository } from './websites.repository';

const paramsSchema = z.object({ slug: z.string().max(100) });
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const NOT_FOUND_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Not found</title></head><body><h1>Not found</h1></body></html>';

/**
 * The demo companies' own small web sites (issue 18), served by Pinpoint under
 * `/demo-sites/{slug}` so the uptime checker has a real site to request. Public, outside
 * the gateway, plain HTML with a strict CSP. A site staff took down answers 503.
 */
export const demoSitesRoutes: FastifyPluginAsyncZod<{ repo: WebsitesRepository }> = async (
  app,
  { repo },
) => {
  const pages: [string, DemoPage][] = [
    ['', 'home'],
    ['/about', 'about'],
    ['/contact', 'contact'],
  ];
  for (const [suffix, page] of pages) {
    app.route({
      method: 'GET',
      url: `/demo-sites/:slug${suffix}`,
      config: { access: 'public', gateway: false },
      schema: { hide: true, params: paramsSchema },
      handler: async (request, reply) => {
        reply.header('content-security-policy', DEMO_SITE_CSP).header('cache-control', 'no-store');
        const slug = request.params.slug;
        const demo = SLUG.test(slug) ? await repo.demoSite(slug) : null;
        if (!demo) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_HTML);
        if (demo.site.demoDown) {
          return reply
            .code(503)
            .header('retry-after', '300')
            .type('text/html; charset=utf-8')
            .send(DEMO_SITE_DOWN_HTML);
        }
        const c = demo.company;
        const address = [
          [c.addressLine1, c.addressLine2].filter(Boolean).join(', '),
          [c.city, [c.state, c.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        ]
          .filter(Boolean)
          .join(', ');
        const html = renderDemoPage(
          {
            slug,
            name: c.name,
            phone: c.phone,
            email: c.email,
            address,
            category: c.category,
            services: demo.services,
          },
          page,
        );
        return reply.type('text/html; charset=utf-8').send(html);
      },
    });
  }
};
