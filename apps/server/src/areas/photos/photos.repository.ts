import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { photos, vendorConnections } from '../../kernel/db/schema';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import type { PageWriteResult } from '../../platform/vendor-sync/define-sync';
import { upsertChanged } from '../../platform/vendor-sync/upsert-changed';
import type { VendorMediaItem } from '../../providers/google-business-profile/media-port';

export type PhotoRow = typeof photos.$inferSelect;

/** Drizzle queries for a location's photos. */
export function createPhotosRepository(db: Db) {
  return {
    /** The company's Business Profile connection (the listings products show its photos). */
    async profileConnection(companyId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: vendorConnections.id })
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.companyId, companyId),
            eq(vendorConnections.vendor, 'google-business-profile'),
          ),
        )
        .orderBy(vendorConnections.id)
        .limit(1);
      return row?.id ?? null;
    },

    /** One page of a connection's photos, newest first, without deleted ones. */
    async list(connectionId: number, category: string | undefined, limit: number, offset: number) {
      const where = and(
        eq(photos.connectionId, connectionId),
        sql`${photos.state} <> 'deleted'`,
        category ? eq(photos.category, category) : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(photos)
          .where(where)
          .orderBy(desc(photos.takenAt), desc(photos.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(photos).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async categoryCounts(connectionId: number): Promise<Record<string, number>> {
      const rows = await db
        .select({ category: photos.category, n: count() })
        .from(photos)
        .where(and(eq(photos.connectionId, connectionId), sql`${photos.state} <> 'deleted'`))
        .groupBy(photos.category);
      return Object.fromEntries(rows.map((r) => [r.category, r.n]));
    },

    async get(photoId: number): Promise<PhotoRow | null> {
      const [row] = await db.select().from(photos).where(eq(photos.id, photoId));
      return row ?? null;
    },

    async insertUpload(row: typeof photos.$inferInsert): Promise<PhotoRow> {
      const [inserted] = await db.insert(photos).values(row).returning();
      if (!inserted) throw new Error('photo insert returned nothing');
      return inserted;
    },

    async updateState(photoId: number, changes: Partial<PhotoRow>): Promise<PhotoRow | null> {
      return this.update(db, photoId, changes);
    },

    async update(tx: Db, photoId: number, changes: Partial<PhotoRow>): Promise<PhotoRow | null> {
      const [row] = await tx
        .update(photos)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(photos.id, photoId))
        .returning();
      return row ?? null;
    },

    /** Upserts a synced page by the vendor's ids; rows that did not change are not written. */
    async upsertPage(
      tx: Db,
      connection: ConnectionRow,
      items: VendorMediaItem[],
    ): Promise<PageWriteResult> {
      if (items.length === 0) return { written: 0, createdIds: [] };
      const rows = await tx
        .insert(photos)
        .values(
          items.map((item) => ({
            companyId: connection.companyId,
            connectionId: connection.id,
            externalId: item.externalId,
            category: item.category,
            description: item.description,
            googleUrl: item.googleUrl,
            thumbnailUrl: item.thumbnailUrl,
            width: item.width,
            height: item.height,
            views: item.views,
            state: 'live',
            takenAt: item.createdAt,
          })),
        )
        .onConflictDoUpdate(
          upsertChanged(photos, {
            target: [photos.connectionId, photos.externalId],
            update: ['category', 'description', 'googleUrl', 'thumbnailUrl', 'views'],
            expressions: { updatedAt: sql`now()` },
            changedWhen: ['category', 'description', 'googleUrl', 'thumbnailUrl', 'views'],
          }),
        )
        .returning({ id: photos.id, created: sql<boolean>`(xmax = 0)` });
      return { written: rows.length, createdIds: rows.filter((r) => r.created).map((r) => r.id) };
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
