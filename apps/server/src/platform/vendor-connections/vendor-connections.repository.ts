import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { syncStates, vendorConnections } from '../../kernel/db/schema';

export type ConnectionRow = typeof vendorConnections.$inferSelect;
export type SyncStateRow = typeof syncStates.$inferSelect;

/** Drizzle queries for vendor connections and their sync states. */
export function createVendorConnectionsRepository(db: Db) {
  return {
    async listForCompany(companyId: number) {
      const connections = await db
        .select()
        .from(vendorConnections)
        .where(eq(vendorConnections.companyId, companyId))
        .orderBy(asc(vendorConnections.vendor), asc(vendorConnections.id));
      const states = connections.length
        ? await db
            .select()
            .from(syncStates)
            .where(
              inArray(
                syncStates.connectionId,
                connections.map((c) => c.id),
              ),
            )
        : [];
      return connections.map((connection) => ({
        connection,
        syncs: states.filter((s) => s.connectionId === connection.id),
      }));
    },

    async get(id: number): Promise<ConnectionRow | null> {
      const [row] = await db.select().from(vendorConnections).where(eq(vendorConnections.id, id));
      return row ?? null;
    },

    async resetSyncs(connectionId: number): Promise<void> {
      await db.delete(syncStates).where(eq(syncStates.connectionId, connectionId));
    },

    async syncsOf(connectionId: number): Promise<SyncStateRow[]> {
      return db.select().from(syncStates).where(eq(syncStates.connectionId, connectionId));
    },

    /** Null when the company already has this vendor account. */
    async insert(values: typeof vendorConnections.$inferInsert): Promise<ConnectionRow | null> {
      const [row] = await db
        .insert(vendorConnections)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async update(
      id: number,
      changes: Partial<
        Pick<ConnectionRow, 'externalAccount' | 'displayName' | 'status' | 'secretsSealed'>
      >,
    ): Promise<ConnectionRow | null> {
      const [row] = await db
        .update(vendorConnections)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(vendorConnections.id, id))
        .returning();
      return row ?? null;
    },

    async accountTaken(
      companyId: number,
      vendor: string,
      externalAccount: string,
      exceptId: number,
    ) {
      const [row] = await db
        .select({ id: vendorConnections.id })
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.companyId, companyId),
            eq(vendorConnections.vendor, vendor),
            eq(vendorConnections.externalAccount, externalAccount),
            sql`${vendorConnections.id} <> ${exceptId}`,
          ),
        );
      return Boolean(row);
    },
  };
}

export type VendorConnectionsRepository = ReturnType<typeof createVendorConnectionsRepository>;
