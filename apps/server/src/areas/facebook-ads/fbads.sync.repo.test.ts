import {
  FB_ADS_PEER_ACCOUNT,
  FB_ADS_PEER_EXPIRED_TOKEN,
  FB_ADS_PEER_TOKEN,
  type RunningFacebookMarketingPeer,
  startFacebookMarketingPeer,
} from '@pinpoint/fake-vendors/facebook-marketing-peer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vendorConnections } from '../../kernel/db/schema';
import type { TestDatabase } from '../../test/test-database';
import { createCatalogTestDatabase, type TestAreaSync, testConfig } from '../../test/test-services';
import {
  fbadsAreaSync,
  generateInsights,
  insertFbadsRows,
  liveFbadsConfig,
} from './fbads.test-setup';

// The insights sync's failures against a fake Marketing API, run as its job runs it (the
// vendor frame with the Facebook Ads syncs; no app). The backfill, and the report route
// reading it: fbads.sync.api.test.ts.
let peer: RunningFacebookMarketingPeer;
let database: TestDatabase;
let area: TestAreaSync;

beforeAll(async () => {
  peer = await startFacebookMarketingPeer();
  database = await createCatalogTestDatabase();
  area = await fbadsAreaSync(database, testConfig(liveFbadsConfig(peer.base)));
});
afterAll(async () => {
  await area?.jobs.stop();
  await database?.close();
  await peer?.close();
});
beforeEach(() => {
  peer.requests.length = 0;
  peer.campaigns.length = 0;
});

const insightRequests = () => peer.requests.filter((r) => r.path.endsWith('/insights'));
const connectedAccount = (token: string) =>
  insertFbadsRows(database.db, area.vendorSync.secrets, FB_ADS_PEER_ACCOUNT, token);

describe('Facebook Ads sync against a fake Marketing API', () => {
  it('marks the connection "needs attention" on an expired token (code 190), without retrying', async () => {
    generateInsights(peer, 3);
    const f = await connectedAccount(FB_ADS_PEER_EXPIRED_TOKEN);
    const run = await area.vendorSync.runSync(f.connectionId, 'insights');
    expect(run.status).toBe('needs_attention');
    expect(insightRequests()).toHaveLength(1);
    const [connection] = await database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, f.connectionId));
    expect(connection?.status).toBe('needs_attention');
    expect(connection?.lastError).toContain('code 190');
    expect(connection?.lastError).toContain('Session has expired');
    expect(connection?.lastError).not.toContain(FB_ADS_PEER_EXPIRED_TOKEN);
  });

  it('waits and retries on rate limits: code 17, code 80004 and HTTP 429', async () => {
    generateInsights(peer, 3);
    const f = await connectedAccount(FB_ADS_PEER_TOKEN);
    peer.failNext(1, { kind: 'code17' });
    peer.failNext(1, { kind: 'code80004' });
    const run = await area.vendorSync.runSync(f.connectionId, 'insights');
    expect(run).toMatchObject({ status: 'done', itemsWritten: 6 });
    expect(insightRequests()).toHaveLength(3);

    peer.requests.length = 0;
    peer.failNext(1, { kind: 'http429', retryAfter: '0' });
    expect(await area.vendorSync.runSync(f.connectionId, 'insights')).toMatchObject({
      status: 'done',
    });
    expect(insightRequests()).toHaveLength(2);
  });

  it('honours a wait longer than the gate allows by failing the run (the job retries later)', async () => {
    generateInsights(peer, 3);
    const f = await connectedAccount(FB_ADS_PEER_TOKEN);
    // Meta says: come back in 5 minutes. The gate waits at most 2 s here, so it gives up.
    peer.failNext(3, { kind: 'code80004', regainMinutes: 5 });
    await expect(area.vendorSync.runSync(f.connectionId, 'insights')).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterMs: 300_000,
    });
    expect(insightRequests()).toHaveLength(1);
    const [connection] = await database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, f.connectionId));
    // A rate limit is not the connection's fault.
    expect(connection?.status).toBe('connected');
  });
});
