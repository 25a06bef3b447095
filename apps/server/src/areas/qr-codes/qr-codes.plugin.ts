import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadLinkSecret } from '../../kernel/lib/signed-link';
import { createBeaconstacProvider } from '../../platform/provider-registry/beaconstac-provider';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import type { QrVendorProvider } from '../../providers/qr/port';
import { beaconstacRoutes } from './beaconstac.routes';
import { createBeaconstacSyncs } from './beaconstac.sync';
import { createBeaconstacSyncRepository } from './beaconstac-sync.repository';
import { createQrAnalyticsRepository } from './qr-analytics.repository';
import { createQrCodeCache } from './qr-code-cache';
import { createQrCodesRepository } from './qr-codes.repository';
import { qrCodesRoutes } from './qr-codes.routes';
import { createQrCodesService } from './qr-codes.service';
import { qrRedirectRoutes } from './qr-redirect.routes';
import { createScanRecorder } from './qr-scan-recorder';

export interface QrCodesPluginOptions extends VendorAreaOptions {
  provider?: QrVendorProvider;
  /** Scans batched per write (1: each scan written before its redirect answers). */
  scanBatch?: { maxBatch: number; flushMs: number };
}

/** QR codes: ours (routes, images, the `/q/{code}` redirect) and the vendor's (syncs, `/api/beaconstac/…`). */
export async function registerQrCodes(app: FastifyInstance, opts: QrCodesPluginOptions) {
  const db = app.database.db;
  const provider =
    opts.provider ?? createBeaconstacProvider(opts.config.vendors, { recordCall: opts.recordCall });
  for (const sync of createBeaconstacSyncs({
    db,
    provider,
    syncRepo: createBeaconstacSyncRepository(),
  })) {
    app.vendorSync.registerSync(sync);
  }
  const repo = createQrCodesRepository(db);
  const codes = createQrCodeCache(repo, { ttlMs: 5_000, maxEntries: 10_000 });
  const service = createQrCodesService({
    db,
    repo,
    analytics: createQrAnalyticsRepository(db),
    publicUrl: opts.config.publicUrl,
    changed: (code) => codes.forget(code),
  });
  const recorder = createScanRecorder({
    db,
    log: app.log,
    ...(opts.scanBatch ?? { maxBatch: 2_000, flushMs: 250 }),
  });
  // Scans still waiting are written before the database closes.
  app.addHook('preClose', async () => recorder.flush());
  const linkSecret = await loadLinkSecret(db, opts.config.linkSecret);
  const visitorSecret = createHmac('sha256', linkSecret).update('qr-visitor').digest();
  await app.register(qrCodesRoutes, { service });
  await app.register(beaconstacRoutes, { db, service });
  await app.register(qrRedirectRoutes, { codes, recorder, visitorSecret });

  return { qrScans: recorder };
}
