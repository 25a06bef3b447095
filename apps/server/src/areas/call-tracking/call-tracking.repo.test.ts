import {
  CTM_PEER_ACCOUNT,
  type CtmPeerCall,
  type RunningCtmPeer,
  startCtmPeer,
} from '@pinpoint/fake-vendors/ctm-peer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctCalls, vendorConnections } from '../../kernel/db/schema';
import type { TestDatabase } from '../../test/test-database';
import { createCatalogTestDatabase, type TestAreaSync, testConfig } from '../../test/test-services';
import {
  type CtmRows,
  ctmAreaSync,
  ctmLiveConfig,
  CTM_DAY as DAY,
  insertCtmRows,
  seedCtmPeer,
} from './call-tracking.test-setup';

// The call-tracking syncs as their jobs run them (the vendor frame with the area's syncs,
// no app). The routes over what they store: call-tracking.api.test.ts.
const now = Date.now();

let database: TestDatabase;
let area: TestAreaSync;
let peer: RunningCtmPeer;
let f: CtmRows;
let peerCalls: CtmPeerCall[] = [];

beforeAll(async () => {
  peer = await startCtmPeer();
  database = await createCatalogTestDatabase();
  area = await ctmAreaSync(database, testConfig(ctmLiveConfig(peer.base)));
  f = await insertCtmRows(database.db, CTM_PEER_ACCOUNT);
  peerCalls = seedCtmPeer(peer, now);
}, 60_000);
afterAll(async () => {
  await area?.jobs.stop();
  await database?.close();
  await peer?.close();
});

const callsOfConnection = () =>
  database.db.select().from(ctCalls).where(eq(ctCalls.connectionId, f.connectionId));

describe('call-tracking syncs against the CallTrackingMetrics fake', () => {
  it('backfills 18 months of calls page by page, then the tracking numbers', async () => {
    const result = await area.vendorSync.runSync(f.connectionId, 'calls');
    expect(result).toMatchObject({ status: 'done', pages: 2, itemsWritten: 126 });
    const rows = await callsOfConnection();
    expect(rows).toHaveLength(126);
    const first = rows.find((r) => r.externalId === '1004');
    expect(first).toMatchObject({
      callerNumber: '+17375550147',
      callerCity: 'Round Rock',
      trackingNumber: '+15125550190',
      source: 'Google Business Profile',
      status: 'answered',
      firstTime: false,
      durationSeconds: 60,
    });
    const window = peer.requests.find((r) => r.path.includes('/calls.json'))?.path ?? '';
    expect(window).toContain(`start_date=${new Date(now - 548 * DAY).toISOString().slice(0, 10)}`);
    expect(await area.vendorSync.runSync(f.connectionId, 'numbers')).toMatchObject({
      status: 'done',
      itemsWritten: 2,
    });
  });

  it('re-reads only the last 2 days afterwards, writing nothing when nothing changed', async () => {
    const before = peer.requests.length;
    const again = await area.vendorSync.runSync(f.connectionId, 'calls');
    expect(again).toMatchObject({ status: 'done', pages: 1, itemsWritten: 0 });
    const path =
      peer.requests.slice(before).find((r) => r.path.includes('/calls.json'))?.path ?? '';
    expect(path).toContain(`start_date=${new Date(now - 2 * DAY).toISOString().slice(0, 10)}`);
    expect(await area.vendorSync.runSync(f.connectionId, 'numbers')).toMatchObject({
      itemsWritten: 0,
    });
  });

  it('takes a settled status and recording of a recent call, retrying a 429 after Retry-After', async () => {
    const missed = peerCalls.find((c) => c.id === 1002);
    if (!missed) throw new Error('no call 1002');
    missed.call_status = 'voicemail';
    missed.duration = 48;
    peer.failNext(1, 429, '1');
    const started = Date.now();
    const result = await area.vendorSync.runSync(f.connectionId, 'calls');
    expect(result).toMatchObject({ status: 'done', itemsWritten: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const row = (await callsOfConnection()).find((r) => r.externalId === '1002');
    expect(row).toMatchObject({ status: 'voicemail', durationSeconds: 48 });
    // Back as it was (the routes' file reads this data as first synced).
    missed.call_status = 'no answer';
    missed.duration = 25;
    await area.vendorSync.runSync(f.connectionId, 'calls');
  });

  it('marks the connection "needs attention" when CTM refuses the keys', async () => {
    const second = await insertCtmRows(database.db, CTM_PEER_ACCOUNT);
    peer.failNext(1, 401);
    const result = await area.vendorSync.runSync(second.connectionId, 'calls');
    expect(result.status).toBe('needs_attention');
    const [row] = await database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, second.connectionId));
    expect(row?.status).toBe('needs_attention');
    expect(row?.lastError).toMatch(/HTTP 401/);
  });
});
