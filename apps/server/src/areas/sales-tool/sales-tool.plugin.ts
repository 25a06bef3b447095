import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import type { RankGridEngine } from '../rank-grid';
import { salesReportRoutes } from './sales-report.routes';
import { salesToolRoutes } from './sales-tool.routes';

/**
 * The sales power tool (issue 21): prospect containers, their batches, analyses and
 * recommendations (`sales-tool.routes.ts`), and the shared prospect report with its PDF
 * (`sales-report.routes.ts`). Registered after the rank grid engine, listing scans and
 * page speed, whose services it uses.
 */
export const salesToolPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions & { rankGrid: RankGridEngine }) => {
    await app.register(salesToolRoutes, opts);
    await app.register(salesReportRoutes, opts);
  },
  { name: 'sales-tool' },
);
