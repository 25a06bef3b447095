import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { vendorConnections } from '../../kernel/db/schema';
import { defineJob } from '../../kernel/jobs/define-job';
import {
  CALL_TRACKING_VENDOR,
  FACEBOOK_ADS_VENDOR,
  GOOGLE_ADS_VENDOR,
  LSA_VENDOR,
} from '../../providers/kernel/vendor-ids';
import { type IngestResult, ingestLeads } from './lead-ingest';
import { createLeadsCenterRepository } from './leads-center.repository';
import { leadsCenterRoutes } from './leads-center.routes';
import { createLeadsCenterService } from './leads-center.service';

export interface LeadsCenter {
  /** Reads one company's new source rows into leads now (after a contact form, tests). */
  ingest(companyId: number | null): Promise<IngestResult>;
  /** The same, without waiting or failing the caller. */
  ingestSoon(companyId: number): void;
}

/** The vendors whose syncs bring leads (their rows are read by lead-sources.ts). */
const LEAD_VENDORS = new Set<string>([
  LSA_VENDOR,
  CALL_TRACKING_VENDOR,
  GOOGLE_ADS_VENDOR,
  FACEBOOK_ADS_VENDOR,
]);
/** The safety net: whatever a hook missed is read in within ten minutes. */
const TICK_CRON = '*/10 * * * *';

/**
 * The leads center: its routes, and ingest — after every sync of a lead source that wrote
 * rows (one after-sync listener on the vendor-sync frame, whatever area synced), right after a
 * contact form (website-forms calls `ingestSoon`), and every ten minutes as a safety net.
 * New leads go out as realtime `lead.arrived` to the company's open pages.
 */
export async function registerLeadsCenter(app: FastifyInstance, opts: { scheduleTicks: boolean }) {
  const db = app.database.db;
  const log = app.log.child({ component: 'leads-center' });
  const announce = (result: IngestResult) => {
    const companies = new Set([...result.created.keys(), ...result.touched.keys()]);
    for (const companyId of companies) {
      app.realtime.publish({
        type: 'lead.arrived',
        payload: {
          companyId,
          // A backfill can bring thousands; the page needs only to know to refresh.
          leadIds: (result.created.get(companyId) ?? []).slice(-100),
          touched: result.touched.get(companyId) ?? 0,
        },
        audience: { client: companyId },
      });
    }
  };
  const ingest = async (companyId: number | null) => {
    const result = await ingestLeads(db, companyId);
    announce(result);
    return result;
  };

  const tickJob = defineJob({
    name: 'leads-center.tick',
    payload: z.object({}),
    retryLimit: 0,
    handler: async () => ingest(null),
  });
  app.jobs.register(tickJob);
  app.vendorSync.afterSync(async (run) => {
    if (!LEAD_VENDORS.has(run.vendor)) return;
    const [connection] = await db
      .select({ companyId: vendorConnections.companyId })
      .from(vendorConnections)
      .where(eq(vendorConnections.id, run.connectionId));
    // Here, in the process that ran the sync: one company's new rows are a small read, and
    // no job needs queueing (tests and the seed run syncs without workers).
    if (connection) await ingest(connection.companyId);
  });

  const service = createLeadsCenterService({
    db,
    repo: createLeadsCenterRepository(db),
    announce,
  });
  const leadsCenter = {
    ingest,
    ingestSoon(companyId: number) {
      ingest(companyId).catch((error) =>
        log.error({ err: error, companyId }, 'lead ingest failed'),
      );
    },
  } satisfies LeadsCenter;
  await app.register(leadsCenterRoutes, { service });
  if (opts.scheduleTicks) {
    app.addHook('onReady', async () => {
      await app.jobs.schedule(tickJob, { cron: TICK_CRON }, {});
    });
  }

  return { leadsCenter };
}
