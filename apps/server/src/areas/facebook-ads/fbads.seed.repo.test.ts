import { addCalendarDays, adSpecInputSchema, rangeInstants } from '@pinpoint/contracts';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adSpecs,
  clientCompanies,
  fbadsInsights,
  fbadsLeads,
  productInstances,
  syncStates,
  vendorConnections,
} from '../../kernel/db/schema';
import { METROS } from '../../kernel/demo/metros';
import type { Principal } from '../../kernel/lib/access-policy';
import { createFbAdsDemo } from '../../providers/facebook-ads/fb-ads-demo';

import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';

import { loadDemoHints } from '../reviews/demo-account-hints';
import { createFbadsRepository } from './fbads.repository';
import { createFbadsService } from './fbads.service';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await createSeededTestDatabase(ANCHOR));
}, 180_000);
afterAll(async () => {
  await database?.close();
});

describe('the demo Facebook Ads and ad specs', () => {
  it('connects every Facebook Ads product and backfills 18 months through the sync upsert', async () => {
    const db = database.db;
    const products = await db
      .select({ connectionId: productInstances.vendorConnectionId })
      .from(productInstances)
      .where(eq(productInstances.productSlug, 'facebook-ads'));
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.connectionId !== null)).toBe(true);
    const [range] = await db
      .select({
        oldest: sql<string>`min(${fbadsInsights.day})::text`,
        newest: sql<string>`max(${fbadsInsights.day})::text`,
      })
      .from(fbadsInsights);
    expect(range?.newest).toBe('2026-11-21');
    expect(range?.oldest).toBe('2025-05-23');
    const states = await db
      .select()
      .from(syncStates)
      .innerJoin(vendorConnections, eq(vendorConnections.id, syncStates.connectionId))
      .where(and(eq(vendorConnections.vendor, 'facebook-ads'), eq(syncStates.dataset, 'insights')));
    expect(states.length).toBe(new Set(products.map((p) => p.connectionId)).size);
  });

  it('seeds ad specs that pass the same checks as a staff edit', async () => {
    const rows = await database.db.select().from(adSpecs);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const checked = adSpecInputSchema.safeParse({ ...row, updatedAt: null });
      expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    }
  });

  it('estimates from the synced campaigns with the sample shown', async () => {
    const repo = createFbadsRepository(database.db);
    const service = createFbadsService({ db: database.db, repo });
    const industries = (await service.industries()).items;
    const industry = industries.find((i) => i.campaigns > 0);
    expect(industry).toBeDefined();
    const result = await service.estimate({
      industry: industry?.slug ?? '',
      goal: 'leads',
      monthlyBudgetCents: 150_000,
    });
    expect(result.basis).not.toBe('none');
    expect(result.sample.campaigns).toBeGreaterThanOrEqual(3);
    expect(result.sample.to).toBe('2026-11-21');
    const { leads, impressions } = result;
    expect(leads && leads.low <= leads.mid && leads.mid <= leads.high).toBe(true);
    expect(impressions?.mid).toBeGreaterThan(0);
    // Twice the budget: twice the estimate (the model is linear in the budget).
    const double = await service.estimate({
      industry: industry?.slug ?? '',
      goal: 'leads',
      monthlyBudgetCents: 300_000,
    });
    expect(
      Math.abs((double.impressions?.mid ?? 0) - 2 * (impressions?.mid ?? 0)),
    ).toBeLessThanOrEqual(1);
  });

  it('has one stored lead per lead the insights count, on the same day', async () => {
    const db = database.db;
    // Every (connection, day): the insights' leads and the leads created that UTC day
    // (the demo account's days) — compared over the whole 18 months at once.
    const mismatches = await db.execute(sql`
      with i as (
        select connection_id, day::text as day, sum(leads)::int as n
        from fbads_insights group by 1, 2 having sum(leads) > 0
      ), l as (
        select connection_id, (created_time at time zone 'UTC')::date::text as day, count(*)::int as n
        from fbads_leads group by 1, 2
      )
      select coalesce(i.connection_id, l.connection_id) as connection_id,
             coalesce(i.day, l.day) as day, i.n as insights, l.n as leads
      from i full join l on i.connection_id = l.connection_id and i.day = l.day
      where i.n is distinct from l.n limit 5`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(fbadsLeads);
    expect(count?.n).toBeGreaterThan(1000);
  });

  it("counts, for any range, as many leads as the Facebook ads page shows, in the account's days and the company's", async () => {
    const db = database.db;
    const service = createFbadsService({ db, repo: createFbadsRepository(db) });
    const products = await db
      .select({
        id: productInstances.id,
        companyId: productInstances.companyId,
        connectionId: productInstances.vendorConnectionId,
        timeZone: clientCompanies.timeZone,
      })
      .from(productInstances)
      .innerJoin(clientCompanies, eq(clientCompanies.id, productInstances.companyId))
      .where(eq(productInstances.productSlug, 'facebook-ads'));
    const admin: Principal = {
      userId: 0,
      perm: true,
      admin: true,
      lead: false,
      memberOf: [],
      assignedTo: [],
    };
    const last = '2026-11-21';
    const ranges = [
      { from: last, to: last },
      { from: addCalendarDays(last, -6), to: last },
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2025-05-23', to: last },
      { from: '2025-12-28', to: '2026-01-03' },
    ];
    let compared = 0;
    for (const product of products.slice(0, 6)) {
      for (const range of ranges) {
        const report = await service.report(admin, product.id, range);
        const count = async (start: Date, end: Date) => {
          const [row] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(fbadsLeads)
            .where(
              and(
                eq(fbadsLeads.connectionId, product.connectionId ?? 0),
                gte(fbadsLeads.createdTime, start),
                lt(fbadsLeads.createdTime, end),
              ),
            );
          return row?.n ?? 0;
        };
        const utc = rangeInstants(range, 'UTC');
        const local = rangeInstants(range, product.timeZone);
        expect(await count(utc.start, utc.end)).toBe(report.totals.leads);
        expect(await count(local.start, local.end)).toBe(report.totals.leads);
        compared += report.totals.leads;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("gives leads plausible contacts in the company's area codes, and a re-sync writes nothing", async () => {
    const db = database.db;
    const rows = await db
      .select({
        connectionId: fbadsLeads.connectionId,
        companyPhone: clientCompanies.phone,
        fieldData: fbadsLeads.fieldData,
        createdTime: fbadsLeads.createdTime,
      })
      .from(fbadsLeads)
      .innerJoin(clientCompanies, eq(clientCompanies.id, fbadsLeads.companyId))
      .limit(500);
    const phones = new Map<number, Set<string>>();
    for (const row of rows) {
      const field = (name: string) => row.fieldData.find((f) => f.name === name)?.values[0] ?? '';
      expect(field('full_name')).toMatch(/^\S+ \S+$/);
      expect(field('email')).toMatch(/^[a-z]+\.[a-z]+\d*@example\.(com|net|org)$/);
      const phone = field('phone_number');
      expect(phone).toMatch(/^\+1\d{3}555\d{4}$/);
      // The lead's area code is one of the company's metro's (Tampa: 813 or 727, …).
      const metro = METROS.find((m) => m.areaCodes.includes(row.companyPhone?.slice(2, 5) ?? ''));
      expect(metro?.areaCodes).toContain(phone.slice(2, 5));
      const seen = phones.get(row.connectionId) ?? new Set<string>();
      // Different people of one company never share a number (the leads center merges by it).
      expect(seen.has(phone)).toBe(false);
      phones.set(row.connectionId, seen.add(phone));
      expect(row.createdTime.getUTCHours()).toBeGreaterThanOrEqual(12);
    }

    // Over all of them: no two leads of a connection share a number or an email.
    const shared = await db.execute(sql`
      select connection_id, f->'values'->>0 as value, count(*)::int as n
      from fbads_leads, jsonb_array_elements(field_data) f
      where f->>'name' in ('phone_number', 'email')
      group by 1, 2 having count(*) > 1 limit 5`);
    expect((shared as unknown as { rows: unknown[] }).rows).toEqual([]);

    // The sync's upsert, given the same leads again, writes nothing.
    const [connection] = await db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.vendor, 'facebook-ads'))
      .limit(1);
    if (!connection) throw new Error('no connection');
    const hints = await loadDemoHints(db);
    const provider = createFbAdsDemo({ now: () => ANCHOR, describe: (a) => hints.get(a) });
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    const { ads } = await provider.listAds(access, { after: null, pageSize: 100 });
    const repo = createFbadsRepository(db);
    let fetched = 0;
    for (const ad of ads) {
      const page = await provider.listLeads(access, {
        adId: ad.adId,
        createdAfter: new Date('2026-10-01T00:00:00Z'),
        after: null,
        pageSize: 10_000,
      });
      fetched += page.leads.length;
      expect((await repo.upsertLeads(db, connection, page.leads)).written).toBe(0);
    }
    expect(fetched).toBeGreaterThan(0);
  });
});
