import rateLimit from '@fastify/rate-limit';
import {
  alertCompanyParamsSchema,
  alertItemParamsSchema,
  alertListQuerySchema,
  alertListSchema,
  alertSchema,
  alertShareLinkRequestSchema,
  alertShareLinkSchema,
  alertsMarkedReadSchema,
  sharedAlertsQuerySchema,
  sharedAlertsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { appOrigin } from '../../kernel/lib/origin';
import { loadAlertsLinkSecret } from './alerts.links';
import { createAlertsRepository } from './alerts.repository';
import { createAlertsService } from './alerts.service';

/**
 * Opens of the public page per address per minute: plenty for people, while guessing
 * tokens stays pointless (a 256-bit HMAC) and cheap to refuse.
 */
export const SHARED_ALERTS_PER_MINUTE = 60;

export interface AlertsRoutesOptions {
  /** PUBLIC_URL: where shared links point when set. */
  publicUrl: string | null;
  /** PINPOINT_LINK_SECRET, or null for the secret kept in the database. */
  linkSecret: string | null;
}

/** Client alerts (SPEC §3) and the signed, expiring links of the legacy public /my-alerts page. */
export const alertsRoutes: FastifyPluginAsyncZod<AlertsRoutesOptions> = async (app, opts) => {
  const alerts = createAlertsService({
    repo: createAlertsRepository(app.database.db),
    secret: await loadAlertsLinkSecret(app.database.db, opts.linkSecret),
  });
  await app.register(rateLimit, { global: false });

  app.route({
    method: 'GET',
    url: '/api/alerts/:companyId',
    config: { access: { clientOf: 'companyId' } },
    schema: {
      tags: ['alerts'],
      summary: "A company's alerts, newest first, optionally unread only",
      params: alertCompanyParamsSchema,
      querystring: alertListQuerySchema,
      response: { 200: alertListSchema },
    },
    handler: async (request) =>
      alerts.list(requirePrincipal(request), request.params.companyId, request.query),
  });

  app.route({
    method: 'POST',
    url: '/api/alerts/:companyId/:alertId/read',
    config: { access: { clientOf: 'companyId' } },
    schema: {
      tags: ['alerts'],
      summary: "Mark one of a company's alerts as read",
      params: alertItemParamsSchema,
      response: { 200: alertSchema },
    },
    handler: async (request) =>
      alerts.markRead(requirePrincipal(request), request.params.companyId, request.params.alertId),
  });

  app.route({
    method: 'POST',
    url: '/api/alerts/:companyId/read-all',
    config: { access: { clientOf: 'companyId' } },
    schema: {
      tags: ['alerts'],
      summary: "Mark all of a company's alerts as read",
      params: alertCompanyParamsSchema,
      response: { 200: alertsMarkedReadSchema },
    },
    handler: async (request) =>
      alerts.markAllRead(requirePrincipal(request), request.params.companyId),
  });

  app.route({
    method: 'POST',
    url: '/api/alerts/:companyId/share-link',
    config: { access: { clientOf: 'companyId' } },
    schema: {
      tags: ['alerts'],
      summary: "Create a read-only link to a company's alerts that expires in 1, 7 or 30 days",
      params: alertCompanyParamsSchema,
      body: alertShareLinkRequestSchema,
      response: { 200: alertShareLinkSchema },
    },
    handler: async (request) =>
      alerts.createShareLink(
        requirePrincipal(request),
        request.params.companyId,
        request.body.days,
        appOrigin(request, opts.publicUrl),
      ),
  });

  app.route({
    method: 'GET',
    url: '/api/public/alerts',
    // No session: the signed token is the permission, checked by the service.
    config: {
      access: 'public',
      rateLimit: { max: SHARED_ALERTS_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: {
      tags: ['alerts'],
      summary: 'The alerts a shared link opens (legacy public /my-alerts page)',
      querystring: sharedAlertsQuerySchema,
      response: { 200: sharedAlertsSchema },
    },
    handler: async (request, reply) => {
      // The answer is for the link holder only: no shared or browser cache keeps it.
      reply.header('cache-control', 'no-store');
      return alerts.readShared(request.query.token);
    },
  });
};
