import { and, count, desc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { qrCodes, qrScans } from '../../kernel/db/schema';

export type QrCodeRow = typeof qrCodes.$inferSelect;
export type QrCodeWithScans = QrCodeRow & { scans: number; lastScanAt: Date | null };

/** Drizzle queries of our own QR codes; the service applies the rules. */
export function createQrCodesRepository(db: Db) {
  return {
    async list(productId: number, status: string, page: number, pageSize: number) {
      const where = and(eq(qrCodes.productInstanceId, productId), eq(qrCodes.status, status));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(qrCodes)
          .where(where)
          .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(qrCodes).where(where),
      ]);
      const ids = rows.map((r) => r.id);
      const figures = ids.length
        ? await db
            .select({ id: qrScans.qrCodeId, scans: count(), last: max(qrScans.scannedAt) })
            .from(qrScans)
            .where(inArray(qrScans.qrCodeId, ids))
            .groupBy(qrScans.qrCodeId)
        : [];
      const byId = new Map(figures.map((f) => [f.id, f]));
      const items: QrCodeWithScans[] = rows.map((row) => ({
        ...row,
        scans: byId.get(row.id)?.scans ?? 0,
        lastScanAt: byId.get(row.id)?.last ?? null,
      }));
      return { items, total: total?.n ?? 0 };
    },

    async get(productId: number, id: number): Promise<QrCodeWithScans | null> {
      const [row] = await db
        .select()
        .from(qrCodes)
        .where(and(eq(qrCodes.id, id), eq(qrCodes.productInstanceId, productId)));
      if (!row) return null;
      const [figures] = await db
        .select({ scans: count(), last: max(qrScans.scannedAt) })
        .from(qrScans)
        .where(eq(qrScans.qrCodeId, id));
      return { ...row, scans: figures?.scans ?? 0, lastScanAt: figures?.last ?? null };
    },

    /** Null when the code is taken (the caller draws another). */
    async insert(values: typeof qrCodes.$inferInsert): Promise<QrCodeRow | null> {
      const [row] = await db
        .insert(qrCodes)
        .values(values)
        .onConflictDoNothing({ target: qrCodes.code })
        .returning();
      return row ?? null;
    },

    async update(
      productId: number,
      id: number,
      patch: Partial<Pick<QrCodeRow, 'name' | 'targetUrl' | 'status'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(qrCodes)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(qrCodes.id, id), eq(qrCodes.productInstanceId, productId)))
        .returning({ id: qrCodes.id });
      return rows.length > 0;
    },

    async remove(productId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(qrCodes)
        .where(and(eq(qrCodes.id, id), eq(qrCodes.productInstanceId, productId)))
        .returning({ id: qrCodes.id });
      return rows.length > 0;
    },

    /** The redirect's one lookup (unique index on code). */
    async byCode(code: string) {
      const [row] = await db
        .select({ id: qrCodes.id, targetUrl: qrCodes.targetUrl, status: qrCodes.status })
        .from(qrCodes)
        .where(eq(qrCodes.code, code));
      return row ?? null;
    },
  };
}
export type QrCodesRepository = ReturnType<typeof createQrCodesRepository>;
