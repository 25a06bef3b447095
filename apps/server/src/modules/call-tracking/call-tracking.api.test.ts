import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CALL_RECORDING_TYPE_ERROR,
  type CtmCall,
  type CtmSummary,
  todayIn,
} from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctCalls, ctRecordings, vendorConnections } from '../../db/schema';
import { LSA_RECORDINGS_DIR } from '../../providers/google-ads-lsa/lsa-demo';
import {
  CTM_PEER_ACCOUNT,
  type CtmPeerCall,
  ctmPeerCall,
  type RunningCtmPeer,
  startCtmPeer,
} from '../../test/peers/ctm-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type CtmFixture, ctmCall, ctmFixture, ctmLiveConfig } from './call-tracking.test-setup';

const DAY = 86_400_000;
const ZONE = 'America/Chicago';
const MP3 = readFileSync(join(LSA_RECORDINGS_DIR, 'plumbing.mp3'));
const now = Date.now();
const ago = (days: number, minutes = 0) =>
  new Date(Math.floor((now - days * DAY - minutes * 60_000) / 1000) * 1000);
// Calendar days back from today in the zone: stepping 24 h at a time loses a day across a
// DST change at some hours of the day.
const isoDay = (days: number) => {
  const day = new Date(`${todayIn(ZONE, new Date(now))}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
};

let testApp: TestApp;
let app: FastifyInstance;
let peer: RunningCtmPeer;
let f: CtmFixture;
const peerCalls: CtmPeerCall[] = [];

function call(id: number, at: Date, extra: Partial<CtmPeerCall> = {}) {
  const c = ctmPeerCall(id, at, extra);
  peerCalls.push(c);
  peer.addCall(c);
  return c;
}

beforeAll(async () => {
  peer = await startCtmPeer();
  testApp = await createTestApp({ config: ctmLiveConfig(peer.base) });
  app = testApp.app;
  f = await ctmFixture(app, CTM_PEER_ACCOUNT);
  call(1001, ago(1), { duration: 120, audio: peer.addRecording('good.mp3', MP3, 'audio/mpeg') });
  call(1002, ago(1, 30), {
    source: 'Google Ads',
    call_status: 'no answer',
    talk_time: 0,
    duration: 25,
  });
  call(1003, ago(3), {
    source: 'Website',
    call_status: 'voicemail',
    is_new_caller: false,
    audio: peer.addRecording('wrong.mp3', Buffer.from('<html></html>'), 'text/html'),
  });
  call(1004, ago(5), {
    duration: 60,
    is_new_caller: false,
    city: 'Round Rock',
    caller_number: '(737) 555-0147',
  });
  call(1005, ago(40), { source: 'Direct mail' });
  call(1006, ago(300), { call_status: 'no answer' });
  // Enough calls for a second page of 100.
  for (let i = 0; i < 120; i++) call(2000 + i, ago(20, i), { source: 'Website', duration: 200 });
  peer.addNumber({
    id: 'TPN1',
    number: '+15125550190',
    name: 'GBP listing',
    source: 'Google Business Profile',
  });
  peer.addNumber({
    id: 'TPN2',
    number: '+15125550191',
    name: 'Ads extension',
    source: 'Google Ads',
  });
}, 60_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

const callsOfConnection = () =>
  app.database.db.select().from(ctCalls).where(eq(ctCalls.connectionId, f.connectionId));

describe('call-tracking syncs against the CallTrackingMetrics fake', () => {
  it('backfills 18 months of calls page by page, then the tracking numbers', async () => {
    const result = await app.vendorSync.runSync(f.connectionId, 'calls');
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
    expect(await app.vendorSync.runSync(f.connectionId, 'numbers')).toMatchObject({
      status: 'done',
      itemsWritten: 2,
    });
  });

  it('re-reads only the last 2 days afterwards, writing nothing when nothing changed', async () => {
    const before = peer.requests.length;
    const again = await app.vendorSync.runSync(f.connectionId, 'calls');
    expect(again).toMatchObject({ status: 'done', pages: 1, itemsWritten: 0 });
    const path =
      peer.requests.slice(before).find((r) => r.path.includes('/calls.json'))?.path ?? '';
    expect(path).toContain(`start_date=${new Date(now - 2 * DAY).toISOString().slice(0, 10)}`);
    expect(await app.vendorSync.runSync(f.connectionId, 'numbers')).toMatchObject({
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
    const result = await app.vendorSync.runSync(f.connectionId, 'calls');
    expect(result).toMatchObject({ status: 'done', itemsWritten: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const row = (await callsOfConnection()).find((r) => r.externalId === '1002');
    expect(row).toMatchObject({ status: 'voicemail', durationSeconds: 48 });
    // Back as it was, for the route tests below.
    missed.call_status = 'no answer';
    missed.duration = 25;
    await app.vendorSync.runSync(f.connectionId, 'calls');
  });

  it('marks the connection "needs attention" when CTM refuses the keys', async () => {
    const second = await ctmFixture(app, CTM_PEER_ACCOUNT);
    peer.failNext(1, 401);
    const result = await app.vendorSync.runSync(second.connectionId, 'calls');
    expect(result.status).toBe('needs_attention');
    const [row] = await app.database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, second.connectionId));
    expect(row?.status).toBe('needs_attention');
    expect(row?.lastError).toMatch(/HTTP 401/);
  });
});

describe('call-tracking routes', () => {
  const base = () => `/api/uni/products/ctm/${f.productId}`;
  const range = `from=${isoDay(29)}&to=${isoDay(0)}&tz=${encodeURIComponent(ZONE)}`;

  it('sums the range by day, source and outcome, with first-time callers and freshness', async () => {
    const res = await ctmCall(app, f.cookies.client).get(`${base()}?${range}`);
    expect(res.statusCode).toBe(200);
    const summary: CtmSummary = res.json();
    const inRange = peerCalls.filter((c) => c.unix_time * 1000 >= now - 29.5 * DAY);
    expect(summary.days).toHaveLength(30);
    expect(summary.totals).toEqual({
      calls: inRange.length,
      answered: inRange.filter((c) => c.call_status === 'answered').length,
      missed: inRange.filter((c) => c.call_status === 'no answer').length,
      voicemail: inRange.filter((c) => c.call_status === 'voicemail').length,
      firstTime: inRange.filter((c) => c.is_new_caller).length,
      averageDurationSeconds: Math.round(
        inRange.filter((c) => c.call_status === 'answered').reduce((s, c) => s + c.duration, 0) /
          inRange.filter((c) => c.call_status === 'answered').length,
      ),
    });
    expect(summary.sources.map((s) => s.source)).toEqual([
      'Website',
      'Google Business Profile',
      'Google Ads',
    ]);
    // Every day's sources add up to the totals, as do the outcomes.
    const daySum = summary.days.reduce((s, d) => s + d.bySource.reduce((a, b) => a + b, 0), 0);
    expect(daySum).toBe(summary.totals.calls);
    expect(summary.days.reduce((s, d) => s + d.answered + d.missed + d.voicemail, 0)).toBe(
      summary.totals.calls,
    );
    expect(summary.freshness.status).toBe('connected');
    expect(summary.freshness.lastSyncedAt).not.toBeNull();
    expect(summary.trackingNumbers).toHaveLength(2);
    // Through the gateway too, as the web app calls it.
    const viaGateway = await ctmCall(app, f.cookies.employee).viaGateway(`${base()}?${range}`);
    expect(viaGateway.json()).toEqual(summary);
  });

  it('lists calls newest first, with filters and paging', async () => {
    const list = async (query: string) => {
      const res = await ctmCall(app, f.cookies.client).get(`${base()}/calls?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json() as { items: CtmCall[]; total: number; sources: string[] };
    };
    const all = await list('pageSize=100');
    expect(all.total).toBe(126);
    expect(all.items[0]?.callerNumber).toBe('+15125552001');
    expect(all.sources).toEqual([
      'Direct mail',
      'Google Ads',
      'Google Business Profile',
      'Website',
    ]);
    expect((await list('status=missed')).items.map((c) => c.id)).toHaveLength(2);
    expect((await list(`status=missed&${range}`)).total).toBe(1);
    expect((await list('firstTime=no')).items.map((c) => c.callerCity)).toEqual([
      'Austin',
      'Round Rock',
    ]);
    expect((await list('source=Direct%20mail')).total).toBe(1);
    expect((await list('q=round')).items.map((c) => c.callerNumber)).toEqual(['+17375550147']);
    expect((await list('q=(737)%20555')).total).toBe(1);
    const page = await list('source=Website&pageSize=50&page=3');
    expect(page.items).toHaveLength(21);
    expect(page.total).toBe(121);
  });

  it('shows calls on a product linked by its external refs, and 404 on a product without calls', async () => {
    const website = await ctmCall(app, f.cookies.client).get(
      `/api/uni/products/ctm/${f.websiteProductId}/calls`,
    );
    expect(website.json().total).toBe(126);
    const unlinked = await ctmCall(app, f.cookies.client).get(
      `/api/uni/products/ctm/${f.unlinkedProductId}`,
    );
    expect(unlinked.statusCode).toBe(404);
    // A calls product with no account says so: no connection, nothing invented.
    const other = await ctmCall(app, f.cookies.stranger).get(
      `/api/uni/products/ctm/${f.otherProductId}`,
    );
    expect(other.json()).toMatchObject({
      freshness: { status: null },
      totals: { calls: 0 },
      sources: [],
    });
  });

  it('serves a recording as audio/mpeg, fetched once and then from our database', async () => {
    const calls = (await ctmCall(app, f.cookies.client).get(`${base()}/calls?q=5552001`)).json();
    const id = calls.items[0]?.id;
    const url = `${base()}/calls/${id}/recording`;
    const first = await ctmCall(app, f.cookies.client).get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.rawPayload.equals(MP3)).toBe(true);
    const fetches = peer.requests.filter((r) => r.path === '/recordings/good.mp3').length;
    const second = await ctmCall(app, f.cookies.employee).get(url);
    expect(second.rawPayload.equals(MP3)).toBe(true);
    expect(peer.requests.filter((r) => r.path === '/recordings/good.mp3').length).toBe(fetches);
    // Binary: not through the JSON gateway.
    expect((await ctmCall(app, f.cookies.client).viaGateway(url)).statusCode).toBe(400);
  });

  it('refuses a recording that is not audio/mpeg with the SPEC message, storing nothing', async () => {
    const calls = (
      await ctmCall(app, f.cookies.client).get(`${base()}/calls?status=voicemail`)
    ).json();
    const id = calls.items[0]?.id;
    const res = await ctmCall(app, f.cookies.client).get(`${base()}/calls/${id}/recording`);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(CALL_RECORDING_TYPE_ERROR);
    expect(
      await app.database.db.select().from(ctRecordings).where(eq(ctRecordings.callId, id)),
    ).toEqual([]);
    const silent = (
      await ctmCall(app, f.cookies.client).get(`${base()}/calls?status=missed`)
    ).json();
    const none = await ctmCall(app, f.cookies.client).get(
      `${base()}/calls/${silent.items[0]?.id}/recording`,
    );
    expect(none.statusCode).toBe(404);
  });

  it("refuses another client's product with 403 access denied, on every route", async () => {
    const anyCall = (await ctmCall(app, f.cookies.client).get(`${base()}/calls`)).json().items[0]
      ?.id;
    const attempts = [
      { cookie: f.cookies.stranger, productId: f.productId },
      { cookie: f.cookies.otherEmployee, productId: f.productId },
      { cookie: f.cookies.client, productId: f.otherProductId },
    ];
    for (const { cookie, productId } of attempts) {
      for (const path of ['', '/calls', `/calls/${anyCall}/recording`]) {
        const res = await ctmCall(app, cookie).get(`/api/uni/products/ctm/${productId}${path}`);
        expect(res.statusCode, path).toBe(403);
        expect(res.body).not.toContain('Round Rock');
      }
    }
  });

  it('refuses bad input with field errors', async () => {
    for (const query of [
      'from=2025-02-30&to=2025-03-01',
      'from=2025-01-01',
      'status=busy',
      'pageSize=500',
      'firstTime=maybe',
    ]) {
      const res = await ctmCall(app, f.cookies.client).get(`${base()}/calls?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details.length, query).toBeGreaterThan(0);
    }
    // The access guard reads the product id first: a word is nobody's product.
    const word = await ctmCall(app, f.cookies.client).get('/api/uni/products/ctm/abc');
    expect(word.statusCode).toBe(404);
  });
});
