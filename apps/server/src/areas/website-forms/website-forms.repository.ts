import type { FormSubmission } from '@pinpoint/contracts';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { websiteFormSubmissions, websiteSites } from '../../kernel/db/schema';

type Row = typeof websiteFormSubmissions.$inferSelect;
export type NewSubmission = typeof websiteFormSubmissions.$inferInsert;

const toSubmission = (row: Row): FormSubmission => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  page: row.page,
  receivedAt: row.receivedAt.toISOString(),
});

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createWebsiteFormsRepository(db: Db) {
  return {
    /** The demo site served under `/demo-sites/{slug}` with its product and company. */
    async demoSite(slug: string) {
      const [row] = await db
        .select({
          siteId: websiteSites.id,
          companyId: websiteSites.companyId,
          productInstanceId: websiteSites.productInstanceId,
          demoDown: websiteSites.demoDown,
        })
        .from(websiteSites)
        .where(and(eq(websiteSites.demoSlug, slug), eq(websiteSites.isDemo, true)));
      return row ?? null;
    },
    async insert(submission: NewSubmission): Promise<number> {
      const [row] = await db
        .insert(websiteFormSubmissions)
        .values(submission)
        .returning({ id: websiteFormSubmissions.id });
      return row?.id ?? 0;
    },
    async list(
      siteId: number,
      filter: { start?: Date; end?: Date; q?: string; limit: number; offset: number },
    ) {
      const where: SQL[] = [eq(websiteFormSubmissions.siteId, siteId)];
      if (filter.start) where.push(gte(websiteFormSubmissions.receivedAt, filter.start));
      if (filter.end) where.push(lt(websiteFormSubmissions.receivedAt, filter.end));
      if (filter.q) {
        const pattern = likeLiteral(filter.q);
        const text = or(
          ilike(websiteFormSubmissions.name, pattern),
          ilike(websiteFormSubmissions.email, pattern),
          ilike(websiteFormSubmissions.phone, pattern),
          ilike(websiteFormSubmissions.message, pattern),
        );
        if (text) where.push(text);
      }
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(websiteFormSubmissions)
          .where(condition)
          .orderBy(desc(websiteFormSubmissions.receivedAt), desc(websiteFormSubmissions.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(websiteFormSubmissions).where(condition),
      ]);
      return { items: rows.map(toSubmission), total: Number(total?.n ?? 0) };
    },
  };
}
export type WebsiteFormsRepository = ReturnType<typeof createWebsiteFormsRepository>;
