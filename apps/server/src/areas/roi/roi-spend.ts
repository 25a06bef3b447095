import {
  type DayRange,
  type RoiChannel,
  rangeLengthDays,
  roiChannelOfProduct,
} from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';

/** A named stretch of days (a month of the range, or the overview’s current/previous range); spans never overlap. */
export interface SpendSpan extends DayRange {
  key: string;
}

export interface ChannelSpend {
  adCents: number;
  feeCents: number;
}

/** Spend by span key, then by channel (only channels with spend have an entry). */
export type SpendBySpan = Map<string, Map<RoiChannel, ChannelSpend>>;

/**
 * The ad products whose spend ROI counts, and the vendor their connection must be (a product
 * linked to another vendor's connection, or to another company's, is never read: the same
 * guard the LSA and Facebook reports apply).
 */
const AD_PRODUCTS = sql`(
  (pi.product_slug in ('google-ads', 'ads-xpress') and vc.vendor = 'google-ads')
  or (pi.product_slug = 'local-services-ads' and vc.vendor = 'google-ads-lsa')
  or (pi.product_slug = 'facebook-ads' and vc.vendor = 'facebook-ads'))`;

type AdRow = { key: string; channel: RoiChannel; cents: number };
type FeeRow = { slug: string; start: string; end: string; cents: number };

function bounds(spans: SpendSpan[]): DayRange {
  let from = spans[0]?.from ?? '';
  let to = spans[0]?.to ?? '';
  for (const span of spans) {
    if (span.from < from) from = span.from;
    if (span.to > to) to = span.to;
  }
  return { from, to };
}

/**
 * Ad spend per span and channel, in ONE query, by the ads reports' own rules so the numbers
 * agree to the cent (DECISIONS: "ad spend in the ads reports is the spend in ROI"):
 * - Google Ads and Ads Xpress: the `campaign` month rows of the product's connection, each
 *   array slot a day of the account (google-ads.repository.ts `daysOf`);
 * - Local Services Ads: `lsa_daily.spend_cents` of the account's days (lsa.repository.ts);
 * - Facebook Ads: `fbads_insights.spend_cents` of the account's days (fbads.repository.ts).
 * Days are the ad account's own days, as on the ads pages; a connection shared by two
 * products counts once.
 */
async function adSpend(db: Db, companyId: number, spans: SpendSpan[]): Promise<AdRow[]> {
  const { from, to } = bounds(spans);
  // Google's month rows meet the spans they overlap (one or two) and sum the array slice of
  // the days in common; LSA's and Facebook's day rows find their span by binary search over
  // the spans' first days (width_bucket) and are kept if the span reaches them. Both far
  // cheaper on PGlite than exploding every Google slot into a row and joining every day to
  // every span (about 3× on 18 months), and right for spans with gaps between them.
  const sorted = [...spans].sort((a, b) => (a.from < b.from ? -1 : 1));
  const dates = (pick: (s: SpendSpan) => string) =>
    sql`array[${sql.join(
      sorted.map((s) => sql`${pick(s)}::date`),
      sql`, `,
    )}]`;
  const values = sql.join(
    sorted.map((s, n) => sql`(${n + 1}::int, ${s.from}::date, ${s.to}::date)`),
    sql`, `,
  );
  const rows = await rawRows<{ bucket: number; channel: RoiChannel; cents: number }>(
    db,
    sql`
    with conns as (
      select pi.product_slug as slug, vc.id as connection_id
      from product_instances pi
      join vendor_connections vc on vc.id = pi.vendor_connection_id and vc.company_id = pi.company_id
      where pi.company_id = ${companyId} and ${AD_PRODUCTS}
    ),
    spans(bucket, first_day, last_day) as (values ${values}),
    months as (
      select m.month, (m.month + interval '1 month - 1 day')::date as last_day, m.cost_cents
      from gads_metric_months m
      where m.connection_id in (select connection_id from conns where slug in ('google-ads', 'ads-xpress'))
        and m.kind = 'campaign'
        and m.month between date_trunc('month', ${from}::date)::date and ${to}::date
    ),
    google as (
      select s.bucket, (
          select sum(c) from unnest(m.cost_cents[
            (greatest(s.first_day, m.month) - m.month + 1) : (least(s.last_day, m.last_day) - m.month + 1)
          ]) as c
        )::bigint as cents
      from months m join spans s on s.first_day <= m.last_day and s.last_day >= m.month
    ),
    days as (
      select 'lsa' as channel, l.day, l.spend_cents as cents
      from lsa_daily l
      where l.connection_id in (select connection_id from conns where slug = 'local-services-ads')
        and l.day between ${from}::date and ${to}::date
      union all
      select 'facebook', f.day, f.spend_cents
      from fbads_insights f
      where f.connection_id in (select connection_id from conns where slug = 'facebook-ads')
        and f.day between ${from}::date and ${to}::date
    ),
    bucketed as (
      select channel, day, cents, width_bucket(day, ${dates((s) => s.from)}) as bucket from days
    )
    select bucket, 'google_ads' as channel, coalesce(sum(cents), 0)::float8 as cents
    from google group by bucket
    union all
    select bucket, channel, coalesce(sum(cents), 0)::float8 as cents
    from bucketed
    where bucket > 0 and day <= (${dates((s) => s.to)})[bucket]
    group by bucket, channel`,
  );
  return rows.map((r) => ({
    key: sorted[Number(r.bucket) - 1]?.key ?? '',
    channel: r.channel,
    cents: Number(r.cents),
  }));
}

/**
 * The agency's invoice lines that bill any day of the spans (void invoices left out), in one
 * query on the (company, period start) index. Invoices are monthly, so a line that bills a
 * day of the range starts at most a month before it.
 */
function feeLines(db: Db, companyId: number, spans: SpendSpan[]): Promise<FeeRow[]> {
  const { from, to } = bounds(spans);
  return rawRows<FeeRow>(
    db,
    sql`
    select l.product_slug as slug, l.period_start::text as start, l.period_end::text as "end",
      l.amount_cents::float8 as cents
    from invoices i join invoice_lines l on l.invoice_id = i.id
    where i.company_id = ${companyId} and i.status <> 'void'
      and i.period_start between (date_trunc('month', ${from}::date) - interval '1 month')::date and ${to}::date
      and l.period_start <= ${to}::date and l.period_end >= ${from}::date`,
  );
}

/** Days two inclusive ranges share (0 when they do not meet). */
export function overlapDays(a: DayRange, b: DayRange): number {
  const from = a.from > b.from ? a.from : b.from;
  const to = a.to < b.to ? a.to : b.to;
  return from > to ? 0 : rangeLengthDays({ from, to });
}

/**
 * A fee line is spread evenly over the days it bills: a span counts the share of its days
 * it covers (a whole month's line in a whole month counts whole; half a month, half).
 */
export function feeShare(line: DayRange & { cents: number }, span: DayRange): number {
  const days = overlapDays(line, span);
  if (days === 0) return 0;
  return Math.round((line.cents * days) / rangeLengthDays(line));
}

/**
 * THE spend of a company: ad spend (Google Ads incl. Ads Xpress, LSA, Facebook) plus the
 * agency's fees, per span and channel, in two queries. The ROI center and the overview's
 * "Spend" key figure both call this, so they cannot disagree.
 */
export async function spendBySpan(
  db: Db,
  companyId: number,
  spans: SpendSpan[],
): Promise<SpendBySpan> {
  const result: SpendBySpan = new Map(spans.map((s) => [s.key, new Map()]));
  if (spans.length === 0) return result;
  const [ads, fees] = await Promise.all([
    adSpend(db, companyId, spans),
    feeLines(db, companyId, spans),
  ]);
  const slot = (key: string, channel: RoiChannel): ChannelSpend => {
    const byChannel = result.get(key) ?? new Map<RoiChannel, ChannelSpend>();
    result.set(key, byChannel);
    const found = byChannel.get(channel);
    if (found) return found;
    const fresh = { adCents: 0, feeCents: 0 };
    byChannel.set(channel, fresh);
    return fresh;
  };
  for (const row of ads) slot(row.key, row.channel).adCents += Number(row.cents);
  for (const line of fees) {
    const billed = { from: line.start, to: line.end, cents: Number(line.cents) };
    for (const span of spans) {
      const share = feeShare(billed, span);
      if (share !== 0) slot(span.key, roiChannelOfProduct(line.slug)).feeCents += share;
    }
  }
  return result;
}

/** A span's spend over every channel. */
export function spanTotal(byChannel: Map<RoiChannel, ChannelSpend> | undefined): ChannelSpend {
  const total = { adCents: 0, feeCents: 0 };
  for (const spend of byChannel?.values() ?? []) {
    total.adCents += spend.adCents;
    total.feeCents += spend.feeCents;
  }
  return total;
}
