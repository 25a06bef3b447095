import { REVIEW_MATCH_DAYS } from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';

/** Requests sent longer ago than this are no longer looked at (a late sync still counts). */
const LOOK_BACK_DAYS = REVIEW_MATCH_DAYS + 30;

/**
 * Marks requests "reviewed" when a review of the company arrived from that customer after
 * the request went out: the reviewer's name is the contact's ("Ann Lee", or "Ann L." as
 * Google shortens it; the first name alone when we have no last name), published within
 * REVIEW_MATCH_DAYS of the first send. One review counts for one request. `connectionId`:
 * only the company whose reviews that connection synced (null: every company, the tick).
 * Answers the requests it marked.
 */
export async function markReviewed(db: Db, connectionId: number | null, now: Date) {
  const since = new Date(now.getTime() - LOOK_BACK_DAYS * 86_400_000).toISOString();
  const scope =
    connectionId === null
      ? sql``
      : sql`and r.company_id = (select company_id from vendor_connections where id = ${connectionId})`;
  const result = await db.execute(sql`
    with candidates as (
      select r.id, r.company_id, lower(trim(c.first_name || ' ' || c.last_name)) as full_name,
        lower(c.first_name || ' ' || left(c.last_name, 1) || '.') as short_name,
        min(m.sent_at) as sent_at
      from solicitation_requests r
      join solicitation_contacts c on c.id = r.contact_id
      join solicitation_messages m on m.request_id = r.id
      where r.reviewed_at is null and r.status <> 'opted_out'
        and m.status in ('sent', 'delivered') and m.sent_at > ${since}::timestamptz
        ${scope}
      group by r.id, r.company_id, c.first_name, c.last_name
    ), matched as (
      select distinct on (rv.id) rv.id as review_id, k.id as request_id, rv.published_at
      from candidates k
      join reviews rv on rv.company_id = k.company_id
        and rv.published_at >= k.sent_at
        and rv.published_at <= k.sent_at + make_interval(days => ${REVIEW_MATCH_DAYS})
        and lower(trim(rv.reviewer_name)) in (k.full_name, k.short_name)
      where not exists (select 1 from solicitation_requests o where o.review_id = rv.id)
      order by rv.id, k.sent_at desc
    ), one_each as (
      select distinct on (request_id) * from matched order by request_id, published_at
    ), marked as (
      update solicitation_requests r
      set reviewed_at = o.published_at, review_id = o.review_id, status = 'reviewed',
        updated_at = ${now.toISOString()}::timestamptz
      from one_each o where r.id = o.request_id and r.reviewed_at is null
      returning r.id, r.company_id, r.product_id, r.review_id
    ), logged as (
      insert into solicitation_events (request_id, type, detail, at)
      select id, 'reviewed', jsonb_build_object('reviewId', review_id), ${now.toISOString()}::timestamptz
      from marked
    )
    select id, company_id, product_id from marked`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    productId: Number(r.product_id),
  }));
}
