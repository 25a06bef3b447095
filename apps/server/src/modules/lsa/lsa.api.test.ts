import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LSA_RECORDING_TYPE_ERROR, type LsaLead, todayIn } from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lsaLeads, lsaRecordings, vendorConnections } from '../../db/schema';
import { LSA_RECORDINGS_DIR } from '../../providers/google-ads-lsa/lsa-demo';
import { gaqlDateTime } from '../../providers/google-ads-lsa/lsa-live';
import {
  LSA_PEER_CUSTOMER,
  LSA_PEER_EXPIRED_TOKEN,
  LSA_PEER_TIME_ZONE,
  LSA_PEER_TOKEN,
  type RunningLsaPeer,
  startLsaPeer,
} from '../../test/peers/google-ads-lsa-peer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type LsaFixture, lsaCall, lsaFixture, lsaLiveConfig } from './lsa.test-setup';

const DAY = 86_400_000;
const MP3 = readFileSync(join(LSA_RECORDINGS_DIR, 'plumbing.mp3'));
const now = Date.now();
/** Whole seconds: GAQL's date-times have no fractions. */
const ago = (days: number) => new Date(Math.floor((now - days * DAY) / 1000) * 1000);
const local = (at: Date) => gaqlDateTime(at, LSA_PEER_TIME_ZONE);
// Calendar days back from today in the zone: stepping 24 h at a time loses a day across a
// DST change at some hours of the day.
const isoDay = (days: number) => {
  const day = new Date(`${todayIn(LSA_PEER_TIME_ZONE, new Date(now))}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
};

let testApp: TestApp;
let app: FastifyInstance;
let peer: RunningLsaPeer;
let f: LsaFixture;

function lead(id: string, days: number, extra: Record<string, unknown>) {
  return peer.addLead({
    id,
    categoryId: 'xcat:service_area_business_plumber',
    serviceId: 'water_heater',
    contactDetails: { consumerName: 'Maria Garcia', phoneNumber: '+15125550147' },
    leadType: 'PHONE_CALL',
    leadStatus: 'ACTIVE',
    creationDateTime: local(ago(days)),
    leadCharged: true,
    ...extra,
  });
}

beforeAll(async () => {
  peer = await startLsaPeer();
  testApp = await createTestApp({ config: lsaLiveConfig(peer.base) });
  app = testApp.app;
  f = await lsaFixture(app, LSA_PEER_CUSTOMER, LSA_PEER_TOKEN);
  const good = lead('9001', 2, {});
  peer.addConversation({
    id: '7001',
    conversationChannel: 'PHONE_CALL',
    participantType: 'CONSUMER',
    lead: good.resourceName,
    eventDateTime: local(ago(2)),
    phoneCallDetails: {
      callDurationMillis: '10116',
      callRecordingUrl: peer.addRecording('good.mp3', MP3, 'audio/mpeg'),
    },
  });
  lead('9002', 5, { leadType: 'MESSAGE', leadStatus: 'BOOKED', leadCharged: false });
  const wrong = lead('9003', 10, {
    creditDetails: { creditState: 'PENDING', creditStateLastUpdateDateTime: local(ago(8)) },
  });
  peer.addConversation({
    id: '7003',
    conversationChannel: 'PHONE_CALL',
    participantType: 'CONSUMER',
    lead: wrong.resourceName,
    eventDateTime: local(ago(10)),
    phoneCallDetails: {
      callDurationMillis: '65000',
      callRecordingUrl: peer.addRecording('wrong.mp3', Buffer.from('<html></html>'), 'text/html'),
    },
  });
  lead('9004', 40, { leadType: 'BOOKING', leadStatus: 'BOOKED' });
  lead('9005', 200, { leadStatus: 'EXPIRED', leadCharged: false });
  const day = (days: number, campaignId: string, costMicros: string) =>
    peer.addDay({
      date: isoDay(days),
      campaignId,
      costMicros,
      impressions: '120',
      clicks: '6',
      phoneCalls: '1',
    });
  day(2, '1', '45125000'); // 4,512.5 cents: half away from zero → 4,513
  day(2, '2', '4999'); // 0.4999 cents → 0
  day(10, '1', '30004999'); // 3,000.4999 cents → 3,000
  day(40, '1', '50000000');
}, 60_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

const range = () => ({
  productId: f.productId,
  from: isoDay(29),
  to: isoDay(0),
  tz: 'America/Chicago',
});

describe('LSA sync against the Google Ads API fake', () => {
  it('backfills 18 months of leads over GAQL searchStream, slice by slice, with conversations', async () => {
    const result = await app.vendorSync.runSync(f.connectionId, 'lsa-leads');
    expect(result.status).toBe('done');
    expect(result.pages).toBe(18); // 548 days in 31-day slices
    const rows = await app.database.db
      .select()
      .from(lsaLeads)
      .where(eq(lsaLeads.connectionId, f.connectionId));
    expect(rows.map((r) => r.externalId).sort()).toEqual(['9001', '9002', '9003', '9004', '9005']);
    // creation_date_time is the account's local time: stored as the same instant in UTC.
    expect(rows.find((r) => r.externalId === '9001')?.leadCreatedAt.getTime()).toBe(
      ago(2).getTime(),
    );
    expect(rows.find((r) => r.externalId === '9003')?.creditState).toBe('PENDING');
    const leadQueries = peer.queries.filter((q) => / FROM local_services_lead /.test(q));
    expect(leadQueries).toHaveLength(18);
    expect(leadQueries[0]).toMatch(/creation_date_time >= '\d{4}-\d\d-\d\d \d\d:\d\d:\d\d'/);
    expect(leadQueries[0]).toMatch(/ORDER BY local_services_lead\.creation_date_time DESC/);
    expect(
      peer.queries.some((q) =>
        /FROM local_services_lead_conversation WHERE .*\.lead IN \('customers\/1234567890\/localServicesLeads\/9001'/.test(
          q,
        ),
      ),
    ).toBe(true);
    // The developer token and the bearer token went with every search.
    const search = peer.requests.find((r) => r.path.endsWith('googleAds:searchStream'));
    expect(search?.headers['developer-token']).toBeTruthy();
  });

  it('re-reads only the last 30 days afterwards, storing nothing when nothing changed', async () => {
    const before = peer.queries.length;
    const again = await app.vendorSync.runSync(f.connectionId, 'lsa-leads');
    expect(again).toMatchObject({ status: 'done', pages: 1, itemsWritten: 0 });
    expect(peer.queries.length - before).toBeLessThanOrEqual(2);
  });

  it('stores account days in cents, rounding micros half away from zero', async () => {
    const started = Date.now();
    peer.failNext(1, 429, '1'); // Google's Retry-After: one second
    const result = await app.vendorSync.runSync(f.connectionId, 'lsa-daily');
    expect(result.status).toBe('done');
    // The 429 was honoured: the retry waited the second Google asked for.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const res = await lsaCall(app, f.cookies.client).post('/api/lsa/account/metrics', range());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      leads: 3,
      chargedLeads: 2,
      phoneLeads: 2,
      messageLeads: 1,
      spendCents: 4513 + 3000,
      costPerLeadCents: Math.round(7513 / 2),
      freshness: { status: 'connected' },
    });
  });

  it('marks the connection "needs attention" when Google refuses an expired token', async () => {
    const expired = await lsaFixture(app, LSA_PEER_CUSTOMER, LSA_PEER_EXPIRED_TOKEN);
    const result = await app.vendorSync.runSync(expired.connectionId, 'lsa-leads');
    expect(result.status).toBe('needs_attention');
    const [row] = await app.database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, expired.connectionId));
    expect(row?.status).toBe('needs_attention');
    expect(row?.lastError).toMatch(/HTTP 401/);
    expect(row?.lastError).not.toContain(LSA_PEER_EXPIRED_TOKEN);
  });
});

describe('LSA routes', () => {
  let leads: LsaLead[] = [];
  beforeAll(async () => {
    const res = await lsaCall(app, f.cookies.client).post('/api/lsa/account/leads', {
      productId: f.productId,
    });
    leads = res.json().items;
  });
  const leadOf = (status: string) =>
    leads.find((l) => l.status === status && l.type === 'PHONE_CALL');

  it('lists leads newest first with masked contacts, filters and paging', async () => {
    expect(leads.map((l) => l.status)).toEqual(['ACTIVE', 'BOOKED', 'ACTIVE', 'BOOKED', 'EXPIRED']);
    expect(leads[0]).toMatchObject({
      consumerName: 'Maria G.',
      consumerPhone: '(•••) •••-0147',
      category: 'Plumber',
    });
    expect(leads[0]?.conversations[0]).toMatchObject({ hasRecording: true, callDurationMs: 10116 });
    const call = lsaCall(app, f.cookies.employee);
    const charged = await call.post('/api/lsa/account/leads', {
      productId: f.productId,
      charged: 'no',
      pageSize: 1,
    });
    expect(charged.json()).toMatchObject({ total: 2, pageSize: 1 });
    expect(charged.json().items).toHaveLength(1);
    const typed = await call.post('/api/lsa/account/leads', { ...range(), type: 'MESSAGE' });
    expect(typed.json().items.map((l: LsaLead) => l.type)).toEqual(['MESSAGE']);
  });

  it('reports every day of the range and the breakdowns', async () => {
    const report = await lsaCall(app, f.cookies.client).post(
      '/api/lsa/performance/report',
      range(),
    );
    expect(report.statusCode).toBe(200);
    const days = report.json().days;
    expect(days).toHaveLength(30);
    expect(days.find((d: { day: string }) => d.day === isoDay(2))).toMatchObject({
      leads: 1,
      chargedLeads: 1,
      spendCents: 4513,
    });
    const perf = await lsaCall(app, f.cookies.client).post('/api/lsa/account/performance', range());
    expect(perf.json()).toMatchObject({ disputed: 1, credited: 0 });
    expect(perf.json().byCategory).toEqual([{ category: 'Plumber', leads: 3 }]);
  });

  it('serves a recording as audio/mpeg, fetched once and then from our database', async () => {
    const good = leadOf('ACTIVE');
    const body = { productId: f.productId, leadId: good?.id };
    const first = await lsaCall(app, f.cookies.client).post('/api/lsa/calls/recording', body);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.rawPayload.equals(MP3)).toBe(true);
    const fetches = peer.requests.filter((r) => r.path === '/recordings/good.mp3').length;
    const second = await lsaCall(app, f.cookies.employee).post('/api/lsa/calls/recording', body);
    expect(second.rawPayload.equals(MP3)).toBe(true);
    expect(peer.requests.filter((r) => r.path === '/recordings/good.mp3').length).toBe(fetches);
  });

  it('refuses a recording that is not audio/mpeg with the SPEC message, storing nothing', async () => {
    const wrong = leads.find((l) => l.creditState === 'PENDING');
    const res = await lsaCall(app, f.cookies.client).post('/api/lsa/calls/recording', {
      productId: f.productId,
      leadId: wrong?.id,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(LSA_RECORDING_TYPE_ERROR);
    const conversationIds = wrong?.conversations.map((c) => c.id) ?? [];
    const stored = await app.database.db
      .select()
      .from(lsaRecordings)
      .where(and(eq(lsaRecordings.conversationId, conversationIds[0] ?? 0)));
    expect(stored).toEqual([]);
  });

  it('answers a gateway call for a recording with JSON that says to call it directly', async () => {
    const res = await lsaCall(app, f.cookies.client).viaGateway('/api/lsa/calls/recording', {
      productId: f.productId,
      leadId: leadOf('ACTIVE')?.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(
      /binary audio: request POST \/api\/lsa\/calls\/recording directly/,
    );
  });

  it("refuses another client's product id with 403 access denied, on every route", async () => {
    const routes = [
      'performance/report',
      'account/metrics',
      'account/performance',
      'account/leads',
    ];
    const attempts = [
      { cookie: f.cookies.stranger, productId: f.productId },
      { cookie: f.cookies.otherEmployee, productId: f.productId },
      { cookie: f.cookies.client, productId: f.otherProductId },
    ];
    for (const { cookie, productId } of attempts) {
      for (const route of routes) {
        for (const via of ['post', 'viaGateway'] as const) {
          const res = await lsaCall(app, cookie)[via](`/api/lsa/${route}`, {
            ...range(),
            productId,
          });
          expect(res.statusCode, `${via} ${route}`).toBe(403);
          expect(res.json().reason).toBe('access denied');
          expect(res.body).not.toContain('Maria');
        }
      }
      const recording = await lsaCall(app, cookie).post('/api/lsa/calls/recording', {
        productId,
        leadId: leadOf('ACTIVE')?.id,
      });
      expect(recording.statusCode).toBe(403);
      expect(recording.json().reason).toBe('access denied');
    }
  });

  it('refuses bad input with field errors', async () => {
    const res = await lsaCall(app, f.cookies.client).post('/api/lsa/account/metrics', {
      productId: f.productId,
      from: '2025-02-30',
      to: '2025-01-01',
      extra: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.length).toBeGreaterThan(0);
  });
});
