import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  solicitationContacts,
  solicitationEvents,
  solicitationMessages,
  solicitationRequests,
  solicitationTemplates,
} from '../../kernel/db/schema';

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const ts = (d: Date) => d.toISOString();
/** PGlite and node-postgres both answer timestamptz as Date; text keeps either safe. */
const dateOrNull = (v: unknown): Date | null =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));

export interface HistoryFilter {
  companyId: number;
  productId: number;
  /** Asked at or after `start` and before `end`. */
  start: Date | null;
  end: Date | null;
  status?: string | undefined;
  channel?: 'sms' | 'email' | undefined;
  q?: string | undefined;
}

/** LIKE's own characters in a search are searched for, not matched as wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(f: HistoryFilter): SQL {
  const parts: SQL[] = [sql`r.product_id = ${f.productId}`, sql`r.company_id = ${f.companyId}`];
  if (f.start) parts.push(sql`r.created_at >= ${ts(f.start)}::timestamptz`);
  if (f.end) parts.push(sql`r.created_at < ${ts(f.end)}::timestamptz`);
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.channel) {
    parts.push(sql`r.send_type in (${f.channel}, 'both')`);
  }
  if (f.q) {
    const text = `%${likeEscape(f.q.toLowerCase())}%`;
    const digits = f.q.replace(/\D/g, '');
    const byPhone = digits.length >= 3 ? sql` or c.phone like ${`%${digits}%`}` : sql``;
    parts.push(
      sql`(lower(c.first_name || ' ' || c.last_name) like ${text} or c.email like ${text}${byPhone})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** Per request: the first real send and delivery, and the reason a message stopped. */
const MESSAGE_FACTS = sql`left join lateral (
    select min(m.sent_at) filter (where m.status <> 'held') as sent_at,
      min(m.delivered_at) as delivered_at,
      (array_agg(m.failure_reason order by m.updated_at desc)
        filter (where m.status in ('failed', 'opted_out') and m.failure_reason is not null))[1]
        as failure_reason
    from solicitation_messages m where m.request_id = r.id
  ) f on true`;

export interface HistoryRow {
  id: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  sendType: string;
  status: string;
  createdAt: Date;
  scheduledFor: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  clickedAt: Date | null;
  reviewedAt: Date | null;
  failureReason: string | null;
}

function toHistoryRow(r: Row): HistoryRow {
  return {
    id: Number(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name ?? ''),
    phone: (r.phone as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    sendType: String(r.send_type),
    status: String(r.status),
    createdAt: dateOrNull(r.created_at) as Date,
    scheduledFor: dateOrNull(r.scheduled_for) as Date,
    sentAt: dateOrNull(r.sent_at),
    deliveredAt: dateOrNull(r.delivered_at),
    clickedAt: dateOrNull(r.clicked_at),
    reviewedAt: dateOrNull(r.reviewed_at),
    failureReason: (r.failure_reason as string | null) ?? null,
  };
}

const SELECT_ROW = sql`select r.id, c.first_name, c.last_name, c.phone, c.email, r.send_type,
    r.status, r.created_at, r.scheduled_for, f.sent_at, f.delivered_at, r.clicked_at,
    r.reviewed_at, f.failure_reason
  from solicitation_requests r
  join solicitation_contacts c on c.id = r.contact_id
  ${MESSAGE_FACTS}`;

/** One page of the product's requests, newest first (index solicitation_requests_product_idx). */
export async function listRequests(db: Db, f: HistoryFilter, page: number, pageSize: number) {
  const where = whereOf(f);
  const [counted] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from solicitation_requests r
      join solicitation_contacts c on c.id = r.contact_id where ${where}`,
  );
  const rows = await rowsOf(
    db,
    sql`${SELECT_ROW} where ${where}
      order by r.created_at desc, r.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { total: Number(counted?.n ?? 0), rows: rows.map(toHistoryRow) };
}

/** One request of the product, or null (another product's or company's is not found). */
export async function requestOf(db: Db, companyId: number, productId: number, requestId: number) {
  const [row] = await rowsOf(
    db,
    sql`${SELECT_ROW} where r.id = ${requestId} and r.product_id = ${productId}
      and r.company_id = ${companyId}`,
  );
  if (!row) return null;
  const [extra] = await db
    .select({
      consentAt: solicitationRequests.consentAt,
      consentSource: solicitationRequests.consentSource,
      batchId: solicitationRequests.batchId,
      templateName: solicitationTemplates.name,
      contactTimeZone: solicitationContacts.timeZone,
    })
    .from(solicitationRequests)
    .innerJoin(solicitationContacts, eq(solicitationContacts.id, solicitationRequests.contactId))
    .leftJoin(solicitationTemplates, eq(solicitationTemplates.id, solicitationRequests.templateId))
    .where(eq(solicitationRequests.id, requestId));
  const messages = await db
    .select()
    .from(solicitationMessages)
    .where(
      and(
        eq(solicitationMessages.requestId, requestId),
        eq(solicitationMessages.companyId, companyId),
      ),
    )
    .orderBy(asc(solicitationMessages.id));
  const events = await db
    .select()
    .from(solicitationEvents)
    .where(eq(solicitationEvents.requestId, requestId))
    .orderBy(asc(solicitationEvents.at), asc(solicitationEvents.id));
  return { row: toHistoryRow(row), extra, messages, events };
}

export interface TotalsRow {
  requests: number;
  sent: number;
  delivered: number;
  clicked: number;
  reviewed: number;
  optedOut: number;
  failed: number;
  held: number;
}

/** The range's totals and its weeks (Monday-first, in `timeZone`), one scan of the range. */
export async function statsOf(
  db: Db,
  companyId: number,
  productId: number,
  start: Date,
  end: Date,
  timeZone: string,
) {
  const scope = sql`r.product_id = ${productId} and r.company_id = ${companyId}
    and r.created_at >= ${ts(start)}::timestamptz and r.created_at < ${ts(end)}::timestamptz`;
  const [totals] = await rowsOf(
    db,
    sql`select count(*) as requests,
        count(*) filter (where f.sent_at is not null) as sent,
        count(*) filter (where f.delivered_at is not null) as delivered,
        count(*) filter (where r.clicked_at is not null) as clicked,
        count(*) filter (where r.reviewed_at is not null) as reviewed,
        count(*) filter (where r.status = 'opted_out') as opted_out,
        count(*) filter (where r.status = 'failed') as failed,
        count(*) filter (where r.status = 'held') as held
      from solicitation_requests r ${MESSAGE_FACTS} where ${scope}`,
  );
  const weeks = await rowsOf(
    db,
    sql`select to_char(date_trunc('week', r.created_at at time zone ${timeZone}), 'YYYY-MM-DD') as week,
        count(*) as requests,
        count(r.clicked_at) as clicked,
        count(r.reviewed_at) as reviewed
      from solicitation_requests r where ${scope}
      group by 1 order by 1`,
  );
  const n = (v: unknown) => Number(v ?? 0);
  const t = totals ?? {};
  return {
    totals: {
      requests: n(t.requests),
      sent: n(t.sent),
      delivered: n(t.delivered),
      clicked: n(t.clicked),
      reviewed: n(t.reviewed),
      optedOut: n(t.opted_out),
      failed: n(t.failed),
      held: n(t.held),
    } satisfies TotalsRow,
    weeks: weeks.map((w) => ({
      week: String(w.week),
      requests: n(w.requests),
      clicked: n(w.clicked),
      reviewed: n(w.reviewed),
    })),
  };
}
