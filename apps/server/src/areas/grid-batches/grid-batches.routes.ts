import {
  batchForecastQuerySchema,
  batchForecastSchema,
  batchIdParamsSchema,
  batchListQuerySchema,
  batchListSchema,
  batchRequestSchema,
  batchStartResponseSchema,
  gridBatchSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { RankGridEngine } from '../rank-grid';
import { createAdvanceBatchJob, createSweepBatchesJob } from './grid-batches.jobs';
import { createGridBatchesRepository } from './grid-batches.repository';
import { createGridBatchesService } from './grid-batches.service';

/**
 * Rank grid batches (admin "run grids", SPEC §7 `POST /api/liverank/batch`): every active
 * grid config of many clients, at most `concurrency` scans at once. Admins only
 * (DECISIONS.md "Sessions and roles": admin tools require `admin`).
 * Registered after the rank grid engine (`rankGrid`), whose finished scans move it on.
 */
export const gridBatchesRoutes: FastifyPluginAsyncZod<{ rankGrid: RankGridEngine }> = async (
  app,
  { rankGrid },
) => {
  const repo = createGridBatchesRepository(app.database.db);
  const batches = createGridBatchesService({
    repo,
    provider: rankGrid.provider,
    scans: rankGrid.service,
    events: app.realtime,
  });
  const advanceJob = createAdvanceBatchJob(batches);
  const sweepJob = createSweepBatchesJob(repo, (batchId) => app.jobs.send(advanceJob, { batchId }));
  app.jobs.register(advanceJob);
  app.jobs.register(sweepJob);
  // Outside any transaction: the listener runs after the scan's result is committed.
  rankGrid.onScanFinished(async (scan) => {
    if (scan.batchId !== null) await app.jobs.send(advanceJob, { batchId: scan.batchId });
  });
  // Only where workers run: the clock is theirs, and a web-only process needs no queue.
  app.addHook('onReady', async () => {
    if (app.jobs.working) await app.jobs.schedule(sweepJob, { cron: '* * * * *' }, {});
  });

  app.route({
    method: 'POST',
    url: '/api/liverank/batch',
    config: { access: 'admin' },
    schema: {
      tags: ['rank-grid'],
      summary:
        'Forecast or start a batch: every active grid config of many clients, a few scans at a time',
      body: batchRequestSchema,
      response: { 200: batchStartResponseSchema },
    },
    handler: async (request) => batches.start(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/liverank/batch/forecast',
    config: { access: 'admin' },
    schema: {
      tags: ['rank-grid'],
      summary: 'What a batch would run and cost, and about how long it would take; stores nothing',
      querystring: batchForecastQuerySchema,
      response: { 200: batchForecastSchema },
    },
    handler: async (request) =>
      batches.forecast(request.query.companyIds, request.query.concurrency),
  });

  app.route({
    method: 'GET',
    url: '/api/liverank/batch/:id',
    config: { access: 'admin' },
    schema: {
      tags: ['rank-grid'],
      summary: 'A batch with its progress and, once finished, its summary',
      params: batchIdParamsSchema,
      response: { 200: gridBatchSchema },
    },
    handler: async (request) => batches.find(request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/liverank/batches',
    config: { access: 'admin' },
    schema: {
      tags: ['rank-grid'],
      summary: 'Recent batches, newest first',
      querystring: batchListQuerySchema,
      response: { 200: batchListSchema },
    },
    handler: async (request) => batches.list(request.query.page),
  });
};
