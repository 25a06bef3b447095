import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  GBP_PEER_TOKEN,
  type RunningGoogleBusinessPeer,
  startGoogleBusinessPeer,
} from '@pinpoint/fake-vendors/google-business-peer';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVendorConfig } from '../../config/vendor-config';
import { DEFAULT_GATE_POLICY } from '../../config/vendor-gate-policy';
import type { Database } from '../../kernel/db/database';
import { openDatabase } from '../../kernel/db/open-database';
import { clientCompanies, reviews, syncStates, vendorConnections } from '../../kernel/db/schema';
import { repoRoot } from '../../kernel/lib/paths';
import { createSecretBox } from '../../kernel/lib/secret-box';
import { createReviewsProviders } from '../../platform/provider-registry/vendor-providers';
import { NO_EVENTS } from '../../platform/realtime/event-bus';
import { openConnectionAccess } from '../../platform/vendor-sync/connection-access';
import { runSync } from '../../platform/vendor-sync/sync-runner';
import { createVendorGate } from '../../platform/vendor-sync/vendor-gate';
import { createTestDatabase } from '../../test/test-database';
import { createReviewsRepository } from './reviews.repository';
import { createReviewSyncs } from './reviews.sync';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ACCOUNT = 'accounts/90/locations/9001';
const TOTAL = 10_000;
const KEY = randomBytes(32);

/**
 * Issue 15: a sync killed outright (SIGKILL: no shutdown, a transaction cut off) resumes
 * from the cursor it committed with its last page, and ends with every review once.
 */
describe('a reviews sync survives SIGKILL', () => {
  let peer: RunningGoogleBusinessPeer;
  let dataDir = '';
  let url: string | null = null;
  let child: ChildProcess | null = null;
  let connectionId = 0;
  let own: Database | null = null;

  const open = async (): Promise<Database> =>
    url ? openDatabase({ kind: 'postgres', url }) : openDatabase({ kind: 'pglite', dataDir });

  beforeAll(async () => {
    peer = await startGoogleBusinessPeer();
    peer.addGeneratedReviews(ACCOUNT, TOTAL);
    // A little latency per page, so the kill lands mid-way on a fast machine too.
    peer.delayMs = 10;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-sync-resume-'));
    let database: Database;
    if (onPostgres) {
      // Kept open to the end: closing this file's own PostgreSQL database drops it.
      own = await createTestDatabase();
      url = own.url ?? null;
      database = own;
    } else {
      database = await open();
      await database.migrate();
    }
    const [company] = await database.db
      .insert(clientCompanies)
      .values({ name: 'Resume Roofing', label: 'Resume' })
      .returning();
    const [connection] = await database.db
      .insert(vendorConnections)
      .values({
        companyId: company?.id ?? 0,
        vendor: 'google-business-profile',
        externalAccount: ACCOUNT,
        secretsSealed: createSecretBox(KEY).seal(JSON.stringify({ accessToken: GBP_PEER_TOKEN })),
      })
      .returning();
    connectionId = connection?.id ?? 0;
    if (!own) await database.close();
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await peer.close();
    await own?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const env = () => ({
    ...process.env,
    ...(url ? { DATABASE_URL: url } : { DATABASE_URL: '', PINPOINT_DATA_DIR: dataDir }),
    PINPOINT_SECRET_KEY: KEY.toString('hex'),
    GBP_PROVIDER: 'live',
    GBP_API_URL: peer.base,
    SYNC_CONNECTION_ID: String(connectionId),
  });

  const listRequests = () => peer.requests.filter((r) => r.method === 'GET');

  it('resumes from its cursor after a kill, with no review twice', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/sync-child.ts'], {
      cwd: repoRoot,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c));
    child.stderr?.on('data', (c: Buffer) => (output += c));
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    // Kill once 40 of the 200 pages have been asked for. The fake vendor runs in this
    // process and only records requests: its log is polled (often, so the kill lands close
    // to the 40th page), for a minute at most.
    const killBy = Date.now() + 60_000;
    while (listRequests().length < 40) {
      if (child.exitCode !== null) throw new Error(`the sync ended before the kill:\n${output}`);
      if (Date.now() > killBy) throw new Error(`40 pages not asked for in 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    await exited;

    const database = await open();
    try {
      const db = database.db;
      const [state] = await db
        .select()
        .from(syncStates)
        .where(eq(syncStates.connectionId, connectionId));
      const cursor = state?.cursor as { pageToken?: string } | null;
      expect(state?.state).toBe('running');
      expect(cursor?.pageToken, 'a committed page left its cursor').toBeTruthy();
      const stored = async () => {
        const [row] = await db
          .select({
            n: sql<number>`count(*)::int`,
            distinct: sql<number>`count(distinct ${reviews.externalId})::int`,
          })
          .from(reviews)
          .where(eq(reviews.connectionId, connectionId));
        return { n: Number(row?.n), distinct: Number(row?.distinct) };
      };
      const killed = await stored();
      expect(killed.n).toBeGreaterThan(0);
      expect(killed.n).toBeLessThan(TOTAL);
      // Rows and cursor commit together: what is stored is exactly the pages before the cursor.
      expect(killed.n % 50).toBe(0);

      const resumedAt = peer.requests.length;
      const providers = createReviewsProviders(parseVendorConfig(env()), {
        recordCall: async () => {},
      });
      const [googleReviews] = createReviewSyncs({
        repo: createReviewsRepository(db),
        providers,
        events: NO_EVENTS,
      });
      if (!googleReviews) throw new Error('no Google reviews sync');
      const box = createSecretBox(KEY);
      const result = await runSync(
        {
          db,
          gateOf: () =>
            createVendorGate('google-business-profile', {
              ...DEFAULT_GATE_POLICY,
              ratePerSecond: 100_000,
            }),
          accessOf: (connection) => openConnectionAccess(box, connection),
          events: NO_EVENTS,
          log: pino({ level: 'silent' }),
        },
        googleReviews,
        connectionId,
      );
      expect(result.status).toBe('done');
      expect(peer.requests[resumedAt]?.query.get('pageToken')).toBe(cursor?.pageToken);
      expect(result.pages).toBe(200 - killed.n / 50);
      expect(await stored()).toEqual({ n: TOTAL, distinct: TOTAL });
    } finally {
      await database.close();
    }
  }, 120_000);
});
