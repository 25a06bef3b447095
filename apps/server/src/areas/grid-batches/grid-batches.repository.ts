import type { BatchSummary } from '@pinpoint/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  gridBatches,
  gridConfigs,
  gridScanPoints,
  gridScans,
} from '../../kernel/db/schema';

export type BatchRow = typeof gridBatches.$inferSelect;
export type ConfigRow = typeof gridConfigs.$inferSelect;

/** A config that was given to a starter and whose scan is not stored yet. */
export interface PendingStart {
  index: number;
  configId: number;
  /** ISO time of the claim: a claim left this long by a stopped process is taken over. */
  claimedAt: string;
}

export interface SkippedConfig {
  configId: number;
  companyId: number | null;
  keyword: string | null;
  reason: string;
}

/**
 * Where a batch stands, kept in `grid_batches.summary` (the schema has no cursor column).
 * It only changes under the batch's row lock, so two processes never hand out one index.
 */
export interface BatchLedger {
  /** configIds[0 .. nextIndex) have been handed out. */
  nextIndex: number;
  pending: PendingStart[];
  started: { configId: number; scanId: number }[];
  skipped: SkippedConfig[];
}

/** What `grid_batches.summary` holds: the ledger always, the result once finished. */
export interface StoredBatchSummary {
  ledger: BatchLedger;
  result?: BatchSummary;
}

export const EMPTY_LEDGER: BatchLedger = { nextIndex: 0, pending: [], started: [], skipped: [] };

export function ledgerOf(row: Pick<BatchRow, 'summary'>): BatchLedger {
  const stored = row.summary as Partial<StoredBatchSummary> | null;
  return stored?.ledger ?? EMPTY_LEDGER;
}

export function resultOf(row: Pick<BatchRow, 'summary'>): BatchSummary | null {
  return (row.summary as Partial<StoredBatchSummary> | null)?.result ?? null;
}

/** A transaction-scoped advisory lock: one batch may start at a time, across processes. */
const BATCH_START_LOCK = 604_201;

/** Drizzle queries for batches; the rules (claiming, finishing) live in the service. */
export function createGridBatchesRepository(db: Db) {
  return {
    /** Active configs of active client companies (all, or the given ones), in run order. */
    async plannedConfigs(companyIds?: number[]) {
      return db
        .select({ config: gridConfigs, companyName: clientCompanies.name })
        .from(gridConfigs)
        .innerJoin(clientCompanies, eq(clientCompanies.id, gridConfigs.companyId))
        .where(
          and(
            eq(gridConfigs.active, true),
            eq(clientCompanies.status, 'active'),
            companyIds ? inArray(gridConfigs.companyId, companyIds) : undefined,
          ),
        )
        .orderBy(asc(clientCompanies.name), asc(clientCompanies.id), asc(gridConfigs.id));
    },

    /** Recent finished scans' run time and size, to estimate a batch's duration from. */
    async recentScanTimings(limit = 50) {
      return db
        .select({
          startedAt: gridScans.startedAt,
          finishedAt: gridScans.finishedAt,
          points: gridScans.pointsTotal,
        })
        .from(gridScans)
        .where(and(isNotNull(gridScans.startedAt), isNotNull(gridScans.finishedAt)))
        .orderBy(desc(gridScans.finishedAt))
        .limit(limit);
    },

    /**
     * Stores the batch unless one is running; the check and the insert hold one advisory
     * lock, so two admins (or two processes) pressing "run" together get one batch.
     */
    async insertUnlessRunning(
      values: typeof gridBatches.$inferInsert,
    ): Promise<{ created: BatchRow } | { running: BatchRow }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_START_LOCK})`);
        const [running] = await tx
          .select()
          .from(gridBatches)
          .where(eq(gridBatches.status, 'running'))
          .limit(1);
        if (running) return { running };
        const [created] = await tx.insert(gridBatches).values(values).returning();
        if (!created) throw new Error('the batch was not stored');
        return { created };
      });
    },

    /** Runs `work` with the batch row locked (FOR UPDATE); null when there is no such batch. */
    async withLockedBatch<T>(
      batchId: number,
      work: (tx: Db, batch: BatchRow) => Promise<T>,
    ): Promise<T | null> {
      return db.transaction(async (tx) => {
        const [batch] = await tx
          .select()
          .from(gridBatches)
          .where(eq(gridBatches.id, batchId))
          .for('update');
        return batch ? work(tx, batch) : null;
      });
    },

    async scanCounts(batchId: number, executor: Db = db) {
      const [row] = await executor
        .select({
          started: count(),
          unfinished: sql<number>`count(*) filter (where ${gridScans.finishedAt} is null)`.mapWith(
            Number,
          ),
          pointsDone: sql<number>`coalesce(sum(${gridScans.pointsDone}), 0)`.mapWith(Number),
        })
        .from(gridScans)
        .where(eq(gridScans.batchId, batchId));
      const started = row?.started ?? 0;
      const unfinished = row?.unfinished ?? 0;
      return {
        started,
        unfinished,
        finished: started - unfinished,
        pointsDone: row?.pointsDone ?? 0,
      };
    },

    /** The same counts for a page of batches, in one grouped query. */
    async scanCountsByBatch(batchIds: number[]) {
      const counts = new Map<
        number,
        { unfinished: number; finished: number; pointsDone: number }
      >();
      if (batchIds.length === 0) return counts;
      const rows = await db
        .select({
          batchId: gridScans.batchId,
          started: count(),
          unfinished: sql<number>`count(*) filter (where ${gridScans.finishedAt} is null)`.mapWith(
            Number,
          ),
          pointsDone: sql<number>`coalesce(sum(${gridScans.pointsDone}), 0)`.mapWith(Number),
        })
        .from(gridScans)
        .where(inArray(gridScans.batchId, batchIds))
        .groupBy(gridScans.batchId);
      for (const row of rows) {
        if (row.batchId === null) continue;
        counts.set(row.batchId, {
          unfinished: row.unfinished,
          finished: row.started - row.unfinished,
          pointsDone: row.pointsDone,
        });
      }
      return counts;
    },

    async saveLedger(tx: Db, batchId: number, ledger: BatchLedger, scansDone: number) {
      await tx
        .update(gridBatches)
        .set({ summary: { ledger } satisfies StoredBatchSummary, scansDone })
        .where(eq(gridBatches.id, batchId));
    },

    async finish(
      tx: Db,
      batchId: number,
      result: {
        status: 'done' | 'failed';
        ledger: BatchLedger;
        summary: BatchSummary;
        scansDone: number;
        at: Date;
      },
    ) {
      await tx
        .update(gridBatches)
        .set({
          status: result.status,
          scansDone: result.scansDone,
          summary: { ledger: result.ledger, result: result.summary } satisfies StoredBatchSummary,
          finishedAt: result.at,
        })
        .where(eq(gridBatches.id, batchId));
    },

    /** The config as it is now (it may have been changed or deleted since the batch began). */
    async configToStart(configId: number) {
      const [row] = await db
        .select({ config: gridConfigs, companyStatus: clientCompanies.status })
        .from(gridConfigs)
        .innerJoin(clientCompanies, eq(clientCompanies.id, gridConfigs.companyId))
        .where(eq(gridConfigs.id, configId));
      return row ?? null;
    },

    /** A scan this batch already stored for the config (a start that was cut off after it). */
    async scanOfBatchConfig(batchId: number, configId: number) {
      const [row] = await db
        .select({ id: gridScans.id })
        .from(gridScans)
        .where(and(eq(gridScans.batchId, batchId), eq(gridScans.configId, configId)))
        .limit(1);
      return row ?? null;
    },

    /** The batch's scans with what the summary needs, and the searches their points sent. */
    async summaryScans(tx: Db, batchId: number) {
      const scans = await tx
        .select({
          id: gridScans.id,
          configId: gridScans.configId,
          companyId: gridScans.companyId,
          companyName: clientCompanies.name,
          keyword: gridScans.keyword,
          status: gridScans.status,
          pointsTotal: gridScans.pointsTotal,
          metrics: gridScans.metrics,
          atrp: gridScans.atrp,
          solv: gridScans.solv,
        })
        .from(gridScans)
        .innerJoin(clientCompanies, eq(clientCompanies.id, gridScans.companyId))
        .where(eq(gridScans.batchId, batchId))
        .orderBy(asc(gridScans.id));
      const [searches] = await tx
        .select({
          total: sql<number>`coalesce(sum(${gridScanPoints.attempts}), 0)`.mapWith(Number),
        })
        .from(gridScanPoints)
        .innerJoin(gridScans, eq(gridScans.id, gridScanPoints.scanId))
        .where(eq(gridScans.batchId, batchId));
      return { scans, searches: searches?.total ?? 0 };
    },

    /**
     * For each of the batch's measured scans, the config's previous finished scan at the same
     * settings (scans of different settings are never compared: DECISIONS.md "Rank grids").
     */
    async previousScans(tx: Db, batchId: number) {
      const previous = alias(gridScans, 'previous');
      return tx
        .selectDistinctOn([gridScans.id], {
          scanId: gridScans.id,
          previousScanId: previous.id,
          previousAtrp: previous.atrp,
        })
        .from(gridScans)
        .innerJoin(
          previous,
          and(
            eq(previous.configId, gridScans.configId),
            eq(previous.keyword, gridScans.keyword),
            eq(previous.size, gridScans.size),
            eq(previous.radius, gridScans.radius),
            eq(previous.unit, gridScans.unit),
            eq(previous.shape, gridScans.shape),
            eq(previous.status, 'done'),
            isNotNull(previous.atrp),
            lt(previous.createdAt, gridScans.createdAt),
            ne(previous.id, gridScans.id),
          ),
        )
        .where(and(eq(gridScans.batchId, batchId), isNotNull(gridScans.atrp)))
        .orderBy(asc(gridScans.id), desc(previous.createdAt), desc(previous.id));
    },

    async find(batchId: number): Promise<BatchRow | null> {
      const [row] = await db.select().from(gridBatches).where(eq(gridBatches.id, batchId));
      return row ?? null;
    },

    async page(page: number, pageSize: number) {
      const rows = await db
        .select()
        .from(gridBatches)
        .orderBy(desc(gridBatches.createdAt), desc(gridBatches.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(gridBatches);
      return { rows, total: total?.n ?? 0 };
    },

    /** Batches still running, for the sweep that nudges any a lost wake-up left behind. */
    async runningIds(): Promise<number[]> {
      const rows = await db
        .select({ id: gridBatches.id })
        .from(gridBatches)
        .where(and(eq(gridBatches.status, 'running'), isNull(gridBatches.finishedAt)));
      return rows.map((row) => row.id);
    },
  };
}

export type GridBatchesRepository = ReturnType<typeof createGridBatchesRepository>;
