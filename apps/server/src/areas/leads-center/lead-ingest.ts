import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { appSettings } from '../../kernel/db/schema';
import {
  contactOf,
  type LeadState,
  mergeTouches,
  type PlannedLead,
  type TouchInput,
} from './lead-merge';
import { readNewTouches, rowsOf } from './lead-sources';

/** One lock for every ingest: two runs never merge the same contact at once. */
const INGEST_LOCK = 7_301_919;
export const INGESTED_KEY = 'leads-center.ingested';
/** Rows per statement: each batch is one JSON parameter, which keeps PGlite and pg fast. */
const BATCH = 5000;

export interface LeadOutcome {
  status: string;
  valueCents: number | null;
  statusChangedAt: Date | null;
  wonAt: Date | null;
}

export interface IngestResult {
  /** New leads by company. */
  created: Map<number, number[]>;
  /** Stored leads that got another touch, by company. */
  touched: Map<number, number>;
  touches: number;
  /** The lead each touch went to, by `source|sourceRef`. */
  leadOf: Map<string, number>;
}

async function inBatches<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}
const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/** Each contact's latest stored lead, for the contacts these touches come from. */
async function latestLeads(tx: Db, touches: TouchInput[]): Promise<Map<string, LeadState>> {
  const keys = [
    ...new Set(
      touches
        .filter((t) => t.contactKey)
        .map((t) => contactOf(t.companyId, t.contactKey as string)),
    ),
  ].map((k) => {
    const at = k.indexOf('|');
    return { c: Number(k.slice(0, at)), k: k.slice(at + 1) };
  });
  const latest = new Map<string, LeadState>();
  if (keys.length === 0) return latest;
  for (let i = 0; i < keys.length; i += BATCH) {
    const rows = await rowsOf(
      tx,
      sql`
      select distinct on (l.company_id, l.contact_key) l.id, l.company_id, l.contact_key, l.name,
        l.phone, l.email, l.sources, l.first_source, l.first_touch_at, l.last_touch_at, l.touch_count
      from json_to_recordset(${json(keys.slice(i, i + BATCH))}) as x(c int, k text)
      join customer_leads l on l.company_id = x.c and l.contact_key = x.k
      order by l.company_id, l.contact_key, l.last_touch_at desc, l.id desc`,
    );
    for (const r of rows) {
      const lead: LeadState = {
        id: Number(r.id),
        companyId: Number(r.company_id),
        contactKey: String(r.contact_key),
        name: (r.name as string | null) ?? null,
        phone: (r.phone as string | null) ?? null,
        email: (r.email as string | null) ?? null,
        sources: r.sources as LeadState['sources'],
        firstSource: r.first_source as LeadState['firstSource'],
        firstTouchAt: new Date(r.first_touch_at as string),
        lastTouchAt: new Date(r.last_touch_at as string),
        touchCount: Number(r.touch_count),
      };
      latest.set(contactOf(lead.companyId, lead.contactKey), lead);
    }
  }
  return latest;
}

/**
 * Merges touches into customer_leads and writes them, set-based: the merge runs in memory
 * (lead-merge.ts), new leads get their ids from the sequence in one query, then leads,
 * touches and the changed leads are written a few thousand rows per statement. The caller
 * holds the transaction; the touches' unique (source, source_ref) makes a repeat a no-op.
 */
export async function applyTouches(
  tx: Db,
  touches: TouchInput[],
  /** The demo seed decides new leads' outcomes as they are written, rather than after. */
  outcomeOf?: (lead: PlannedLead) => LeadOutcome | null,
): Promise<IngestResult> {
  const result: IngestResult = {
    created: new Map(),
    touched: new Map(),
    touches: 0,
    leadOf: new Map(),
  };
  if (touches.length === 0) return result;
  const plan = mergeTouches(touches, await latestLeads(tx, touches));
  const fresh = plan.leads.filter((l) => l.id === null);
  const changed = plan.leads.filter((l) => l.id !== null);
  if (fresh.length > 0) {
    const ids = await rowsOf<{ id: number }>(
      tx,
      sql`select nextval('customer_leads_id_seq')::int as id from generate_series(1, ${fresh.length})`,
    );
    fresh.forEach((lead, i) => {
      lead.id = Number(ids[i]?.id);
    });
  }
  const iso = (d: Date) => d.toISOString();
  const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  await inBatches(fresh, (chunk) =>
    tx.execute(sql`
      insert into customer_leads (id, company_id, contact_key, name, phone, email, sources,
        first_source, repeat, first_touch_at, last_touch_at, touch_count, status, value_cents,
        status_changed_at, won_at)
      select x.id, x.company_id, x.contact_key, x.name, x.phone, x.email,
        array(select json_array_elements_text(x.sources)), x.first_source, x.repeat,
        x.first_touch_at, x.last_touch_at, x.touch_count, coalesce(x.status, 'new'), x.value_cents,
        x.status_changed_at, x.won_at
      from json_to_recordset(${json(
        chunk.map((l) => {
          const outcome = outcomeOf?.(l);
          return {
            id: l.id,
            company_id: l.companyId,
            contact_key: l.contactKey,
            name: l.name,
            phone: l.phone,
            email: l.email,
            sources: l.sources,
            first_source: l.firstSource,
            repeat: l.repeat,
            first_touch_at: iso(l.firstTouchAt),
            last_touch_at: iso(l.lastTouchAt),
            touch_count: l.touchCount,
            status: outcome?.status ?? null,
            value_cents: outcome?.valueCents ?? null,
            status_changed_at: isoOrNull(outcome?.statusChangedAt),
            won_at: isoOrNull(outcome?.wonAt),
          };
        }),
      )}) as x(id int, company_id int, contact_key text, name text, phone text, email text,
        sources json, first_source text, repeat boolean, first_touch_at timestamptz,
        last_touch_at timestamptz, touch_count int, status text, value_cents int,
        status_changed_at timestamptz, won_at timestamptz)`),
  );
  await inBatches(changed, (chunk) =>
    tx.execute(sql`
      update customer_leads l set name = coalesce(l.name, x.name), phone = coalesce(l.phone, x.phone),
        email = coalesce(l.email, x.email), sources = array(select json_array_elements_text(x.sources)),
        first_source = x.first_source, first_touch_at = x.first_touch_at,
        last_touch_at = x.last_touch_at, touch_count = x.touch_count
      from json_to_recordset(${json(
        chunk.map((l) => ({
          id: l.id,
          name: l.name,
          phone: l.phone,
          email: l.email,
          sources: l.sources,
          first_source: l.firstSource,
          first_touch_at: iso(l.firstTouchAt),
          last_touch_at: iso(l.lastTouchAt),
          touch_count: l.touchCount,
        })),
      )}) as x(id int, name text, phone text, email text, sources json, first_source text,
        first_touch_at timestamptz, last_touch_at timestamptz, touch_count int)
      where l.id = x.id`),
  );
  await inBatches(plan.touches, (chunk) =>
    tx.execute(sql`
      insert into customer_lead_touches (lead_id, company_id, source, source_ref, occurred_at, detail)
      select x.lead_id, x.company_id, x.source, x.source_ref, x.occurred_at, x.detail::jsonb
      from json_to_recordset(${json(
        chunk.map(({ touch, lead }) => ({
          lead_id: plan.leads[lead]?.id,
          company_id: touch.companyId,
          source: touch.source,
          source_ref: touch.sourceRef,
          occurred_at: iso(touch.occurredAt),
          detail: touch.detail,
        })),
      )}) as x(lead_id int, company_id int, source text, source_ref text,
        occurred_at timestamptz, detail json)
      on conflict (source, source_ref) do nothing`),
  );
  for (const lead of fresh) {
    const list = result.created.get(lead.companyId) ?? [];
    list.push(lead.id as number);
    result.created.set(lead.companyId, list);
  }
  for (const lead of changed) {
    result.touched.set(lead.companyId, (result.touched.get(lead.companyId) ?? 0) + 1);
  }
  result.touches = plan.touches.length;
  for (const { touch, lead } of plan.touches) {
    result.leadOf.set(`${touch.source}|${touch.sourceRef}`, plan.leads[lead]?.id as number);
  }
  return result;
}

/**
 * Reads every source row not yet taken in (one company, or all) and merges it, under one
 * advisory lock so concurrent runs (a sync's hook, a form, the tick) never interleave.
 * Records when it ran, for the page's "last updated".
 */
export async function ingestLeads(
  db: Db,
  companyId: number | null,
  outcomeOf?: (lead: PlannedLead) => LeadOutcome | null,
): Promise<IngestResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INGEST_LOCK})`);
    const result = await applyTouches(tx, await readNewTouches(tx, companyId), outcomeOf);
    const key = companyId === null ? INGESTED_KEY : `${INGESTED_KEY}.${companyId}`;
    const now = new Date();
    await tx
      .insert(appSettings)
      .values({ key, value: { at: now.toISOString() }, updatedAt: now })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: { at: now.toISOString() }, updatedAt: now },
      });
    return result;
  });
}

/** Runs `write` under the ingest lock (a lead added by hand merges like any touch). */
export async function withIngestLock<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INGEST_LOCK})`);
    return write(tx);
  });
}
