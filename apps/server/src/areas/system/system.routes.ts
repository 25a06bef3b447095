import {
  appConfigSchema,
  healthResponseSchema,
  readinessResponseSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig, TilesConfig } from '../../config/config';
import { createSystemRepository } from './system.repository';
import { createSystemService } from './system.service';

/** Probes for process managers and load balancers. */
export const systemRoutes: FastifyPluginAsyncZod<{
  publicUrl: string | null;
  tiles: TilesConfig;
  agency: AppConfig['agency'];
}> = async (app, opts) => {
  const service = createSystemService({
    repository: createSystemRepository(app.database.db),
    databaseKind: app.database.kind,
  });

  app.route({
    method: 'GET',
    url: '/healthz',
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'The process is up',
      response: { 200: healthResponseSchema },
    },
    handler: async () => service.health(),
  });

  app.route({
    method: 'GET',
    url: '/readyz',
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'The database is reachable and every migration is applied',
      response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
    },
    handler: async (_request, reply) => {
      const readiness = await service.readiness();
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/app-config',
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Run-time settings of the web app (no secrets)',
      response: { 200: appConfigSchema },
    },
    handler: async () => ({
      productionHost: opts.publicUrl ? new URL(opts.publicUrl).host : null,
      tileUrl: opts.tiles.url,
      tileAttribution: opts.tiles.attribution,
      agency: opts.agency,
    }),
  });
};
