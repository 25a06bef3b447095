import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPerformanceProvider } from '../../platform/provider-registry/performance-provider';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createWebsitePerformance } from '../websites';
import { createPerformanceRepository } from './performance.repository';
import { performanceRoutes } from './performance.routes';
import { createPerformanceService } from './performance.service';
import { createPerformanceSync } from './performance.sync';

/** The performance report: the Business Profile daily-metrics sync and the report's routes. */
export const performanceReportPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions) => {
    const repo = createPerformanceRepository(app.database.db);
    const provider = createPerformanceProvider(opts.config.vendors, {
      recordCall: opts.recordCall,
    });
    app.vendorSync.registerSync(createPerformanceSync({ repo, provider }));
    await app.register(performanceRoutes, {
      service: createPerformanceService({ repo, web: createWebsitePerformance(app.database.db) }),
    });
  },
  { name: 'performance-report', dependencies: ['vendor-sync'] },
);
