import { RANK_GRID_PRODUCT_SLUGS } from '@pinpoint/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  gridConfigs,
  gridScans,
  locations,
  productInstances,
} from '../../kernel/db/schema';

export type GridConfigRow = typeof gridConfigs.$inferSelect;
export type NewGridConfig = typeof gridConfigs.$inferInsert;
export type GridConfigPatch = Partial<Omit<NewGridConfig, 'id' | 'companyId' | 'createdAt'>>;

/** The columns lists show of a scan: no points, no competitors. */
const scanSummaryColumns = {
  id: gridScans.id,
  configId: gridScans.configId,
  keyword: gridScans.keyword,
  status: gridScans.status,
  origin: gridScans.origin,
  createdAt: gridScans.createdAt,
  finishedAt: gridScans.finishedAt,
  atrp: gridScans.atrp,
  arp: gridScans.arp,
  solv: gridScans.solv,
  foundIn: gridScans.foundIn,
};
export interface ScanSummaryRow {
  id: number;
  configId: number | null;
  keyword: string;
  status: string;
  origin: string;
  createdAt: Date;
  finishedAt: Date | null;
  atrp: number | null;
  arp: number | null;
  solv: number | null;
  foundIn: number | null;
}

/** A config the scheduler has just claimed: its run was due at `dueAt`. */
export interface ClaimedRun {
  configId: number;
  dueAt: Date;
  /** The database's "now" at the claim, also stored as the config's `last_run_at`. */
  claimedAt: Date;
}

/** Drizzle queries for grid configs and the scans lists they show; rules live in the service. */
export function createGridConfigsRepository(db: Db) {
  return {
    /** The company and where a grid would be centred by default: its own point, else its primary location. */
    async company(companyId: number) {
      const [row] = await db
        .select({
          id: clientCompanies.id,
          name: clientCompanies.name,
          lat: clientCompanies.latitude,
          lng: clientCompanies.longitude,
        })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      if (!row) return null;
      if (row.lat !== null && row.lng !== null) {
        return { ...row, centre: { lat: row.lat, lng: row.lng } };
      }
      const [location] = await db
        .select({ lat: locations.latitude, lng: locations.longitude })
        .from(locations)
        .where(eq(locations.companyId, companyId))
        .orderBy(desc(locations.isPrimary), asc(locations.id))
        .limit(1);
      return { ...row, centre: location ?? null };
    },

    /** The company's rank grid product instance, preferring an active one; null without one. */
    async rankGridItem(companyId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: productInstances.id })
        .from(productInstances)
        .where(
          and(
            eq(productInstances.companyId, companyId),
            inArray(productInstances.productSlug, [...RANK_GRID_PRODUCT_SLUGS]),
            ne(productInstances.status, 'cancelled'),
          ),
        )
        .orderBy(sql`${productInstances.status} = 'active' desc`, asc(productInstances.id))
        .limit(1);
      return row?.id ?? null;
    },

    async insert(values: NewGridConfig): Promise<GridConfigRow> {
      const [row] = await db.insert(gridConfigs).values(values).returning();
      if (!row) throw new Error('the grid config was not stored');
      return row;
    },

    async config(id: number): Promise<GridConfigRow | null> {
      const [row] = await db.select().from(gridConfigs).where(eq(gridConfigs.id, id));
      return row ?? null;
    },

    async configsOf(companyId: number): Promise<GridConfigRow[]> {
      return db
        .select()
        .from(gridConfigs)
        .where(eq(gridConfigs.companyId, companyId))
        .orderBy(asc(gridConfigs.keyword), asc(gridConfigs.id));
    },

    async update(id: number, patch: GridConfigPatch): Promise<GridConfigRow | null> {
      const [row] = await db
        .update(gridConfigs)
        .set(patch)
        .where(eq(gridConfigs.id, id))
        .returning();
      return row ?? null;
    },

    /** Deletes config `id` of `companyId`; its scans stay and lose the link (FK `set null`). */
    async remove(companyId: number, id: number): Promise<{ scansKept: number } | null> {
      return db.transaction(async (tx) => {
        const [scans] = await tx
          .select({ n: count() })
          .from(gridScans)
          .where(eq(gridScans.configId, id));
        const removed = await tx
          .delete(gridConfigs)
          .where(and(eq(gridConfigs.id, id), eq(gridConfigs.companyId, companyId)))
          .returning({ id: gridConfigs.id });
        return removed.length > 0 ? { scansKept: scans?.n ?? 0 } : null;
      });
    },

    /** Each config's latest finished scan (one indexed pass per config). */
    async latestFinished(configIds: number[]): Promise<Map<number, ScanSummaryRow>> {
      if (configIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([gridScans.configId], scanSummaryColumns)
        .from(gridScans)
        .where(and(inArray(gridScans.configId, configIds), eq(gridScans.status, 'done')))
        .orderBy(gridScans.configId, desc(gridScans.finishedAt), desc(gridScans.id));
      return new Map(rows.map((row) => [row.configId as number, row]));
    },

    async scansOfConfig(configId: number, page: number, pageSize: number) {
      const [items, [total]] = await Promise.all([
        db
          .select(scanSummaryColumns)
          .from(gridScans)
          .where(eq(gridScans.configId, configId))
          .orderBy(desc(gridScans.createdAt), desc(gridScans.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(gridScans).where(eq(gridScans.configId, configId)),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** The company's config scans since `since`, newest first, at most `limit`. */
    async recentConfigScans(companyId: number, since: Date, limit: number) {
      return db
        .select(scanSummaryColumns)
        .from(gridScans)
        .where(
          and(
            eq(gridScans.companyId, companyId),
            isNotNull(gridScans.configId),
            gte(gridScans.createdAt, since),
          ),
        )
        .orderBy(desc(gridScans.createdAt), desc(gridScans.id))
        .limit(limit);
    },

    /** How many scans each of the company's configs has had since `since` (not capped). */
    async scanCountsSince(companyId: number, since: Date): Promise<Map<number, number>> {
      const rows = await db
        .select({ configId: gridScans.configId, n: count() })
        .from(gridScans)
        .where(
          and(
            eq(gridScans.companyId, companyId),
            isNotNull(gridScans.configId),
            gte(gridScans.createdAt, since),
          ),
        )
        .groupBy(gridScans.configId);
      return new Map(rows.map((row) => [row.configId as number, row.n]));
    },

    /**
     * Claims up to `limit` due configs (active, next run passed) in one transaction: each row
     * is locked (`FOR UPDATE SKIP LOCKED`), moved to its next run and stamped with
     * `last_run_at`, and only then committed. A second process skips the locked rows, and once
     * they are committed they are no longer due, so each due run is claimed exactly once.
     * "Now" is the database's clock, the same clock that stamps the scans' `created_at`.
     */
    async claimDue(
      limit: number,
      nextRun: (frequency: string, dueAt: Date, now: Date) => Date | null,
    ): Promise<ClaimedRun[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({
            id: gridConfigs.id,
            frequency: gridConfigs.frequency,
            nextRunAt: gridConfigs.nextRunAt,
            now: sql<Date | string>`now()`,
          })
          .from(gridConfigs)
          .where(and(eq(gridConfigs.active, true), lte(gridConfigs.nextRunAt, sql`now()`)))
          .orderBy(asc(gridConfigs.nextRunAt), asc(gridConfigs.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        const claimed: ClaimedRun[] = [];
        for (const config of due) {
          if (!config.nextRunAt) continue;
          const now = new Date(config.now);
          await tx
            .update(gridConfigs)
            .set({ nextRunAt: nextRun(config.frequency, config.nextRunAt, now), lastRunAt: now })
            .where(eq(gridConfigs.id, config.id));
          claimed.push({ configId: config.id, dueAt: config.nextRunAt, claimedAt: now });
        }
        return claimed;
      });
    },

    /** Whether the scheduler already started a scan for this config at or after `since`. */
    async scheduledScanSince(configId: number, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: gridScans.id })
        .from(gridScans)
        .where(
          and(
            eq(gridScans.configId, configId),
            eq(gridScans.origin, 'scheduled'),
            gte(gridScans.createdAt, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type GridConfigsRepository = ReturnType<typeof createGridConfigsRepository>;
