import {
  formSubmissionListSchema,
  formSubmissionQuerySchema,
  productIdParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import { DEMO_SITE_CSP, demoSitePath } from '../websites';
import { formErrorPage, NO_SITE_PAGE, TOO_MANY_PAGE, thankYouPage } from './contact-pages';
import type { WebsiteFormsService } from './website-forms.service';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** A contact form is a few kB; anything bigger is not one. */
const FORM_BODY_LIMIT = 16 * 1024;
/** The website products' API names; each lists its site's contact-form messages. */
const FORM_APIS = ['omgincontact', 'webworx', 'hosting', 'website', 'powerpage'] as const;

/**
 * The demo sites' contact form (`POST /demo-sites/{slug}/contact`, public, form-encoded,
 * answered with a small HTML page) and the list of what visitors sent, per product.
 */
export const websiteFormsRoutes: FastifyPluginAsyncZod<{ service: WebsiteFormsService }> = async (
  app,
  { service },
) => {
  // Form-encoded bodies for this plugin's routes only (encapsulated: the API stays JSON).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const fields: Record<string, string[]> = {};
      for (const [key, value] of new URLSearchParams(String(body))) {
        const values = fields[key] ?? [];
        values.push(value);
        fields[key] = values;
      }
      done(null, fields);
    },
  );

  app.route({
    method: 'POST',
    url: '/demo-sites/:slug/contact',
    config: { access: 'public', gateway: false, htmlForm: true },
    bodyLimit: FORM_BODY_LIMIT,
    schema: { hide: true, params: z.object({ slug: z.string().max(100) }) },
    handler: async (request, reply) => {
      reply
        .header('content-security-policy', DEMO_SITE_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8');
      const { slug } = request.params;
      const base = demoSitePath(slug);
      const body =
        request.body && typeof request.body === 'object'
          ? (request.body as Record<string, unknown>)
          : {};
      const outcome = SLUG.test(slug)
        ? await service.submit(slug, body, {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            referer: request.headers.referer,
          })
        : ({ kind: 'no_site' } as const);
      switch (outcome.kind) {
        case 'stored':
        case 'honeypot':
          return reply.code(200).send(thankYouPage(base));
        case 'invalid':
          return reply.code(400).send(formErrorPage(base, outcome.problems));
        case 'too_many':
          return reply.code(429).header('retry-after', '600').send(TOO_MANY_PAGE);
        case 'no_site':
          return reply.code(404).send(NO_SITE_PAGE);
      }
    },
  });

  for (const api of FORM_APIS) {
    app.route({
      method: 'GET',
      url: `/api/uni/products/${api}/:productId/submissions`,
      config: { access: { productOf: 'productId' } },
      schema: {
        tags: ['website-products'],
        summary:
          'Messages visitors sent through the site’s contact form, newest first (paged, filtered)',
        params: productIdParamsSchema,
        querystring: formSubmissionQuerySchema,
        response: { 200: formSubmissionListSchema },
      },
      handler: async (request) =>
        service.list(requirePrincipal(request), api, request.params.productId, request.query),
    });
  }
};
