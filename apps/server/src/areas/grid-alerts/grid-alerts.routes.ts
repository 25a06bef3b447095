import {
  gridAlertIdParamsSchema,
  gridAlertListQuerySchema,
  gridAlertListSchema,
  gridAlertRemovedSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { RankGridEngine } from '../rank-grid';
import { isTrialCaller } from '../rank-grid';
import { createGridAlertsRepository } from './grid-alerts.repository';
import { createGridAlertsService } from './grid-alerts.service';

/**
 * Grid alerts (issue 6): a finished-scan listener that raises them, and the routes that list
 * and dismiss them. Registered after the rank grid engine (`rankGrid`).
 */
export const gridAlertsRoutes: FastifyPluginAsyncZod<{ rankGrid: RankGridEngine }> = async (
  app,
  { rankGrid },
) => {
  const gridAlerts = createGridAlertsService({
    repo: createGridAlertsRepository(app.database.db),
    events: app.realtime,
    trialCompanyOf: (userId) => rankGrid.repo.trialCompanyOf(userId),
    isTrialCaller,
  });
  rankGrid.onScanFinished(async (scan) => {
    await gridAlerts.onScanFinished(scan);
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/alerts',
    // The company is in the query, which `clientOf` cannot read: the service checks it
    // (404 for companies the caller cannot see); a trial lead without one gets their own.
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: "A company's grid alerts, newest first, 20 a page, with the unread count",
      querystring: gridAlertListQuerySchema,
      response: { 200: gridAlertListSchema },
    },
    handler: async (request) => gridAlerts.list(requirePrincipal(request), request.query),
  });

  app.route({
    method: 'DELETE',
    url: '/api/rankclient/remove/alert/:id',
    // :id is an alert's: the service loads it and checks its company (404 otherwise).
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: 'Dismiss (delete) one grid alert',
      params: gridAlertIdParamsSchema,
      response: { 200: gridAlertRemovedSchema },
    },
    handler: async (request) => gridAlerts.remove(requirePrincipal(request), request.params.id),
  });
};
