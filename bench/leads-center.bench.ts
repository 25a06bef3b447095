import { addCalendarDays, todayIn } from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/server/src/config/config';
import { buildApp } from '../apps/server/src/main/app';
import { benchCompany, gatewayP95 } from './bench-gateway';
import type { BenchRow } from './bench-table';

/**
 * Leads center (issue 19): `GET /api/uni/client/leads/{id}` through the gateway for a
 * company with 50,000 leads over 18 months (and a touch each, which the counts by source
 * read), as the page asks: the first page of the last 90 days; status and source filters a
 * year deep on page 3; a text search. Baseline: the same requests for a company with no
 * leads, same gateway, same run (what the route costs before there is data).
 */
const ZONE = 'America/Chicago';
const TARGET_MS = 100;
const LEADS = 50_000;

const FIRST = ['Maria', 'James', 'Priya', 'Daniel', 'Aisha', 'Tom', 'Elena', 'Marcus'];
const LAST = ['Garcia', 'Nguyen', 'Patel', 'Johnson', 'Okafor', 'Miller', 'Rossi', 'Brooks'];

async function seedLeads(app: FastifyInstance, companyId: number, count: number) {
  const db = app.database.db;
  await db.execute(sql`select setseed(0.19)`);
  await db.execute(sql`
    insert into customer_leads (company_id, contact_key, name, phone, email, sources, first_source,
      status, value_cents, repeat, first_touch_at, last_touch_at)
    select ${companyId}, phone, name, phone, lower(replace(name, ' ', '.')) || n || '@example.com',
      array[src], src, st, case when st = 'won' then (20000 + random() * 200000)::int end,
      random() < 0.15, t, t
    from (
      select n, now() - random() * interval '548 days' as t,
        '+1512' || lpad((n % 10000000)::text, 7, '0') as phone,
        (${sql.raw(`array[${FIRST.map((f) => `'${f}'`).join(',')}]`)})[1 + floor(random() * 8)::int] || ' ' ||
        (${sql.raw(`array[${LAST.map((l) => `'${l}'`).join(',')}]`)})[1 + floor(random() * 8)::int] as name,
        (array['lsa', 'call', 'google_ads', 'facebook', 'form', 'manual'])[1 + floor(random() * 6)::int] as src,
        (array['new', 'contacted', 'booked', 'won', 'lost'])[1 + floor(random() * 5)::int] as st
      from generate_series(1, ${count}) n
    ) x
    -- In arrival order, as ingest writes them.
    order by t`);
  await db.execute(sql`
    insert into customer_lead_touches (lead_id, company_id, source, source_ref, occurred_at, detail)
    select id, company_id, first_source, 'bench-' || id, first_touch_at, '{}'::jsonb
    from customer_leads where company_id = ${companyId} order by id`);
  for (const table of ['customer_leads', 'customer_lead_touches', 'customer_lead_events']) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}

export async function benchLeadsCenter(): Promise<BenchRow[]> {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const app = await buildApp({ config: { ...base, database: { kind: 'pglite', dataDir: null } } });
  try {
    const today = todayIn(ZONE);
    const tz = encodeURIComponent(ZONE);
    const empty = await benchCompany(app, { name: 'Bench Leads Empty', account: 'leads-empty' });
    const full = await benchCompany(app, { name: 'Bench Leads 50k', account: 'leads-50k' });
    const seeded = performance.now();
    await seedLeads(app, full.companyId, LEADS);
    process.stdout.write(
      `  leads center: ${LEADS.toLocaleString('en-US')} leads with their touches seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s\n`,
    );
    // Alternate the end day so no answer is merely the previous one again.
    const to = (i: number) => (i % 2 === 0 ? today : addCalendarDays(today, -1));
    const requests = [
      {
        name: 'first page of the last 90 days',
        url: (id: number, i: number) =>
          `/api/uni/client/leads/${id}?from=${addCalendarDays(today, -89)}&to=${to(i)}&tz=${tz}`,
      },
      {
        name: 'won calls of a year, page 3',
        url: (id: number, i: number) =>
          `/api/uni/client/leads/${id}?from=${addCalendarDays(today, -364)}&to=${to(i)}&tz=${tz}&status=won&source=call&page=3`,
      },
      {
        name: 'text search over 18 months',
        url: (id: number, i: number) =>
          `/api/uni/client/leads/${id}?from=${addCalendarDays(today, -547)}&to=${to(i)}&tz=${tz}&q=${i % 2 ? 'garcia' : 'patel'}`,
      },
    ];
    const out: BenchRow[] = [];
    for (const request of requests) {
      const baseline = await gatewayP95(
        app,
        empty.cookie,
        (i) => request.url(empty.companyId, i),
        200,
      );
      const value = await gatewayP95(app, full.cookie, (i) => request.url(full.companyId, i), 200);
      out.push({
        name: `leads center: ${request.name}, ${LEADS.toLocaleString('en-US')} leads, p95 through the gateway (target < ${TARGET_MS} ms)`,
        value,
        unit: 'ms',
        baseline,
        baselineName: 'the same request, a company with no leads',
      });
    }
    return out;
  } finally {
    await app.close();
  }
}
