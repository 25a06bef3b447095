import { contactKeyOf, type LeadStatus, MANUAL_LEAD_CHANNELS } from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, type SeedContext } from '../../kernel/demo/seed-context';
import { applyTouches, ingestLeads, type LeadOutcome } from './lead-ingest';
import type { PlannedLead, TouchInput } from './lead-merge';
import { rowsOf } from './lead-sources';

/** A typical job of each trade, in cents: the value of a won lead (kernel/demo/verticals.ts). */
export const TYPICAL_JOB_CENTS: Record<string, number> = {
  plumber: 45_000,
  hvac: 65_000,
  dentist: 35_000,
  lawyer: 450_000,
  roofer: 900_000,
  towing: 18_000,
  'med-spa': 40_000,
  'auto-repair': 55_000,
  electrician: 40_000,
};
const DEFAULT_JOB_CENTS = 50_000;
const HOUR_MS = 3_600_000;
const BATCH = 5000;
const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

const FIRST = ['Alex', 'Jordan', 'Casey', 'Morgan', 'Riley', 'Taylor', 'Jamie', 'Avery'];
const LAST = ['Lopez', 'Chen', 'Ward', 'Foster', 'Shah', 'Bennett', 'Ortiz', 'Price'];

/**
 * The leads center's demo: a few cross-source duplicates (a Google Ads form sent by someone
 * who had called days before, a contact form written twice), every source row read in by
 * the same ingest the server runs, a few leads entered by hand per company (one of them a
 * returning caller), and the client's outcomes over the history: contacted, booked, won
 * (valued at the trade's typical job, some without a value) and lost, each change made by a
 * member of the company. Runs after every lead source's seed.
 */
export async function seedLeadsCenter(ctx: SeedContext, _products: SeededProduct[]) {
  const { tx, anchor } = ctx;
  const random = ctx.random.fork('leads-center');
  await seedDuplicates(ctx);
  const companies = await rowsOf<{ id: number; vertical: string | null; member: number | null }>(
    tx,
    sql`select c.id, v.slug as vertical,
        coalesce((select min(m.user_id) from client_members m where m.company_id = c.id),
                 (select min(e.user_id) from employee_assignments e where e.company_id = c.id)) as member
      from client_companies c left join verticals v on v.id = c.vertical_id order by c.id`,
  );
  const outcomes = outcomePlanner(ctx, random.fork('outcomes'), companies);
  // The same ingest the server runs; outcomes are decided as each new lead is written.
  const ingested = await ingestLeads(tx, null, outcomes.outcomeOf);
  await outcomes.writeEvents();

  // A few customers entered by hand per company; the first is someone who had just called.
  const recent = await rowsOf<{
    company_id: number;
    phone: string;
    email: string | null;
    name: string | null;
    last: Date;
  }>(
    tx,
    sql`select distinct on (company_id) company_id, phone, email, name, last_touch_at as last
      from customer_leads
      where phone is not null and last_touch_at < ${new Date(anchor.getTime() - 3 * DAY_MS).toISOString()}
      order by company_id, last_touch_at desc, id desc`,
  );
  const recentOf = new Map(recent.map((r) => [r.company_id, r]));
  const manual: TouchInput[] = [];
  for (const company of companies) {
    const caller = recentOf.get(company.id);
    const count = random.int(2, 4);
    for (let i = 0; i < count; i++) {
      const first = random.pick(FIRST);
      const last = random.pick(LAST);
      const returning = i === 0 ? caller : undefined;
      const at = returning
        ? new Date(new Date(returning.last).getTime() + random.int(1, 3) * DAY_MS)
        : new Date(anchor.getTime() - random.int(1, 120) * DAY_MS + random.int(8, 18) * HOUR_MS);
      const phone = returning
        ? returning.phone
        : `+1512555${String(random.int(200, 999)).padStart(4, '0')}`;
      const email = returning ? returning.email : `${first}.${last}@example.org`.toLowerCase();
      const channel = random.pick(MANUAL_LEAD_CHANNELS);
      manual.push({
        companyId: company.id,
        source: 'manual',
        sourceRef: `demo-manual-${company.id}-${i}`,
        occurredAt: at,
        contactKey: contactKeyOf(phone, email),
        name: returning ? (returning.name ?? `${first} ${last}`) : `${first} ${last}`,
        phone,
        email,
        detail: {
          summary: `Entered by hand: ${channel}`,
          fields: [{ name: 'Channel', value: channel }],
          channel,
        },
      });
    }
  }
  await applyTouches(tx, manual);
  return { touches: ingested.touches + manual.length, events: outcomes.events.length };
}

/**
 * Cross-source duplicates: in each company with both, a few Google Ads lead forms now carry
 * the number of someone who called (a tracked call or an LSA lead) one to ten days before;
 * and a few contact-form messages come from someone who wrote once already. Only contact
 * details change, so every source page still counts the same rows.
 */
async function seedDuplicates(ctx: SeedContext) {
  await ctx.tx.execute(sql`
    with callers as (
      select company_id, consumer_phone as phone, lead_created_at as at from lsa_leads where consumer_phone is not null
      union all
      select company_id, caller_number, called_at from ct_calls where caller_number is not null
    ), forms as (
      select g.id, g.company_id, g.occurred_at,
        row_number() over (partition by g.company_id order by g.id) as n
      from gads_leads g where g.kind = 'form' and g.form_fields is not null
    ), picked as (
      select distinct on (f.id) f.id, c.phone
      from forms f join callers c on c.company_id = f.company_id
        and c.at between f.occurred_at - interval '10 days' and f.occurred_at - interval '1 day'
      where f.n % 40 = 1
      order by f.id, c.at desc
    )
    update gads_leads g set form_fields = (
      select jsonb_agg(case when e->>'name' = 'PHONE_NUMBER'
        then jsonb_build_object('name', 'PHONE_NUMBER', 'value', p.phone) else e end)
      from jsonb_array_elements(g.form_fields) e)
    from picked p where g.id = p.id`);
  await ctx.tx.execute(sql`
    with pairs as (
      select w.id, (select p.phone from website_form_submissions p
          where p.company_id = w.company_id and p.phone is not null and p.id <> w.id
            and p.received_at between w.received_at - interval '20 days' and w.received_at - interval '1 day'
          order by p.received_at desc limit 1) as phone
      from website_form_submissions w where w.id % 12 = 0
    )
    update website_form_submissions w set phone = pairs.phone from pairs
    where w.id = pairs.id and pairs.phone is not null`);
}

/** The path a lead took, by its final status; each step is one status event. */
const PATHS: Record<LeadStatus, LeadStatus[][]> = {
  new: [[]],
  contacted: [['contacted']],
  booked: [['contacted', 'booked'], ['booked'], ['booked']],
  // Mostly one step as the client records it; some leads show the whole way.
  won: [['contacted', 'booked', 'won'], ['won'], ['won'], ['won'], ['won'], ['won']],
  lost: [['contacted', 'lost'], ['lost'], ['lost'], ['lost']],
};

/**
 * Decides each new lead's outcome as ingest writes it (one write per lead, no second pass)
 * and keeps the status and value events, written afterwards.
 */
function outcomePlanner(
  ctx: SeedContext,
  random: SeedContext['random'],
  companies: { id: number; vertical: string | null; member: number | null }[],
) {
  const { tx, anchor } = ctx;
  const companyOf = new Map(companies.map((c) => [c.id, c]));
  const events: Record<string, unknown>[] = [];
  const outcomeOf = (lead: PlannedLead): LeadOutcome | null => {
    const first = lead.firstTouchAt.getTime();
    const age = (anchor.getTime() - first) / DAY_MS;
    const roll = random.float();
    // Recent leads are still being worked; older ones have mostly ended one way or the other.
    const status: LeadStatus =
      age < 3
        ? roll < 0.6
          ? 'new'
          : roll < 0.9
            ? 'contacted'
            : 'booked'
        : age < 14
          ? roll < 0.2
            ? 'new'
            : roll < 0.45
              ? 'contacted'
              : roll < 0.65
                ? 'booked'
                : roll < 0.85
                  ? 'won'
                  : 'lost'
          : roll < 0.08
            ? 'new'
            : roll < 0.18
              ? 'contacted'
              : roll < 0.25
                ? 'booked'
                : roll < 0.6
                  ? 'won'
                  : 'lost';
    if (status === 'new') return null;
    const company = companyOf.get(lead.companyId);
    const base = { lead_id: lead.id, company_id: lead.companyId, user_id: company?.member ?? null };
    let at = first;
    let from: LeadStatus = 'new';
    for (const step of random.pick(PATHS[status])) {
      at = Math.min(at + random.int(1, 72) * HOUR_MS, anchor.getTime() - HOUR_MS);
      events.push({
        ...base,
        kind: 'status',
        at: new Date(at).toISOString(),
        data: { from, to: step },
      });
      from = step;
    }
    let valueCents: number | null = null;
    if (status === 'won' && random.chance(0.85)) {
      const typical = TYPICAL_JOB_CENTS[company?.vertical ?? ''] ?? DEFAULT_JOB_CENTS;
      valueCents = Math.round((typical * random.between(0.5, 1.8)) / 100) * 100;
      events.push({
        ...base,
        kind: 'value',
        at: new Date(at).toISOString(),
        data: { from: null, to: valueCents },
      });
    }
    const when = new Date(at);
    return { status, valueCents, statusChangedAt: when, wonAt: status === 'won' ? when : null };
  };
  const writeEvents = async () => {
    for (let i = 0; i < events.length; i += BATCH) {
      await tx.execute(sql`
        insert into customer_lead_events (lead_id, company_id, kind, at, user_id, data)
        select x.lead_id, x.company_id, x.kind, x.at, x.user_id, x.data::jsonb
        from json_to_recordset(${json(events.slice(i, i + BATCH))})
          as x(lead_id int, company_id int, kind text, at timestamptz, user_id int, data json)`);
    }
  };
  return { outcomeOf, events, writeEvents };
}
