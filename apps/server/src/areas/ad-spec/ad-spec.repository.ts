import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  adSpecChanges,
  adSpecs,
  clientCompanies,
  productInstances,
  users,
} from '../../kernel/db/schema';

/** The products whose ads an ad spec describes. */
export const ADS_PRODUCT_SLUGS = ['google-ads', 'ads-xpress', 'facebook-ads', 'local-services-ads'];
export const HISTORY_LIMIT = 100;

export type AdSpecRow = typeof adSpecs.$inferSelect;
export type NewAdSpecRow = typeof adSpecs.$inferInsert;

const nameOf = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** Queries only. */
export function createAdSpecRepository(db: Db) {
  return {
    async companyExists(companyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: clientCompanies.id })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return Boolean(row);
    },

    async hasAdsProduct(companyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: productInstances.id })
        .from(productInstances)
        .where(
          and(
            eq(productInstances.companyId, companyId),
            inArray(productInstances.productSlug, ADS_PRODUCT_SLUGS),
            ne(productInstances.status, 'cancelled'),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async get(companyId: number) {
      const [row] = await db
        .select({ spec: adSpecs, updatedByName: nameOf })
        .from(adSpecs)
        .leftJoin(users, eq(users.id, adSpecs.updatedBy))
        .where(eq(adSpecs.companyId, companyId));
      return row ?? null;
    },

    async history(companyId: number) {
      return db
        .select({
          id: adSpecChanges.id,
          changedAt: adSpecChanges.changedAt,
          changedByName: nameOf,
          changes: adSpecChanges.changes,
        })
        .from(adSpecChanges)
        .leftJoin(users, eq(users.id, adSpecChanges.changedBy))
        .where(eq(adSpecChanges.companyId, companyId))
        .orderBy(desc(adSpecChanges.changedAt), desc(adSpecChanges.id))
        .limit(HISTORY_LIMIT);
    },

    /**
     * Writes a new version and its history row in one transaction, if the stored version is
     * still the one the editor saw (`expected`, null: none yet). Answers 'stale' otherwise,
     * having written nothing; the row lock makes two concurrent saves take turns.
     */
    async save(
      companyId: number,
      expected: Date | null,
      build: (current: AdSpecRow | null) => {
        values: Omit<NewAdSpecRow, 'companyId'>;
        changes: Record<string, { before: unknown; after: unknown }>;
      },
      changedBy: number,
    ): Promise<'stale' | 'unchanged' | 'saved'> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(adSpecs)
          .where(eq(adSpecs.companyId, companyId))
          .for('update');
        const stale = current
          ? expected === null || current.updatedAt.getTime() !== expected.getTime()
          : expected !== null;
        if (stale) return 'stale';
        const { values, changes } = build(current ?? null);
        if (Object.keys(changes).length === 0) return 'unchanged';
        const now = new Date();
        if (current) {
          await tx
            .update(adSpecs)
            .set({ ...values, updatedBy: changedBy, updatedAt: now })
            .where(eq(adSpecs.companyId, companyId));
        } else {
          // Two first saves at once: the primary key lets one in, the other is stale.
          const inserted = await tx
            .insert(adSpecs)
            .values({ ...values, companyId, updatedBy: changedBy, createdAt: now, updatedAt: now })
            .onConflictDoNothing()
            .returning({ id: adSpecs.companyId });
          if (inserted.length === 0) return 'stale';
        }
        await tx.insert(adSpecChanges).values({ companyId, changedBy, changedAt: now, changes });
        return 'saved';
      });
    },
  };
}

export type AdSpecRepository = ReturnType<typeof createAdSpecRepository>;
