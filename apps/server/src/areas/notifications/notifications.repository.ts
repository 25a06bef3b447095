import type { NotificationDecision } from '@pinpoint/contracts';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { notifications, users } from '../../kernel/db/schema';
import { companyExists } from '../clients';

type NotificationTableRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;

/** A notification with the display name of whoever decided it (null while undecided). */
export type NotificationRow = NotificationTableRow & { actorName: string | null };

const actorName = sql<
  string | null
>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** Drizzle queries for client notifications; no rules here (see the service). */
export function createNotificationsRepository(db: Db) {
  const selectWithActor = () =>
    db
      .select({ notification: notifications, actorName })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.actedBy));

  const flatten = (row: { notification: NotificationTableRow; actorName: string | null }) => ({
    ...row.notification,
    actorName: row.actorName,
  });

  return {
    companyExists: (companyId: number) => companyExists(db, companyId),

    async findById(id: number): Promise<NotificationRow | null> {
      const [row] = await selectWithActor().where(eq(notifications.id, id));
      return row ? flatten(row) : null;
    },

    /** One page of a company's notifications, newest first (id breaks ties), and the counts. */
    async list(filter: { companyId: number; pendingOnly: boolean; limit: number; offset: number }) {
      const ofCompany = eq(notifications.companyId, filter.companyId);
      const pending = and(ofCompany, eq(notifications.state, 'pending')) as SQL;
      const unread = and(ofCompany, isNull(notifications.readAt)) as SQL;
      const where = filter.pendingOnly ? pending : ofCompany;
      const [rows, [matching], [unreadTotal], [pendingTotal]] = await Promise.all([
        selectWithActor()
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(notifications).where(where),
        db.select({ n: count() }).from(notifications).where(unread),
        db.select({ n: count() }).from(notifications).where(pending),
      ]);
      return {
        items: rows.map(flatten),
        total: Number(matching?.n ?? 0),
        unreadCount: Number(unreadTotal?.n ?? 0),
        pendingCount: Number(pendingTotal?.n ?? 0),
      };
    },

    /**
     * Decides a pending notification in one statement: the `state = 'pending'` condition
     * makes concurrent deciders race on the row, and only the first one gets it back.
     * Null means it was not pending (any more).
     */
    async decide(
      id: number,
      decision: NotificationDecision,
      userId: number,
      at: Date,
    ): Promise<NotificationTableRow | null> {
      const [row] = await db
        .update(notifications)
        .set({ state: decision, actedBy: userId, actedAt: at })
        .where(and(eq(notifications.id, id), eq(notifications.state, 'pending')))
        .returning();
      return row ?? null;
    },

    /** Marks unread notifications of a company read (only the given ids when there are any). */
    async markRead(companyId: number, ids: number[] | null, at: Date): Promise<number> {
      const conditions = [eq(notifications.companyId, companyId), isNull(notifications.readAt)];
      if (ids) conditions.push(inArray(notifications.id, ids));
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(...conditions))
        .returning({ id: notifications.id });
      return rows.length;
    },

    async unreadCount(companyId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.companyId, companyId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    async userName(userId: number): Promise<string | null> {
      const [row] = await db.select({ name: actorName }).from(users).where(eq(users.id, userId));
      return row?.name ?? null;
    },

    /** Inserts notifications (tests; the demo seed writes its own). */
    async insert(rows: NewNotificationRow[]): Promise<NotificationTableRow[]> {
      if (rows.length === 0) return [];
      return db.insert(notifications).values(rows).returning();
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
