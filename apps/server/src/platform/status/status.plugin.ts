import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  apiProbe,
  createHealthProbeRegistry,
  databaseProbe,
  type HealthProbeRegistry,
} from '../../kernel/lib/health-probes';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import { createHealthSampler, type HealthSampler } from './health-sampler';
import { createProviderCallRecorder } from './provider-calls';
import { createStatusRepository } from './status.repository';
import { createStatusPageService, type StatusPageService } from './status.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Components of the status page: any module registers its own probe here. */
    healthProbes: HealthProbeRegistry;
    /** Counts a third-party provider call for the status page; never throws. */
    recordProviderCall: RecordProviderCall;
    healthSampler: HealthSampler;
    statusPage: StatusPageService;
  }
}

export interface StatusPluginOptions {
  /** Store one health sample per minute (off in tests unless asked; see config.ts). */
  sampler: boolean;
  /** Providers listed on the page even before their first call. */
  configuredProviders: string[];
}

/**
 * The health of Pinpoint's parts, for the public status page. Registered before the area
 * modules so that each can add its probe (`app.healthProbes.register('realtime', …)`) and
 * count its provider calls. The job queue (plugins/jobs.ts) registers `job-queue` where
 * workers run; elsewhere the page does not list it, rather than show it as working.
 */
export const statusPlugin = fp(async (app: FastifyInstance, opts: StatusPluginOptions) => {
  const repository = createStatusRepository(app.database.db);
  const probes = createHealthProbeRegistry();
  probes.register('api', apiProbe);
  probes.register(
    'database',
    databaseProbe(() => app.database.ping()),
  );

  const sampler = createHealthSampler({ probes, repository, log: app.log });
  app.decorate('healthProbes', probes);
  app.decorate('recordProviderCall', createProviderCallRecorder(repository, app.log));
  app.decorate('healthSampler', sampler);
  app.decorate(
    'statusPage',
    createStatusPageService({ probes, repository, configuredProviders: opts.configuredProviders }),
  );

  if (opts.sampler) {
    // Every module has registered its probe by the time the app is ready.
    app.addHook('onReady', async () => sampler.start());
  }
  // preClose runs before the database closes (onClose), so no sample outlives it.
  app.addHook('preClose', async () => sampler.stop());
});
