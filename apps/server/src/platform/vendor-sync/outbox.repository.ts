import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { outbox } from '../../kernel/db/schema';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = Omit<
  typeof outbox.$inferInsert,
  'id' | 'attempts' | 'createdAt' | 'updatedAt' | 'sentAt' | 'lastError'
>;

/**
 * A scheduled write may still be changed or cancelled while it waits: awaiting approval, or
 * pending with its send time at least this far ahead (so no send job is already under way).
 */
export const AMEND_MARGIN_SECONDS = 30;

/** Drizzle queries for the outbox of vendor writes. */
export function createOutboxRepository(db: Db) {
  const byId = (id: number) => eq(outbox.id, id);
  return {
    /** Inserts the write; with a key already used, answers the row that has it. */
    async insertOnce(row: NewOutboxRow): Promise<{ row: OutboxRow; created: boolean }> {
      const [created] = await db.insert(outbox).values(row).onConflictDoNothing().returning();
      if (created) return { row: created, created: true };
      const [existing] = await db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, row.idempotencyKey));
      if (!existing) throw new Error('outbox insert conflicted on a row that is gone');
      return { row: existing, created: false };
    },

    async get(id: number): Promise<OutboxRow | null> {
      const [row] = await db.select().from(outbox).where(byId(id));
      return row ?? null;
    },

    async forSubject(subjectType: string, subjectIds: number[]): Promise<OutboxRow[]> {
      if (subjectIds.length === 0) return [];
      return db
        .select()
        .from(outbox)
        .where(and(eq(outbox.subjectType, subjectType), inArray(outbox.subjectId, subjectIds)))
        .orderBy(desc(outbox.createdAt), desc(outbox.id));
    },

    /** Counts an attempt before the vendor is called. */
    async countAttempt(id: number): Promise<number> {
      const [row] = await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, updatedAt: new Date() })
        .where(byId(id))
        .returning({ attempts: outbox.attempts });
      return row?.attempts ?? 0;
    },

    /**
     * Moves a row on only from the status it is expected in: the guard that makes a
     * retried job, or two processes, unable to mark (or send) one write twice.
     */
    async transition(
      tx: Db,
      id: number,
      from: string,
      changes: Partial<Pick<OutboxRow, 'status' | 'lastError' | 'sentAt' | 'approvedBy'>>,
    ): Promise<OutboxRow | null> {
      const [row] = await tx
        .update(outbox)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(byId(id), eq(outbox.status, from)))
        .returning();
      return row ?? null;
    },

    async noteError(id: number, message: string): Promise<void> {
      await db.update(outbox).set({ lastError: message, updatedAt: new Date() }).where(byId(id));
    },

    /** Pending rows, due now, whose job may have been lost (for the tick to send again). */
    async stalePending(olderThan: Date, limit: number): Promise<OutboxRow[]> {
      return db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            sql`${outbox.updatedAt} < ${olderThan}`,
            sql`(${outbox.sendAfter} is null or ${outbox.sendAfter} <= now())`,
          ),
        )
        .limit(limit);
    },

    /**
     * Changes a waiting write (its payload, its send time) or cancels it, only while it may
     * still change (AMEND_MARGIN_SECONDS); null when it is too late or not waiting.
     */
    async amendWaiting(
      id: number,
      changes: Partial<Pick<OutboxRow, 'payload' | 'sendAfter' | 'status'>>,
    ): Promise<OutboxRow | null> {
      const [row] = await db
        .update(outbox)
        .set({ ...changes, updatedAt: new Date() })
        .where(
          and(
            byId(id),
            sql`(${outbox.status} = 'awaiting_approval' or (${outbox.status} = 'pending' and ${outbox.sendAfter} > now() + make_interval(secs => ${AMEND_MARGIN_SECONDS})))`,
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
