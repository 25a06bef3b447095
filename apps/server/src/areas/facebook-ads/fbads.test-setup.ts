import { addCalendarDays } from '@pinpoint/contracts';
import type { RunningFacebookMarketingPeer } from '@pinpoint/fake-vendors/facebook-marketing-peer';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  productInstances,
  users,
  vendorConnections,
} from '../../kernel/db/schema';
import type { SecretBox } from '../../kernel/lib/secret-box';
import { createFbadsProvider } from '../../platform/provider-registry/facebook-ads-provider';
import { nextSerial } from '../../test/serial';
import type { TestDatabase } from '../../test/test-database';
import {
  createTestAreaSync,
  sessionCookieOf,
  type TestAreaSync,
  testConfig,
} from '../../test/test-services';
import { createFbadsRepository } from './fbads.repository';
import { createFbadsSyncs } from './fbads.sync';

/** The app's config with the Marketing API live at a local fake and a loose vendor gate. */
export function liveFbadsConfig(base: string): Partial<AppConfig> {
  const config = testConfig();
  return {
    vendors: {
      ...config.vendors,
      facebookAds: { mode: 'live', baseUrl: base, graphVersion: 'v19.0', timeoutMs: 5_000 },
    },
    vendorGate: { ratePerSecond: 100_000, initialBackoffMs: 1, maxWaitMs: 2_000, retries: 2 },
  };
}

/** The vendor frame with the Facebook Ads syncs, as fbads.plugin.ts registers them (no app). */
export function fbadsAreaSync(database: TestDatabase, config: AppConfig): Promise<TestAreaSync> {
  return createTestAreaSync(database, config, ({ db, recordCall, describeAccount }) =>
    createFbadsSyncs({
      repo: createFbadsRepository(db),
      provider: createFbadsProvider(config.vendors, { recordCall, describeAccount }),
    }),
  );
}

export interface FbadsRows {
  companyId: number;
  connectionId: number;
  productId: number;
  people: { client: number; stranger: number; employee: number };
}

export interface FbadsFixture extends Omit<FbadsRows, 'people'> {
  cookies: { client: string; stranger: string; employee: string };
}

/** A company with a connected ad account (token sealed), a Facebook Ads product and people. */
export async function insertFbadsRows(
  db: Db,
  secrets: SecretBox,
  account: string,
  token: string | null,
): Promise<FbadsRows> {
  const serial = nextSerial(db);
  const tag = `fbads-${serial}`;
  const [company] = await db
    .insert(clientCompanies)
    .values({ name: `Ads ${tag} Roofing`, label: tag, primaryCategory: 'Roofer' })
    .returning();
  const [other] = await db
    .insert(clientCompanies)
    .values({ name: `Other ${tag}`, label: `o-${tag}` })
    .returning();
  const companyId = company?.id ?? 0;
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId,
      vendor: 'facebook-ads',
      externalAccount: account,
      secretsSealed: token ? secrets.seal(JSON.stringify({ accessToken: token })) : null,
    })
    .returning();
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId,
      productSlug: 'facebook-ads',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 50_000,
      vendorConnectionId: connection?.id ?? null,
    })
    .returning();
  const people = await db
    .insert(users)
    .values([
      { email: `client-${tag}@f.test`, firstName: 'Cara', lastName: 'Client' },
      { email: `stranger-${tag}@f.test`, firstName: 'Stan', lastName: 'Stranger' },
      { email: `employee-${tag}@f.test`, firstName: 'Emma', lastName: 'Staff', perm: true },
    ])
    .returning();
  const [client, stranger, employee] = people.map((p) => p.id) as [number, number, number];
  await db.insert(clientMembers).values([
    { userId: client, companyId },
    { userId: stranger, companyId: other?.id ?? 0 },
  ]);
  await db.insert(employeeAssignments).values({ userId: employee, companyId });
  return {
    companyId,
    connectionId: connection?.id ?? 0,
    productId: product?.id ?? 0,
    people: { client, stranger, employee },
  };
}

/** The same in the app, with a session cookie for each person. */
export async function fbadsFixture(
  app: FastifyInstance,
  account: string,
  token: string | null,
): Promise<FbadsFixture> {
  const { people, ...rows } = await insertFbadsRows(
    app.database.db,
    app.vendorSync.secrets,
    account,
    token,
  );
  return {
    ...rows,
    cookies: {
      client: await sessionCookieOf(app, people.client),
      stranger: await sessionCookieOf(app, people.stranger),
      employee: await sessionCookieOf(app, people.employee),
    },
  };
}

/** The insights' days, counted back from today. */
export const insightDay = (back: number) =>
  addCalendarDays(new Date().toISOString().slice(0, 10), -back);

/** `days` days of two campaigns, with Graph's strings (spend with a sub-cent digit on one). */
export function generateInsights(peer: RunningFacebookMarketingPeer, days: number) {
  peer.insights.length = 0;
  for (let back = 0; back < days; back++) {
    for (const [id, name] of [
      ['2381', 'Lead form – roofing'],
      ['2382', 'Website visits'],
    ] as const) {
      peer.insights.push({
        campaign_id: id,
        campaign_name: name,
        date_start: insightDay(back),
        date_stop: insightDay(back),
        spend: id === '2381' ? '12.34' : '0.5',
        impressions: '1043',
        reach: '900',
        clicks: '17',
        ctr: '1.629914',
        cpc: '0.725882',
        actions:
          id === '2381'
            ? [
                { action_type: 'link_click', value: '17' },
                { action_type: 'onsite_conversion.lead_grouped', value: '2' },
                { action_type: 'lead', value: '3' },
              ]
            : [{ action_type: 'onsite_conversion.lead_grouped', value: '1' }],
      });
    }
  }
}
