import type { QaAnswerState } from '@pinpoint/contracts';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  activityEvents,
  clientCompanies,
  qaQuestions,
  users,
  vendorConnections,
} from '../../kernel/db/schema';

export type QaRow = typeof qaQuestions.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Drizzle queries for a Business Profile's questions and answers. */
export function createQaRepository(db: Db) {
  return {
    async company(companyId: number) {
      const [row] = await db
        .select({ name: clientCompanies.name, trade: clientCompanies.primaryCategory })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row ?? null;
    },

    /**
     * The company's Business Profile connection: the product's own when it is one (the
     * Google products point at it), else the company's first.
     */
    async profileConnection(companyId: number, preferred: number | null): Promise<number | null> {
      const [row] = await db
        .select({ id: vendorConnections.id })
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.companyId, companyId),
            eq(vendorConnections.vendor, 'google-business-profile'),
          ),
        )
        .orderBy(sql`${vendorConnections.id} = ${preferred ?? 0} desc`, vendorConnections.id)
        .limit(1);
      return row?.id ?? null;
    },

    /** One page of a location's questions: unanswered first, then the newest asked. */
    async list(
      connectionId: number,
      filter: { state: QaAnswerState | null; q?: string },
      limit: number,
      offset: number,
    ) {
      const text: SQL | undefined = filter.q
        ? or(
            ilike(qaQuestions.text, `%${escapeLike(filter.q)}%`),
            ilike(qaQuestions.answerText, `%${escapeLike(filter.q)}%`),
            ilike(qaQuestions.authorName, `%${escapeLike(filter.q)}%`),
          )
        : undefined;
      const where = and(
        eq(qaQuestions.connectionId, connectionId),
        filter.state ? eq(qaQuestions.answerState, filter.state) : undefined,
        text,
      );
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(qaQuestions)
          .where(where)
          .orderBy(
            sql`${qaQuestions.answerState} = 'none' desc`,
            desc(qaQuestions.askedAt),
            desc(qaQuestions.id),
          )
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(qaQuestions).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async stateCounts(connectionId: number): Promise<Record<string, number>> {
      const rows = await db
        .select({ state: qaQuestions.answerState, n: count() })
        .from(qaQuestions)
        .where(eq(qaQuestions.connectionId, connectionId))
        .groupBy(qaQuestions.answerState);
      return Object.fromEntries(rows.map((r) => [r.state, r.n]));
    },

    async get(questionId: number): Promise<QaRow | null> {
      const [row] = await db.select().from(qaQuestions).where(eq(qaQuestions.id, questionId));
      return row ?? null;
    },

    async insert(row: typeof qaQuestions.$inferInsert): Promise<QaRow> {
      const [inserted] = await db.insert(qaQuestions).values(row).returning();
      if (!inserted) throw new Error('question insert returned nothing');
      return inserted;
    },

    async saveAnswer(
      questionId: number,
      answer: { text: string; by: number; at: Date },
    ): Promise<QaRow | null> {
      const [row] = await db
        .update(qaQuestions)
        .set({
          answerText: answer.text,
          answerState: 'to_publish',
          answeredBy: answer.by,
          answeredAt: answer.at,
          confirmedBy: null,
          confirmedAt: null,
          updatedAt: answer.at,
        })
        .where(eq(qaQuestions.id, questionId))
        .returning();
      return row ?? null;
    },

    /**
     * Marks the answer live, only if it is still the version the person published (same
     * `answeredAt`, still waiting): a check and a write in one statement, so an edit that
     * lands in between is never marked live. The overview gets its activity line with it.
     */
    async confirmLive(
      question: QaRow,
      answeredAt: Date,
      by: number,
      productInstanceId: number,
    ): Promise<QaRow | null> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .update(qaQuestions)
          .set({ answerState: 'live', confirmedBy: by, confirmedAt: now, updatedAt: now })
          .where(
            and(
              eq(qaQuestions.id, question.id),
              eq(qaQuestions.answerState, 'to_publish'),
              eq(qaQuestions.answeredAt, answeredAt),
            ),
          )
          .returning();
        if (!row) return null;
        await tx.insert(activityEvents).values({
          companyId: row.companyId,
          type: 'qa_answered',
          title: 'Answered a question on Google',
          detail: row.text.slice(0, 140),
          productInstanceId,
          occurredAt: now,
        });
        return row;
      });
    },

    async remove(questionId: number): Promise<boolean> {
      const rows = await db
        .delete(qaQuestions)
        .where(eq(qaQuestions.id, questionId))
        .returning({ id: qaQuestions.id });
      return rows.length > 0;
    },

    async userNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, first: users.firstName, last: users.lastName })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
    },
  };
}

export type QaRepository = ReturnType<typeof createQaRepository>;
