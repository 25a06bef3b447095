import { contactKeyOf, e164OrNull, type LeadSource } from '@pinpoint/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import type { TouchInput } from './lead-merge';

/**
 * Reads the rows of every lead source that the leads center has not taken in yet (an
 * anti-join on customer_lead_touches' unique (source, source_ref)), and turns each into a
 * touch: its contact and what the timeline shows of it. Reading again after a crash or a
 * second run finds nothing new, so ingest is idempotent by construction.
 */

type Row = Record<string, unknown>;

/** Raw SQL's rows, the same on PGlite and pg. */
export async function rowsOf<T = Row>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const field = (name: string, value: unknown) => {
  const v = value === null || value === undefined ? null : String(value).trim();
  return v ? [{ name, value: v }] : [];
};

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

function touch(
  row: Row,
  source: LeadSource,
  at: unknown,
  contact: { name: string | null; phone: string | null; email: string | null },
  detail: Record<string, unknown>,
): TouchInput {
  const phone = e164OrNull(contact.phone);
  const email = contact.email?.toLowerCase() ?? null;
  return {
    companyId: Number(row.company_id),
    source,
    sourceRef: String(row.id),
    occurredAt: date(at),
    contactKey: contactKeyOf(phone, email),
    name: contact.name,
    phone,
    email,
    detail,
  };
}

const LSA_TYPES: Record<string, string> = {
  PHONE_CALL: 'Phone call lead',
  MESSAGE: 'Message lead',
  BOOKING: 'Booking lead',
};
const CALL_STATUS: Record<string, string> = {
  answered: 'Answered call',
  missed: 'Missed call',
  voicemail: 'Voicemail',
};

/** Lower-cased names Google and Facebook give their form fields, to the contact's parts. */
function formContact(fields: { name: string; value: string }[]) {
  const get = (...names: string[]) =>
    fields.find((f) => names.includes(f.name.toLowerCase()))?.value ?? null;
  const first = get('first_name');
  const last = get('last_name');
  return {
    name:
      get('full_name', 'name') ?? (first || last ? [first, last].filter(Boolean).join(' ') : null),
    phone: get('phone_number', 'phone'),
    email: get('email', 'work_email'),
  };
}

/** `and company_id = …` when one company is asked for. */
const ofCompany = (alias: string, companyId: number | null) =>
  companyId === null ? sql`` : sql`and ${sql.raw(alias)}.company_id = ${companyId}`;
const untaken = (source: LeadSource, alias: string) =>
  sql`not exists (select 1 from customer_lead_touches t where t.source = ${source} and t.source_ref = ${sql.raw(alias)}.id::text)`;

export async function readNewTouches(db: Db, companyId: number | null): Promise<TouchInput[]> {
  const rows = (query: SQL) => rowsOf(db, query);
  const [lsa, calls, gads, fb, forms] = await Promise.all([
    rows(sql`select l.id, l.company_id, l.lead_type, l.status, l.charged, l.consumer_name,
        l.consumer_phone, l.consumer_email, l.lead_created_at,
        exists (select 1 from lsa_conversations c where c.lead_id = l.id and c.recording_url is not null) as recorded
      from lsa_leads l where ${untaken('lsa', 'l')} ${ofCompany('l', companyId)}`),
    rows(sql`select c.id, c.company_id, c.connection_id, c.called_at, c.caller_number, c.status,
        c.duration_seconds, c.source, c.tracking_number_name, c.caller_city, c.caller_state,
        c.recording_url is not null as recorded
      from ct_calls c where ${untaken('call', 'c')} ${ofCompany('c', companyId)}`),
    rows(sql`select g.id, g.company_id, g.kind, g.occurred_at, g.duration_seconds,
        g.caller_area_code, g.form_fields, k.name as campaign
      from gads_leads g
      left join gads_campaigns k on k.connection_id = g.connection_id and k.external_id = g.campaign_external_id
      where ${untaken('google_ads', 'g')} ${ofCompany('g', companyId)}`),
    rows(sql`select f.id, f.company_id, f.created_time, f.field_data, f.form_id, f.campaign_id
      from fbads_leads f where ${untaken('facebook', 'f')} ${ofCompany('f', companyId)}`),
    rows(sql`select w.id, w.company_id, w.name, w.email, w.phone, w.message, w.page, w.received_at
      from website_form_submissions w where ${untaken('form', 'w')} ${ofCompany('w', companyId)}`),
  ]);
  const out: TouchInput[] = [];
  for (const r of lsa) {
    const type = String(r.lead_type);
    out.push(
      touch(
        r,
        'lsa',
        r.lead_created_at,
        {
          name: text(r.consumer_name),
          phone: text(r.consumer_phone),
          email: text(r.consumer_email),
        },
        {
          summary: LSA_TYPES[type] ?? 'Local Services lead',
          fields: [
            ...field('Google status', r.status),
            ...field('Charged', r.charged ? 'Yes' : 'No'),
          ],
          ...(r.recorded === true && { recording: { kind: 'lsa', leadId: Number(r.id) } }),
        },
      ),
    );
  }
  for (const r of calls) {
    const place = [text(r.caller_city), text(r.caller_state)].filter(Boolean).join(', ');
    const seconds = num(r.duration_seconds);
    out.push(
      touch(
        r,
        'call',
        r.called_at,
        { name: null, phone: text(r.caller_number), email: null },
        {
          summary: [CALL_STATUS[String(r.status)] ?? 'Call', formatDuration(seconds)]
            .filter(Boolean)
            .join(', '),
          fields: [
            ...field('Source', r.source),
            ...field('Tracking number', r.tracking_number_name),
            ...field('Caller location', place),
          ],
          ...(r.recorded === true && {
            recording: { kind: 'ctm', connectionId: Number(r.connection_id), callId: Number(r.id) },
          }),
        },
      ),
    );
  }
  for (const r of gads) {
    const form = (r.form_fields as { name: string; value: string }[] | null) ?? [];
    const isCall = r.kind === 'call';
    out.push(
      touch(
        r,
        'google_ads',
        r.occurred_at,
        isCall ? { name: null, phone: null, email: null } : formContact(form),
        {
          summary: isCall
            ? ['Call from an ad', formatDuration(num(r.duration_seconds))]
                .filter(Boolean)
                .join(', ')
            : 'Lead form',
          fields: [
            ...field('Campaign', r.campaign),
            ...field('Caller area code', r.caller_area_code),
            ...form.map((f) => ({ name: f.name, value: String(f.value) })),
          ],
        },
      ),
    );
  }
  for (const r of fb) {
    const data = (r.field_data as { name: string; values: string[] }[] | null) ?? [];
    const fields = data.map((f) => ({ name: f.name, value: (f.values ?? []).join(', ') }));
    out.push(
      touch(r, 'facebook', r.created_time, formContact(fields), {
        summary: 'Lead ad form',
        fields: [...field('Campaign', r.campaign_id), ...field('Form', r.form_id), ...fields],
      }),
    );
  }
  for (const r of forms) {
    out.push(
      touch(
        r,
        'form',
        r.received_at,
        { name: text(r.name), phone: text(r.phone), email: text(r.email) },
        {
          summary: 'Contact form',
          fields: [...field('Message', r.message), ...field('Page', r.page)],
        },
      ),
    );
  }
  return out;
}
