import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The documentation pages' own policy, which replaces the app's on them. Swagger UI sets
 * style attributes from its scripts, which a style-src without 'unsafe-inline' refuses (and
 * the browser reports on every render); the app's own policy allows inline styles too.
 * Scripts stay 'self' only, with no inline script and nothing from other origins.
 */
export const DOCS_CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
};

/** The OpenAPI document, generated from the zod schemas every route declares. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pinpoint API',
        description:
          'The API behind the Pinpoint dashboard. Every error answers in one envelope: ' +
          '`{ "error": { "code", "message", "details"? }, "reason"? }`.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No badge from the public validator: the page loads nothing from other origins.
    uiConfig: { validatorUrl: null },
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
  });
});
