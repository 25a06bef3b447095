import {
  addCalendarDays,
  type CalendarPost,
  rangeInstants,
  type SocialCalendar,
  todayIn,
} from '@pinpoint/contracts';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, posts, productInstances, products } from '../../kernel/db/schema';
import { notFound } from '../../kernel/lib/app-error';

/** The first and last day of a YYYY-MM month. */
export function monthDays(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, to: addCalendarDays(next, -1) };
}

function clockIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/**
 * The social calendar (dev-only staff page): a company's scheduled and published posts
 * (the posts area's table) in one month of the company's time zone, across its channels
 * (Google Business Profile and Facebook), each with the product its detail page sits under.
 */
export function createSocialCalendarService(db: Db) {
  return {
    async month(companyId: number, month: string): Promise<SocialCalendar> {
      const [company] = await db
        .select({
          id: clientCompanies.id,
          name: clientCompanies.name,
          timeZone: clientCompanies.timeZone,
        })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      if (!company) throw notFound('No such client.');
      const { start, end } = rangeInstants(monthDays(month), company.timeZone);
      // A scheduled post counts at its send time, a published one when it went out.
      const at = sql<Date>`coalesce(${posts.publishedAt}, ${posts.scheduledFor})`.mapWith(
        posts.publishedAt,
      );
      const rows = await db
        .selectDistinctOn([posts.id], {
          id: posts.id,
          productId: productInstances.id,
          productSlug: productInstances.productSlug,
          channel: posts.source,
          state: posts.state,
          at,
          summary: posts.summary,
        })
        .from(posts)
        .innerJoin(
          productInstances,
          and(
            eq(productInstances.companyId, posts.companyId),
            eq(productInstances.vendorConnectionId, posts.connectionId),
          ),
        )
        .innerJoin(products, eq(products.slug, productInstances.productSlug))
        .where(
          and(
            eq(posts.companyId, companyId),
            inArray(posts.state, ['scheduled', 'published']),
            sql`'posts' = any(${products.subPages})`,
            gte(at, start),
            lt(at, end),
          ),
        )
        .orderBy(asc(posts.id), asc(productInstances.id));
      const items: CalendarPost[] = rows
        .map((row) => ({
          id: row.id,
          product_id: row.productId,
          product_slug: row.productSlug,
          channel: row.channel,
          state: row.state as CalendarPost['state'],
          at: row.at.toISOString(),
          day: todayIn(company.timeZone, row.at),
          time: clockIn(row.at, company.timeZone),
          summary: row.summary.slice(0, 140),
        }))
        .sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
      return {
        company: { id: company.id, name: company.name },
        month,
        time_zone: company.timeZone,
        posts: items,
      };
    },
  };
}
export type SocialCalendarService = ReturnType<typeof createSocialCalendarService>;
