import pino from 'pino';
import { createReviewsRepository } from '../areas/reviews/reviews.repository';
import { createReviewSyncs } from '../areas/reviews/reviews.sync';
import { parseVendorConfig } from '../config/vendor-config';
import { DEFAULT_GATE_POLICY } from '../config/vendor-gate-policy';
import { openDatabase } from '../kernel/db/open-database';
import { createSecretBox, parseSecretKey } from '../kernel/lib/secret-box';
import { createReviewsProviders } from '../platform/provider-registry/vendor-providers';
import { NO_EVENTS } from '../platform/realtime/event-bus';
import { openConnectionAccess } from '../platform/vendor-sync/connection-access';
import { runSync } from '../platform/vendor-sync/sync-runner';
import { createVendorGate } from '../platform/vendor-sync/vendor-gate';

/**
 * One Google reviews sync of connection SYNC_CONNECTION_ID, in a process of its own, with
 * the job's own code (runSync and the reviews sync definition): the process a test kills.
 */
const env = process.env;
const key = parseSecretKey(env.PINPOINT_SECRET_KEY ?? '');
if (!key) throw new Error('PINPOINT_SECRET_KEY is required');
const database = await openDatabase(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.PINPOINT_DATA_DIR ?? null },
);
const box = createSecretBox(key);
const providers = createReviewsProviders(parseVendorConfig(env), { recordCall: async () => {} });
const repo = createReviewsRepository(database.db);
const [googleReviews] = createReviewSyncs({ repo, providers, events: NO_EVENTS });
if (!googleReviews) throw new Error('no Google reviews sync');
const gate = createVendorGate('google-business-profile', {
  ...DEFAULT_GATE_POLICY,
  ratePerSecond: 100_000,
});
const result = await runSync(
  {
    db: database.db,
    gateOf: () => gate,
    accessOf: (connection) => openConnectionAccess(box, connection),
    events: NO_EVENTS,
    log: pino({ level: 'silent' }),
  },
  googleReviews,
  Number(env.SYNC_CONNECTION_ID),
);
process.stdout.write(`${JSON.stringify({ status: result.status, pages: result.pages })}\n`);
await database.close();
