import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  productInstances,
  products,
  supportRequests,
  users,
} from '../../kernel/db/schema';

const author = alias(users, 'support_author');
const replier = alias(users, 'support_replier');

export type SupportStatusFilter = 'open' | 'closed' | 'all';

/** Which requests a list covers: one product's, or those of some companies (null: all). */
export type SupportScope = { productId: number } | { companyIds: number[] | null };

/** Drizzle queries for support requests, each read with its company, product and people. */
export function createSupportRequestsRepository(db: Db) {
  const view = () =>
    db
      .select({
        id: supportRequests.id,
        companyId: supportRequests.companyId,
        companyName: clientCompanies.name,
        productId: supportRequests.productInstanceId,
        productSlug: productInstances.productSlug,
        productName: products.name,
        subject: supportRequests.subject,
        message: supportRequests.message,
        status: supportRequests.status,
        authorFirstName: author.firstName,
        authorLastName: author.lastName,
        reply: supportRequests.reply,
        replierFirstName: replier.firstName,
        replierLastName: replier.lastName,
        repliedAt: supportRequests.repliedAt,
        createdAt: supportRequests.createdAt,
      })
      .from(supportRequests)
      .innerJoin(clientCompanies, eq(clientCompanies.id, supportRequests.companyId))
      .innerJoin(productInstances, eq(productInstances.id, supportRequests.productInstanceId))
      .innerJoin(products, eq(products.slug, productInstances.productSlug))
      .leftJoin(author, eq(author.id, supportRequests.authorId))
      .leftJoin(replier, eq(replier.id, supportRequests.repliedBy));

  const where = (scope: SupportScope, status: SupportStatusFilter): SQL | undefined =>
    and(
      'productId' in scope
        ? eq(supportRequests.productInstanceId, scope.productId)
        : scope.companyIds
          ? inArray(supportRequests.companyId, scope.companyIds)
          : undefined,
      status === 'all' ? undefined : eq(supportRequests.status, status),
    );

  return {
    /** The product a request is about: its company decides who may read and write. */
    async product(productId: number) {
      const [row] = await db
        .select({ id: productInstances.id, companyId: productInstances.companyId })
        .from(productInstances)
        .where(eq(productInstances.id, productId));
      return row ?? null;
    },

    async get(requestId: number) {
      const [row] = await view().where(eq(supportRequests.id, requestId));
      return row ?? null;
    },

    /** Newest first; the total counts the whole filter, not the page. */
    async list(
      scope: SupportScope,
      status: SupportStatusFilter,
      page: { limit: number; offset: number },
    ) {
      const filter = where(scope, status);
      const [items, [total]] = await Promise.all([
        view()
          .where(filter)
          .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(supportRequests).where(filter),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async insert(values: typeof supportRequests.$inferInsert) {
      const [row] = await db
        .insert(supportRequests)
        .values(values)
        .returning({ id: supportRequests.id });
      if (!row) throw new Error('support request was not inserted');
      return row.id;
    },

    async update(
      requestId: number,
      patch: Partial<
        Pick<
          typeof supportRequests.$inferInsert,
          'reply' | 'repliedBy' | 'repliedAt' | 'status' | 'closedAt'
        >
      >,
    ) {
      await db.update(supportRequests).set(patch).where(eq(supportRequests.id, requestId));
    },
  };
}

export type SupportRequestsRepository = ReturnType<typeof createSupportRequestsRepository>;
export type SupportRequestRow = NonNullable<Awaited<ReturnType<SupportRequestsRepository['get']>>>;
