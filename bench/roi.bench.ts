import { addCalendarDays, todayIn } from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config/config';
import { productInstances, vendorConnections } from '../apps/server/src/kernel/db/schema';
import { buildApp } from '../apps/server/src/main/app';
import { benchCompany, gatewayP95 } from './bench-gateway';
import type { BenchRow } from './bench-table';

/**
 * ROI center (issue 19): `GET /api/uni/client/roi/{id}` for 18 months through the gateway,
 * for a company with every ad channel (Google Ads with 20 campaigns, LSA, Facebook with 5
 * campaigns), 18 monthly invoices of 6 lines and its leads: a realistic 3,000 and a heavy
 * 50,000. Baseline: the company's product list through the same gateway, same run.
 */
const ZONE = 'America/Chicago';
const TARGET_MS = 150;
const DAYS = 560;

/** Every day's figures for 18+ months, written with generate_series (seeding stays seconds). */
async function seedSpend(app: FastifyInstance, companyId: number) {
  const db = app.database.db;
  const connect = async (vendor: string, slug: string, account: string) => {
    const [connection] = await db
      .insert(vendorConnections)
      .values({ companyId, vendor, externalAccount: account })
      .returning();
    await db.insert(productInstances).values({
      companyId,
      productSlug: slug,
      status: 'active',
      startDate: '2024-01-01',
      monthlyPriceCents: 50_000,
      vendorConnectionId: connection?.id ?? null,
    });
    return connection?.id ?? 0;
  };
  const gads = await connect('google-ads', 'google-ads', `gads-${companyId}`);
  const lsa = await connect('google-ads-lsa', 'local-services-ads', `lsa-${companyId}`);
  const fb = await connect('facebook-ads', 'facebook-ads', `act_${companyId}`);
  await db.execute(sql`select setseed(0.19)`);
  await db.execute(sql`
    insert into gads_metric_months
      (connection_id, company_id, kind, entity_key, month, impressions, clicks, cost_cents, calls, forms)
    select ${gads}, ${companyId}, 'campaign', 'c' || c, m::date,
      z.a, z.a, array(select (random() * 8000)::int from generate_series(1, 31)), z.a, z.a
    from generate_series(1, 20) c,
      generate_series(date_trunc('month', now() - interval '${sql.raw(String(DAYS))} days'), now(), interval '1 month') m,
      (select array(select 0 from generate_series(1, 31)) as a) z`);
  await db.execute(sql`
    insert into lsa_daily (connection_id, company_id, day, spend_cents, impressions, clicks, phone_calls)
    select ${lsa}, ${companyId}, d::date, (random() * 20000)::int, 100, 10, 2
    from generate_series(now() - interval '${sql.raw(String(DAYS))} days', now(), interval '1 day') d`);
  await db.execute(sql`
    insert into fbads_insights (connection_id, company_id, campaign_id, day, spend_cents)
    select ${fb}, ${companyId}, 'f' || c, d::date, (random() * 6000)::int
    from generate_series(1, 5) c,
      generate_series(now() - interval '${sql.raw(String(DAYS))} days', now(), interval '1 day') d`);
  await db.execute(sql`
    with months as (
      select m::date as first, (m + interval '1 month - 1 day')::date as last
      from generate_series(date_trunc('month', now() - interval '${sql.raw(String(DAYS))} days'), now(), interval '1 month') m
    ), made as (
      insert into invoices (company_id, number, period_start, period_end, issued_on, due_on, status, total_cents)
      select ${companyId}, 'BENCH-' || ${companyId} || '-' || to_char(first, 'YYYYMM'), first, last, first, first + 15, 'paid', 300000
      from months returning id, period_start, period_end
    )
    insert into invoice_lines (invoice_id, product_slug, description, period_start, period_end, amount_cents)
    select made.id, s, s, made.period_start, made.period_end, 50000
    from made, unnest(array['google-ads', 'local-services-ads', 'facebook-ads', 'website', 'seo-pro', 'google-business-pro']) s`);
}

async function seedLeads(app: FastifyInstance, companyId: number, count: number) {
  await app.database.db.execute(sql`
    insert into customer_leads
      (company_id, sources, first_source, status, value_cents, first_touch_at, last_touch_at)
    select ${companyId}, array[src], src, st,
      case when st = 'won' and random() < 0.6 then (20000 + random() * 200000)::int end, t, t
    from (
      select now() - random() * interval '548 days' as t,
        (array['lsa', 'call', 'google_ads', 'facebook', 'form', 'manual'])[1 + floor(random() * 6)::int] as src,
        (array['new', 'contacted', 'booked', 'won', 'lost'])[1 + floor(random() * 5)::int] as st
      from generate_series(1, ${count})
    ) x
    -- In arrival order, as leads are written: the table's pages follow time, as they would.
    order by t`);
}

export async function benchRoi(): Promise<BenchRow[]> {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const app = await buildApp({ config: { ...base, database: { kind: 'pglite', dataDir: null } } });
  try {
    const today = todayIn(ZONE);
    // 18 months: this one and the 17 before it.
    const start = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    start.setUTCMonth(start.getUTCMonth() - 17);
    const range = { from: start.toISOString().slice(0, 10), to: today };
    const out: BenchRow[] = [];
    let baseline: { baseline: number; baselineName: string } | null = null;
    for (const leads of [3_000, 50_000]) {
      const company = await benchCompany(app, {
        name: `Bench ROI ${leads}`,
        account: `roi-${leads}`,
      });
      const seedStarted = performance.now();
      await seedSpend(app, company.companyId);
      await seedLeads(app, company.companyId, leads);
      for (const table of [
        'customer_leads',
        'gads_metric_months',
        'lsa_daily',
        'fbads_insights',
        'invoices',
        'invoice_lines',
      ]) {
        await app.database.db.execute(sql.raw(`analyze ${table}`));
      }
      process.stdout.write(
        `  roi: ${leads.toLocaleString('en-US')} leads, 18 months of 3 ad channels and invoices, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
      );
      if (!baseline) {
        baseline = {
          baseline: await gatewayP95(
            app,
            company.cookie,
            () => `/api/uni/client/products/${company.companyId}`,
          ),
          baselineName: "a company's products, same gateway",
        };
      }
      const value = await gatewayP95(
        app,
        company.cookie,
        // Alternate the end day so no answer is merely the previous one again.
        (i) =>
          `/api/uni/client/roi/${company.companyId}?from=${range.from}&to=${i % 2 === 0 ? range.to : addCalendarDays(range.to, -1)}&tz=${encodeURIComponent(ZONE)}`,
        200,
      );
      out.push({
        name: `roi center: 18 months, ${leads.toLocaleString('en-US')} leads, p95 through the gateway (target < ${TARGET_MS} ms)`,
        value,
        unit: 'ms',
        ...baseline,
      });
    }
    return out;
  } finally {
    await app.close();
  }
}
