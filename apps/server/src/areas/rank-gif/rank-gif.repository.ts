import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { gridScanPoints, gridScans, rankGifs } from '../../kernel/db/schema';

export type GifRow = typeof rankGifs.$inferSelect;
export type NewGif = typeof rankGifs.$inferInsert;
type ScanRow = typeof gridScans.$inferSelect;

/** The settings a GIF's frames share, and the scan that ends the series. */
export interface SeriesKey {
  companyId: number;
  keyword: string;
  size: number;
  radius: number;
  unit: string;
  /** The last scan of the series (the one the GIF was asked from). */
  until: { id: number; createdAt: Date };
}

/** Finished scans of the same settings, up to and including `until` (ties broken by id). */
function seriesWhere(key: SeriesKey) {
  return and(
    eq(gridScans.companyId, key.companyId),
    eq(gridScans.keyword, key.keyword),
    eq(gridScans.size, key.size),
    eq(gridScans.radius, key.radius),
    eq(gridScans.unit, key.unit),
    eq(gridScans.status, 'done'),
    sql`(${gridScans.createdAt}, ${gridScans.id}) <= (${key.until.createdAt.toISOString()}::timestamptz, ${key.until.id})`,
  );
}

/** Rank GIF rows and the scans they are drawn from: queries only, no rules. */
export function createRankGifRepository(db: Db) {
  return {
    async create(row: NewGif): Promise<GifRow> {
      const [created] = await db.insert(rankGifs).values(row).returning();
      if (!created) throw new Error('rank_gifs insert returned nothing');
      return created;
    },

    async gif(gifId: number): Promise<GifRow | null> {
      const [row] = await db.select().from(rankGifs).where(eq(rankGifs.id, gifId));
      return row ?? null;
    },

    /** A GIF's status without its bytes (polled while it renders). */
    async status(gifId: number): Promise<Omit<GifRow, 'gif'> | null> {
      const { gif: _bytes, ...columns } = getTableColumns(rankGifs);
      const [row] = await db.select(columns).from(rankGifs).where(eq(rankGifs.id, gifId));
      return row ?? null;
    },

    /** The id and time that end a series at this scan. */
    async scanTime(scanId: number): Promise<{ id: number; createdAt: Date } | null> {
      const [row] = await db
        .select({ id: gridScans.id, createdAt: gridScans.createdAt })
        .from(gridScans)
        .where(eq(gridScans.id, scanId));
      return row ?? null;
    },

    async seriesCount(key: SeriesKey): Promise<number> {
      const [row] = await db.select({ n: count() }).from(gridScans).where(seriesWhere(key));
      return row?.n ?? 0;
    },

    /** The newest `limit` scans of the series, oldest first (the order the frames play in). */
    async series(key: SeriesKey, limit: number): Promise<ScanRow[]> {
      const newest = await db
        .select()
        .from(gridScans)
        .where(seriesWhere(key))
        .orderBy(desc(gridScans.createdAt), desc(gridScans.id))
        .limit(limit);
      return newest.reverse();
    },

    /** The points of several scans at once, by scan. */
    async pointsOf(scanIds: number[]) {
      if (scanIds.length === 0) return new Map<number, (typeof gridScanPoints.$inferSelect)[]>();
      const rows = await db
        .select()
        .from(gridScanPoints)
        .where(inArray(gridScanPoints.scanId, scanIds))
        .orderBy(asc(gridScanPoints.scanId), asc(gridScanPoints.pointIndex));
      const byScan = new Map<number, (typeof gridScanPoints.$inferSelect)[]>();
      for (const row of rows) {
        const list = byScan.get(row.scanId) ?? [];
        list.push(row);
        byScan.set(row.scanId, list);
      }
      return byScan;
    },

    /** A (re)started render: progress back to zero, bytes and error cleared. */
    async start(gifId: number, framesTotal: number): Promise<void> {
      await db
        .update(rankGifs)
        .set({ status: 'running', framesTotal, framesDone: 0, gif: null, error: null })
        .where(eq(rankGifs.id, gifId));
    },

    async progress(gifId: number, framesDone: number): Promise<void> {
      await db.update(rankGifs).set({ framesDone }).where(eq(rankGifs.id, gifId));
    },

    async finish(gifId: number, gif: Uint8Array, at: Date): Promise<void> {
      await db
        .update(rankGifs)
        .set({ status: 'done', gif, finishedAt: at, error: null })
        .where(eq(rankGifs.id, gifId));
    },

    async fail(gifId: number, error: string, at: Date): Promise<void> {
      await db
        .update(rankGifs)
        .set({ status: 'failed', error, finishedAt: at })
        .where(eq(rankGifs.id, gifId));
    },
  };
}

export type RankGifRepository = ReturnType<typeof createRankGifRepository>;
