import type { ActivityType, DayRange } from '@pinpoint/contracts';
import { and, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/db/database';
import { activityEvents, alerts, customerLeads, notifications } from '../../kernel/db/schema';
import { spanTotal, spendBySpan } from '../roi';

/** UTC instants, end exclusive; `previous` ends where `current` starts. */
export interface InstantRange {
  start: Date;
  end: Date;
}
export interface KpiRanges {
  current: InstantRange;
  previous: InstantRange;
  /** The same ranges as days, for figures kept by day (ad spend, fees). */
  days: { current: DayRange; previous: DayRange };
}
export interface KpiCounts {
  value: number;
  previous: number;
}

/**
 * One number on the overview, counted from our own tables for the chosen range and the
 * previous range of the same length. `compute` answers null when the KPI has nothing to
 * stand on for this company: the card is then left out, never shown as a zero.
 */
export interface KpiProvider {
  key: string;
  label: string;
  description: string;
  /** Which way is good news, if either. */
  better: 'up' | 'down' | null;
  /** How the card shows the value: a count (the default) or cents as dollars. */
  format?: 'count' | 'money';
  /** The page that explains the figure, if one does. */
  link?: string;
  compute(db: Db, companyId: number, ranges: KpiRanges): Promise<KpiCounts | null>;
}

/** Rows of one company in each range, in one query (the index on (company, time) serves it). */
async function countInRanges(
  db: Db,
  table: PgTable,
  columns: { company: PgColumn; time: PgColumn },
  companyId: number,
  ranges: KpiRanges,
  extra?: SQL,
): Promise<KpiCounts> {
  const within = (range: InstantRange) =>
    and(gte(columns.time, range.start), lt(columns.time, range.end));
  const [row] = await db
    .select({
      value: sql<number>`count(*) filter (where ${within(ranges.current)})`.mapWith(Number),
      previous: sql<number>`count(*) filter (where ${within(ranges.previous)})`.mapWith(Number),
    })
    .from(table)
    .where(
      and(
        eq(columns.company, companyId),
        gte(columns.time, ranges.previous.start),
        lt(columns.time, ranges.current.end),
        extra,
      ),
    );
  return { value: row?.value ?? 0, previous: row?.previous ?? 0 };
}

const activityColumns = { company: activityEvents.companyId, time: activityEvents.occurredAt };

/** A breakdown of the work by type: left out when neither range has any (the product may not do it). */
function activityTypeKpi(
  key: string,
  label: string,
  description: string,
  types: ActivityType[],
): KpiProvider {
  return {
    key,
    label,
    description,
    better: 'up',
    async compute(db, companyId, ranges) {
      const counts = await countInRanges(
        db,
        activityEvents,
        activityColumns,
        companyId,
        ranges,
        inArray(activityEvents.type, types),
      );
      return counts.value === 0 && counts.previous === 0 ? null : counts;
    },
  };
}

/**
 * THE REGISTRY of overview KPIs (`POST /api/uni/charts/overview/{id}`), in display order.
 * A section adds its KPIs here as it lands — reviews, calls, ads… — each counted from the
 * tables that section fills. A section that is not built has no entry, so its KPIs are
 * absent rather than zero. Keep each `compute` to one indexed query (spend: two, its ad
 * spend and its fee lines).
 */
export const KPI_PROVIDERS: KpiProvider[] = [
  // First, what every client asks: how many customers came, and what it cost.
  // Leads center (customer_leads): the same rule as the ROI center's lead count.
  {
    key: 'leads',
    label: 'Leads',
    description: 'Customers who first contacted you in the range, from every source.',
    better: 'up',
    link: '/dashboard/leads-center',
    compute: (db, companyId, ranges) =>
      countInRanges(
        db,
        customerLeads,
        { company: customerLeads.companyId, time: customerLeads.firstTouchAt },
        companyId,
        ranges,
      ),
  },
  // ROI center: ad spend + fees by the very function the ROI center sums (roi-spend.ts).
  {
    key: 'spend',
    label: 'Spend',
    description: 'Ad spend plus the agency’s fees for the days of the range.',
    better: null,
    format: 'money',
    link: '/dashboard/roi-center',
    async compute(db, companyId, ranges) {
      const spend = await spendBySpan(db, companyId, [
        { key: 'current', ...ranges.days.current },
        { key: 'previous', ...ranges.days.previous },
      ]);
      const cents = (key: string) => {
        const total = spanTotal(spend.get(key));
        return total.adCents + total.feeCents;
      };
      const counts = { value: cents('current'), previous: cents('previous') };
      // Nothing spent in either range: no ads and no invoices, so no card rather than $0.
      return counts.value === 0 && counts.previous === 0 ? null : counts;
    },
  },
  // Activity (activity_events)
  {
    key: 'work_done',
    label: 'Work done for you',
    description: 'Tasks the agency completed for you: posts, replies, listing updates and more.',
    better: 'up',
    compute: (db, companyId, ranges) =>
      countInRanges(db, activityEvents, activityColumns, companyId, ranges),
  },
  activityTypeKpi('posts_published', 'Posts published', 'Posts published to your profiles.', [
    'post_published',
  ]),
  activityTypeKpi('reviews_replied', 'Reviews replied to', 'Customer reviews that got a reply.', [
    'review_replied',
  ]),
  activityTypeKpi(
    'listings_updated',
    'Listings updated',
    'Business listings corrected or updated.',
    ['listing_updated'],
  ),
  // Alerts (alerts)
  {
    key: 'alerts_raised',
    label: 'Alerts raised',
    description: 'Rank grid, listing and scan alerts raised for your business.',
    better: null,
    compute: (db, companyId, ranges) =>
      countInRanges(
        db,
        alerts,
        { company: alerts.companyId, time: alerts.createdAt },
        companyId,
        ranges,
      ),
  },
  // Notifications (notifications with an approval decision)
  {
    key: 'approvals_handled',
    label: 'Approvals handled',
    description: 'Requests for your approval that were approved or declined.',
    better: null,
    compute: (db, companyId, ranges) =>
      countInRanges(
        db,
        notifications,
        { company: notifications.companyId, time: notifications.actedAt },
        companyId,
        ranges,
        and(
          inArray(notifications.state, ['approved', 'declined']),
          isNotNull(notifications.actedAt),
        ),
      ),
  },
];
