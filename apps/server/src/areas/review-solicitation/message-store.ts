import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  solicitationContacts,
  solicitationEvents,
  solicitationMessages,
  solicitationOptOuts,
  solicitationRequests,
  solicitationTemplates,
} from '../../kernel/db/schema';
import { MESSAGE_PROGRESS } from './solicitation-rules';

/**
 * The outbox rows' state changes. Every change is one conditional statement (a row moves
 * only from the states it may leave), so two workers, a late callback or a replayed job
 * can never move a row backwards or send it twice.
 */

/** Rows a send job may pick up. */
export const SENDABLE = ['scheduled', 'queued'] as const;
/** Not sent yet: what an opt-out cancels. */
export const UNSENT = ['scheduled', 'queued'] as const;

/** Raw statements get instants as ISO text (cast in SQL): the same on PGlite and pg. */
const ts = (at: Date | null | undefined) => (at ? at.toISOString() : null);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const PROGRESS_SQL = sql.raw(`array[${MESSAGE_PROGRESS.map((s) => `'${s}'`).join(',')}]`);

/** One message with what composing and checking it needs. */
export async function loadForSend(db: Db, messageId: number) {
  const [row] = await db
    .select({
      message: solicitationMessages,
      request: {
        id: solicitationRequests.id,
        productId: solicitationRequests.productId,
        token: solicitationRequests.token,
      },
      contact: {
        id: solicitationContacts.id,
        firstName: solicitationContacts.firstName,
        lastName: solicitationContacts.lastName,
        phone: solicitationContacts.phone,
        email: solicitationContacts.email,
        timeZone: solicitationContacts.timeZone,
      },
      business: clientCompanies.name,
      // Checked again at send time, in the same read: any opt-out of the address or the
      // contact's phone or email, of this company or of all, not revoked.
      optedOut: sql<boolean>`exists (
        select 1 from solicitation_opt_outs o
        where o.address in (${solicitationMessages.toAddress}, ${solicitationContacts.phone}, ${solicitationContacts.email})
          and (o.company_id = ${solicitationMessages.companyId} or o.company_id is null)
          and o.revoked_at is null)`,
      template: {
        smsBody: solicitationTemplates.smsBody,
        emailSubject: solicitationTemplates.emailSubject,
        emailBody: solicitationTemplates.emailBody,
      },
    })
    .from(solicitationMessages)
    .innerJoin(solicitationRequests, eq(solicitationRequests.id, solicitationMessages.requestId))
    .innerJoin(solicitationContacts, eq(solicitationContacts.id, solicitationRequests.contactId))
    .innerJoin(clientCompanies, eq(clientCompanies.id, solicitationMessages.companyId))
    .leftJoin(solicitationTemplates, eq(solicitationTemplates.id, solicitationRequests.templateId))
    .where(eq(solicitationMessages.id, messageId));
  return row ?? null;
}
export type SendRow = NonNullable<Awaited<ReturnType<typeof loadForSend>>>;

/** Whether any of these addresses is opted out of this company's messages now. */
export async function isOptedOut(db: Db, companyId: number, addresses: string[]) {
  if (addresses.length === 0) return false;
  const [row] = await db
    .select({ id: solicitationOptOuts.id })
    .from(solicitationOptOuts)
    .where(
      and(
        inArray(solicitationOptOuts.address, addresses),
        or(eq(solicitationOptOuts.companyId, companyId), isNull(solicitationOptOuts.companyId)),
        isNull(solicitationOptOuts.revokedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Takes the row for one send: scheduled/queued (or a 'sending' row whose claim is older
 * than the lease: its process died) → 'sending', attempts + 1. Null: another worker has it.
 */
export async function claim(db: Db, messageId: number, now: Date, leaseMs: number) {
  const [row] = await db
    .update(solicitationMessages)
    .set({
      status: 'sending',
      claimedAt: now,
      attempts: sql`${solicitationMessages.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(solicitationMessages.id, messageId),
        or(
          inArray(solicitationMessages.status, [...SENDABLE]),
          and(
            eq(solicitationMessages.status, 'sending'),
            lt(solicitationMessages.claimedAt, new Date(now.getTime() - leaseMs)),
          ),
        ),
      ),
    )
    .returning({ attempts: solicitationMessages.attempts });
  return row ?? null;
}

/**
 * Moves one message from `from` to `to` with the fields given and records the event, in one
 * statement: right after the SMTP server's 250 this is the only round trip before the send
 * is durable (the window in which a crash could send a second copy).
 */
export async function transition(
  db: Db,
  messageId: number,
  from: readonly string[],
  set: Partial<typeof solicitationMessages.$inferInsert> & { status: string },
  event: { type: string; detail?: Record<string, unknown>; at: Date },
): Promise<Moved | null> {
  const s = set;
  // The request's new status in the same statement: its other messages as they are, this
  // one as it becomes (a data-modifying CTE cannot read another's writes).
  const rows = rowsOf<{
    request_id: number;
    company_id: number;
    product_id: number;
    changed: boolean;
  }>(
    await db.execute(sql`
    with moved as (
      update solicitation_messages set
        status = ${s.status},
        updated_at = ${ts(event.at)}::timestamptz,
        external_id = coalesce(${s.externalId ?? null}, external_id),
        failure_reason = ${s.failureReason ?? null},
        sent_at = coalesce(${ts(s.sentAt)}::timestamptz, sent_at),
        delivered_at = coalesce(${ts(s.deliveredAt)}::timestamptz, delivered_at),
        failed_at = coalesce(${ts(s.failedAt)}::timestamptz, failed_at),
        send_after = coalesce(${ts(s.sendAfter)}::timestamptz, send_after)
      where id = ${messageId} and status in (${sql.join(
        from.map((f) => sql`${f}`),
        sql`, `,
      )})
      returning id, request_id, status
    ), logged as (
      insert into solicitation_events (request_id, message_id, type, detail, at)
      select request_id, id, ${event.type}, ${JSON.stringify(event.detail ?? {})}::jsonb, ${ts(event.at)}::timestamptz
      from moved
    ), computed as (
      select r.id, r.status as old_status,
        case
          when r.reviewed_at is not null then 'reviewed'
          when r.clicked_at is not null then 'clicked'
          else (
            select case x.status when 'sending' then 'queued' else x.status end
            from (
              select m.status from solicitation_messages m
              where m.request_id = r.id and m.id <> mv.id
              union all select mv.status
            ) x
            order by array_position(${PROGRESS_SQL}, x.status) desc nulls last limit 1
          )
        end as status
      from moved mv join solicitation_requests r on r.id = mv.request_id
    ), rolled as (
      update solicitation_requests r set status = c.status, updated_at = ${ts(event.at)}::timestamptz
      from computed c where c.id = r.id and r.status is distinct from c.status
      returning r.id
    )
    select r.id as request_id, r.company_id, r.product_id,
      exists (select 1 from rolled) as changed
    from moved mv join solicitation_requests r on r.id = mv.request_id`),
  );
  const row = rows[0];
  return row
    ? {
        requestId: Number(row.request_id),
        companyId: Number(row.company_id),
        productId: Number(row.product_id),
        changed: Boolean(row.changed),
      }
    : null;
}

/** A message that moved, its request, and whether the request's status changed with it. */
export interface Moved {
  requestId: number;
  companyId: number;
  productId: number;
  changed: boolean;
}

/**
 * Sets each request's status to its furthest message's (clicked and reviewed are its own
 * and stay); answers the requests whose status changed, with their company and product.
 */
export async function rollUp(db: Db, requestIds: number[]) {
  if (requestIds.length === 0) return [];
  const rows = rowsOf<{ id: number; company_id: number; product_id: number }>(
    await db.execute(sql`
    with computed as (
      select r.id,
        case
          when r.reviewed_at is not null then 'reviewed'
          when r.clicked_at is not null then 'clicked'
          else coalesce((
            select case m.status when 'sending' then 'queued' else m.status end
            from solicitation_messages m where m.request_id = r.id
            order by array_position(${PROGRESS_SQL}, m.status) desc nulls last limit 1
          ), r.status)
        end as status
      from solicitation_requests r
      where r.id in (${sql.join(
        requestIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    )
    update solicitation_requests r set status = c.status, updated_at = now()
    from computed c where c.id = r.id and r.status is distinct from c.status
    returning r.id, r.company_id, r.product_id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    productId: Number(r.product_id),
  }));
}

/**
 * Cancels the unsent messages to these addresses (opted_out) and those of the contacts
 * holding them, on every channel; `companyId` null: in every company. Answers the requests.
 */
export async function cancelUnsent(
  db: Db,
  companyId: number | null,
  addresses: string[],
  at: Date,
  why: Record<string, unknown>,
): Promise<number[]> {
  if (addresses.length === 0) return [];
  const list = sql.join(
    addresses.map((a) => sql`${a}`),
    sql`, `,
  );
  const rows = rowsOf<{ request_id: number }>(
    await db.execute(sql`
    with targets as (
      select m.id from solicitation_messages m
      join solicitation_requests r on r.id = m.request_id
      join solicitation_contacts c on c.id = r.contact_id
      where m.status in ('scheduled', 'queued')
        and (m.to_address in (${list}) or c.phone in (${list}) or c.email in (${list}))
        ${companyId === null ? sql`` : sql`and m.company_id = ${companyId}`}
    ), moved as (
      update solicitation_messages m set status = 'opted_out', updated_at = ${ts(at)}::timestamptz,
        failure_reason = 'The customer opted out.'
      from targets t where m.id = t.id and m.status in ('scheduled', 'queued')
      returning m.id, m.request_id
    ), logged as (
      insert into solicitation_events (request_id, message_id, type, detail, at)
      select request_id, id, 'opted_out', ${JSON.stringify(why)}::jsonb, ${ts(at)}::timestamptz from moved
    )
    select distinct request_id from moved`),
  );
  return rows.map((r) => Number(r.request_id));
}

/** Records an opt-out (once per address and scope while it stands). */
export async function recordOptOut(
  db: Db,
  companyId: number | null,
  address: string,
  source: string,
  detail: string,
  at: Date,
): Promise<void> {
  const standing = await db
    .select({ id: solicitationOptOuts.id })
    .from(solicitationOptOuts)
    .where(
      and(
        eq(solicitationOptOuts.address, address),
        companyId === null
          ? isNull(solicitationOptOuts.companyId)
          : eq(solicitationOptOuts.companyId, companyId),
        isNull(solicitationOptOuts.revokedAt),
      ),
    )
    .limit(1);
  if (standing.length) return;
  await db
    .insert(solicitationOptOuts)
    .values({ companyId, address, source, detail, createdAt: at });
}

/**
 * START: the standing opt-outs of this address end (the person opted in again); with
 * `onlyFrom`, only those a STOP from that phone made (an email's own unsubscribe stays).
 */
export async function revokeOptOuts(
  db: Db,
  address: string,
  at: Date,
  onlyFrom?: string,
): Promise<number> {
  const rows = await db
    .update(solicitationOptOuts)
    .set({ revokedAt: at })
    .where(
      and(
        eq(solicitationOptOuts.address, address),
        isNull(solicitationOptOuts.revokedAt),
        ...(onlyFrom
          ? [
              eq(solicitationOptOuts.source, 'sms-keyword'),
              eq(solicitationOptOuts.detail, onlyFrom),
            ]
          : []),
      ),
    )
    .returning({ id: solicitationOptOuts.id });
  return rows.length;
}

/** Due rows whose job may have been lost (due for longer than `graceMs`). */
export async function dueWithoutJob(db: Db, now: Date, graceMs: number) {
  return db
    .select({ id: solicitationMessages.id })
    .from(solicitationMessages)
    .where(
      and(
        inArray(solicitationMessages.status, [...SENDABLE]),
        lt(solicitationMessages.sendAfter, new Date(now.getTime() - graceMs)),
      ),
    )
    .limit(2000);
}

/** 'sending' rows claimed longer ago than the lease: their process died mid-send. */
export async function staleSending(db: Db, now: Date, leaseMs: number) {
  return db
    .select({ id: solicitationMessages.id })
    .from(solicitationMessages)
    .where(
      and(
        eq(solicitationMessages.status, 'sending'),
        lt(solicitationMessages.claimedAt, new Date(now.getTime() - leaseMs)),
      ),
    )
    .limit(500);
}

export async function addEvent(
  db: Db,
  requestId: number,
  type: string,
  at: Date,
  detail: Record<string, unknown> = {},
  messageId: number | null = null,
) {
  await db.insert(solicitationEvents).values({ requestId, messageId, type, detail, at });
}
