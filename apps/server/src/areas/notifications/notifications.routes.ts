import {
  notificationDecisionRequestSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationsReadRequestSchema,
  notificationsReadResponseSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsService } from './notifications.service';

/** A client's notifications (SPEC §7 `/api/uni/client/notifications/{id}` and `/approve`). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(app.database.db),
    events: app.realtime,
    onWriteDecided: (outboxId, decision, userId, comment) =>
      decision === 'approved'
        ? app.vendorSync.release(outboxId, userId)
        : app.vendorSync.decline(outboxId, comment || undefined),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/client/notifications/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags: ['notifications'],
      summary: "A company's notifications, newest first, with unread and pending counts",
      params: notificationIdParamsSchema,
      querystring: notificationListQuerySchema,
      response: { 200: notificationListSchema },
    },
    handler: async (request) =>
      notifications.list(requirePrincipal(request), request.params.id, request.query),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/client/notifications/:id/approve',
    // :id is the notification's id, not a company's: the service loads it and checks the
    // caller may see its company (404 otherwise, so ids cannot be probed).
    config: { access: 'signed-in' },
    schema: {
      tags: ['notifications'],
      summary: 'Approve or decline a pending notification (409 once decided)',
      params: notificationIdParamsSchema,
      body: notificationDecisionRequestSchema,
      response: { 200: notificationSchema },
    },
    handler: async (request) =>
      notifications.decide(
        requirePrincipal(request),
        request.params.id,
        request.body.decision,
        request.body.comment,
      ),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/client/notifications/:id/read',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags: ['notifications'],
      summary: "Mark a company's notifications read (the listed ids, or all of them)",
      params: notificationIdParamsSchema,
      body: notificationsReadRequestSchema,
      response: { 200: notificationsReadResponseSchema },
    },
    handler: async (request) =>
      notifications.markRead(requirePrincipal(request), request.params.id, request.body.ids),
  });
};
