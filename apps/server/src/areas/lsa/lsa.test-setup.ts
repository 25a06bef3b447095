import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { todayIn } from '@pinpoint/contracts';
import {
  LSA_PEER_DEVELOPER_TOKEN,
  LSA_PEER_TIME_ZONE,
  type RunningLsaPeer,
} from '@pinpoint/fake-vendors/google-ads-lsa-peer';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, productInstances, vendorConnections } from '../../kernel/db/schema';
import type { SecretBox } from '../../kernel/lib/secret-box';
import { createLsaProvider } from '../../platform/provider-registry/lsa-provider';
import { gaqlDateTime } from '../../providers/google-ads-lsa/lsa-live';
import { DEMO_RECORDINGS_DIR } from '../../providers/kernel/demo-recordings';
import { LSA_VENDOR } from '../../providers/kernel/vendor-ids';
import { seedAreaCallers } from '../../test/area-callers';
import { nextSerial } from '../../test/serial';
import type { TestDatabase } from '../../test/test-database';
import {
  createTestAreaSync,
  TEST_ORIGIN,
  type TestAreaSync,
  testConfig,
} from '../../test/test-services';
import { createLsaSyncs } from './lsa.sync';
import { createLsaSyncRepository } from './lsa-sync.repository';

/** The app's config with LSA live at the local fake and a loose gate (Retry-After up to 3 s). */
export function lsaLiveConfig(base: string): Partial<AppConfig> {
  const defaults = testConfig();
  return {
    vendors: {
      ...defaults.vendors,
      lsa: {
        mode: 'live',
        baseUrl: base,
        apiVersion: 'v21',
        developerToken: LSA_PEER_DEVELOPER_TOKEN,
        timeoutMs: 5_000,
      },
    },
    vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 3_000, retries: 2 },
  };
}

/** The vendor frame with the LSA syncs, as lsa.plugin.ts registers them (no app). */
export function lsaAreaSync(database: TestDatabase, config: AppConfig): Promise<TestAreaSync> {
  return createTestAreaSync(database, config, ({ db, recordCall, describeAccount }) =>
    createLsaSyncs({
      db,
      provider: createLsaProvider(config.vendors, { recordCall, describeAccount }),
      syncRepo: createLsaSyncRepository(),
    }),
  );
}

const DAY = 86_400_000;
export const LSA_MP3 = readFileSync(join(DEMO_RECORDINGS_DIR, 'plumbing.mp3'));

/** Times relative to `now` as the fake and the tests write them. */
export function lsaTimes(now: number) {
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
  return { ago, local, isoDay };
}

/**
 * The customer's leads (five, of every kind, two with a call recording: one audio, one
 * not), their conversations and four account days on the fake, relative to `now`.
 */
export function seedLsaPeer(peer: RunningLsaPeer, now: number): void {
  const { ago, local, isoDay } = lsaTimes(now);
  const MP3 = LSA_MP3;
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
}

export interface LsaFixture {
  companyId: number;
  otherCompanyId: number;
  connectionId: number;
  productId: number;
  /** A Local Services Ads product of the other company. */
  otherProductId: number;
  cookies: { client: string; stranger: string; employee: string; otherEmployee: string };
}

export type LsaRows = Omit<LsaFixture, 'cookies'> & { tag: string };

/**
 * A company in America/Chicago with an LSA account (token sealed) and the product reading
 * it; another company with its own LSA product: the rows only, no people.
 */
export async function insertLsaRows(
  db: Db,
  secrets: SecretBox,
  account: string,
  token: string,
): Promise<LsaRows> {
  const serial = nextSerial(db);
  const tag = `lsa-${serial}`;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      {
        name: `LSA ${tag} Plumbing`,
        label: tag,
        primaryCategory: 'Plumber',
        timeZone: 'America/Chicago',
      },
      { name: `Other ${tag} Dental`, label: `o-${tag}` },
    ])
    .returning();
  const companyId = company?.id ?? 0;
  const otherCompanyId = other?.id ?? 0;
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId,
      vendor: LSA_VENDOR,
      externalAccount: account,
      secretsSealed: secrets.seal(JSON.stringify({ accessToken: token })),
    })
    .returning();
  const product = (id: number, connectionId: number | null) => ({
    companyId: id,
    productSlug: 'local-services-ads',
    status: 'active',
    startDate: '2024-01-01',
    monthlyPriceCents: 49_900,
    vendorConnectionId: connectionId,
  });
  const [mine, theirs] = await db
    .insert(productInstances)
    .values([product(companyId, connection?.id ?? null), product(otherCompanyId, null)])
    .returning();
  return {
    companyId,
    otherCompanyId,
    tag,
    connectionId: connection?.id ?? 0,
    productId: mine?.id ?? 0,
    otherProductId: theirs?.id ?? 0,
  };
}

/** The same rows in the app, with the companies' clients and assigned employees. */
export async function lsaFixture(
  app: FastifyInstance,
  account: string,
  token: string,
): Promise<LsaFixture> {
  const db = app.database.db;
  const { tag, ...rows } = await insertLsaRows(db, app.vendorSync.secrets, account, token);
  const cookies = await seedAreaCallers(app, db, {
    companyId: rows.companyId,
    otherCompanyId: rows.otherCompanyId,
    tag,
  });
  return { ...rows, cookies };
}

/** A POST as someone, directly or through the gateway. */
export function lsaCall(app: FastifyInstance, cookie: string) {
  return {
    post: (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, payload }),
    viaGateway: (url: string, data: object) =>
      app.inject({
        method: 'POST',
        url: '/database/request',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { method: 'POST', url, data },
      }),
  };
}
