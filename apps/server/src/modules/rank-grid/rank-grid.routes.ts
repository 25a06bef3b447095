import {
  scanIdParamsSchema,
  scanRequestResponseSchema,
  scanRequestSchema,
  scanSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchConfig } from '../../config';
import type { Principal } from '../../lib/access-policy';
import { unauthenticated } from '../../lib/app-error';
import { createSearchProvider } from '../../providers/search/create-search-provider';
import { createRankGridRepository } from './rank-grid.repository';
import { createRankGridService } from './rank-grid.service';
import { createScanPointJob } from './scan-point.job';

export interface RankGridRoutesOptions {
  search: SearchConfig;
}

function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/** Rank grid scans (issue 6): request a scan, read it back; each point is a background job. */
export const rankGridRoutes: FastifyPluginAsyncZod<RankGridRoutesOptions> = async (app, opts) => {
  const repo = createRankGridRepository(app.database.db);
  // One provider per process: the live adapter's concurrency limit and circuit breaker
  // hold across every scan only if every point goes through the same instance.
  const provider = createSearchProvider(opts.search, {
    db: app.database.db,
    recordCall: app.recordProviderCall,
    log: app.log.child({ component: 'search' }),
  });
  const scanPointJob = createScanPointJob({ repo, provider, events: app.realtime });
  app.jobs.register(scanPointJob);
  const scans = createRankGridService({
    repo,
    provider,
    enqueuePoint: (scanId, pointIndex) => app.jobs.send(scanPointJob, { scanId, pointIndex }),
  });

  app.route({
    method: 'POST',
    url: '/api/localrank/request',
    // The company is in the body, which `clientOf` cannot read: the service checks it
    // (404 for companies the caller cannot see, so ids cannot be probed).
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: 'Request a rank grid scan: one background search per enabled point',
      body: scanRequestSchema,
      response: { 200: scanRequestResponseSchema },
    },
    handler: async (request) => scans.request(principalOf(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/find/grid/:id',
    // :id is a scan's id: the service loads it and checks its company (404 otherwise).
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: 'A rank grid scan with its points, progress and metrics',
      params: scanIdParamsSchema,
      response: { 200: scanSchema },
    },
    handler: async (request) => scans.find(principalOf(request), request.params.id),
  });
};
