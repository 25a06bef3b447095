import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CTM_PEER_ACCESS_KEY,
  CTM_PEER_SECRET_KEY,
  type CtmPeerCall,
  ctmPeerCall,
  type RunningCtmPeer,
} from '@pinpoint/fake-vendors/ctm-peer';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, productInstances, vendorConnections } from '../../kernel/db/schema';
import { createCallTrackingProvider } from '../../platform/provider-registry/call-tracking-provider';
import { DEMO_RECORDINGS_DIR } from '../../providers/kernel/demo-recordings';
import { CALL_TRACKING_VENDOR } from '../../providers/kernel/vendor-ids';
import { seedAreaCallers } from '../../test/area-callers';
import { nextSerial } from '../../test/serial';
import type { TestDatabase } from '../../test/test-database';
import {
  createTestAreaSync,
  TEST_ORIGIN,
  type TestAreaSync,
  testConfig,
} from '../../test/test-services';
import { createCallTrackingSyncs } from './call-tracking.sync';
import { createCallTrackingSyncRepository } from './call-tracking-sync.repository';

/** The app's config with call tracking live at the local fake and a loose gate (Retry-After up to 3 s). */
export function ctmLiveConfig(base: string): Partial<AppConfig> {
  const defaults = testConfig();
  return {
    vendors: {
      ...defaults.vendors,
      callTracking: {
        mode: 'live',
        baseUrl: base,
        accessKey: CTM_PEER_ACCESS_KEY,
        secretKey: CTM_PEER_SECRET_KEY,
        timeoutMs: 5_000,
      },
    },
    vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 3_000, retries: 2 },
  };
}

/** The vendor frame with the call-tracking syncs, as call-tracking.plugin.ts registers them (no app). */
export function ctmAreaSync(database: TestDatabase, config: AppConfig): Promise<TestAreaSync> {
  return createTestAreaSync(database, config, ({ db, recordCall, describeAccount }) =>
    createCallTrackingSyncs({
      db,
      provider: createCallTrackingProvider(config.vendors, { recordCall, describeAccount }),
      syncRepo: createCallTrackingSyncRepository(),
    }),
  );
}

export const CTM_DAY = 86_400_000;
export const CTM_MP3 = readFileSync(join(DEMO_RECORDINGS_DIR, 'plumbing.mp3'));

/**
 * The account's calls and tracking numbers on the fake, relative to `now`: six calls of
 * every kind (one with a recording, one whose recording is not audio), 120 more for a
 * second page of 100, two numbers. Answers the calls, as the fake holds them.
 */
export function seedCtmPeer(peer: RunningCtmPeer, now: number): CtmPeerCall[] {
  const ago = (days: number, minutes = 0) =>
    new Date(Math.floor((now - days * CTM_DAY - minutes * 60_000) / 1000) * 1000);
  const peerCalls: CtmPeerCall[] = [];
  const call = (id: number, at: Date, extra: Partial<CtmPeerCall> = {}) => {
    const c = ctmPeerCall(id, at, extra);
    peerCalls.push(c);
    peer.addCall(c);
  };
  call(1001, ago(1), {
    duration: 120,
    audio: peer.addRecording('good.mp3', CTM_MP3, 'audio/mpeg'),
  });
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
  return peerCalls;
}

export interface CtmFixture {
  companyId: number;
  connectionId: number;
  /** google-calls-advisor, linked to the connection. */
  productId: number;
  /** A website product naming the account in `externalRefs.callTrackingAccountId`. */
  websiteProductId: number;
  /** A Google Business Pro product with no call tracking. */
  unlinkedProductId: number;
  /** The other company's google-calls-advisor, with no account connected. */
  otherProductId: number;
  cookies: { client: string; stranger: string; employee: string; otherEmployee: string };
}

export type CtmRows = Omit<CtmFixture, 'cookies'> & { otherCompanyId: number; tag: string };

/**
 * A company in America/Chicago with a CallTrackingMetrics account and three products (the
 * calls product, a website product linked by its external refs, one without calls);
 * another company with its own calls product: the rows only, no people.
 */
export async function insertCtmRows(db: Db, account: string): Promise<CtmRows> {
  const serial = nextSerial(db);
  const tag = `ctm-${serial}`;
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      {
        name: `CTM ${tag} Plumbing`,
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
    .values({ companyId, vendor: CALL_TRACKING_VENDOR, externalAccount: account })
    .returning();
  const product = (
    id: number,
    slug: string,
    connectionId: number | null,
    refs: Record<string, string> = {},
  ) => ({
    companyId: id,
    productSlug: slug,
    status: 'active',
    startDate: '2024-01-01',
    monthlyPriceCents: 14_900,
    vendorConnectionId: connectionId,
    externalRefs: refs,
  });
  const [advisor, website, unlinked, theirs] = await db
    .insert(productInstances)
    .values([
      product(companyId, 'google-calls-advisor', connection?.id ?? null),
      product(companyId, 'website', null, { callTrackingAccountId: account }),
      product(companyId, 'google-business-pro', null),
      product(otherCompanyId, 'google-calls-advisor', null),
    ])
    .returning();
  return {
    companyId,
    otherCompanyId,
    tag,
    connectionId: connection?.id ?? 0,
    productId: advisor?.id ?? 0,
    websiteProductId: website?.id ?? 0,
    unlinkedProductId: unlinked?.id ?? 0,
    otherProductId: theirs?.id ?? 0,
  };
}

/** The same rows in the app, with the companies' clients and assigned employees. */
export async function ctmFixture(app: FastifyInstance, account: string): Promise<CtmFixture> {
  const db = app.database.db;
  const { otherCompanyId, tag, ...rows } = await insertCtmRows(db, account);
  const cookies = await seedAreaCallers(app, db, {
    companyId: rows.companyId,
    otherCompanyId,
    tag,
  });
  return { ...rows, cookies };
}

/** A GET as someone, directly or through the gateway. */
export function ctmCall(app: FastifyInstance, cookie: string) {
  return {
    get: (url: string) =>
      app.inject({ method: 'GET', url, headers: { cookie, origin: TEST_ORIGIN } }),
    viaGateway: (url: string) =>
      app.inject({
        method: 'POST',
        url: '/database/request',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { method: 'GET', url },
      }),
  };
}
