import { SOLICITATION_REPEAT_DAYS } from '@pinpoint/contracts';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  solicitationBatches,
  solicitationBatchRows,
  solicitationContacts,
  solicitationOptOuts,
  solicitationRequests,
} from '../../kernel/db/schema';
import type { BulkLookups, CheckedRow, RawRow } from './bulk-validate';

export type BatchRow = typeof solicitationBatches.$inferSelect;
const DAY_MS = 86_400_000;

/** Drizzle queries of CSV batches; whole-batch statements, never one query per row. */
export function createBulkRepository(db: Db) {
  return {
    /** The batch and its rows, in one transaction (all or nothing). */
    async createDraft(
      batch: {
        companyId: number;
        productId: number;
        fileName: string;
        createdBy: number;
        options: Record<string, unknown>;
      },
      rows: Array<{ line: number; raw: Record<string, string> }>,
    ): Promise<BatchRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(solicitationBatches)
          .values({ ...batch, status: 'draft', rowCount: rows.length })
          .returning();
        if (!created) throw new Error('insert returned no batch');
        // One statement for up to 10,000 rows: the rows travel as one JSON parameter.
        await tx.execute(sql`
          insert into solicitation_batch_rows (batch_id, line, raw, state, problems)
          select ${created.id}, x.line, x.raw, 'pending', '[]'::jsonb
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(line int, raw jsonb)`);
        return created;
      });
    },

    async batch(batchId: number): Promise<BatchRow | null> {
      const [row] = await db
        .select()
        .from(solicitationBatches)
        .where(eq(solicitationBatches.id, batchId));
      return row ?? null;
    },

    async rawRows(batchId: number): Promise<RawRow[]> {
      return db
        .select({
          id: solicitationBatchRows.id,
          line: solicitationBatchRows.line,
          raw: solicitationBatchRows.raw,
        })
        .from(solicitationBatchRows)
        .where(eq(solicitationBatchRows.batchId, batchId))
        .orderBy(asc(solicitationBatchRows.line));
    },

    async firstRows(batchId: number, limit: number) {
      return db
        .select({ raw: solicitationBatchRows.raw })
        .from(solicitationBatchRows)
        .where(eq(solicitationBatchRows.batchId, batchId))
        .orderBy(asc(solicitationBatchRows.line))
        .limit(limit);
    },

    /**
     * What the database knows about these addresses, in three statements for the whole
     * batch: the stored contacts they belong to, opt-outs (this company's and everyone's,
     * not revoked) and the contacts' requests of the last 30 days.
     */
    async lookups(companyId: number, addresses: string[]): Promise<BulkLookups> {
      const lookups: BulkLookups = { optedOut: new Set(), askedAt: new Map(), related: new Map() };
      if (addresses.length === 0) return lookups;
      const list = JSON.stringify(addresses);
      const wanted = sql`(select jsonb_array_elements_text(${list}::jsonb))`;
      const contacts = await db
        .select({
          id: solicitationContacts.id,
          phone: solicitationContacts.phone,
          email: solicitationContacts.email,
        })
        .from(solicitationContacts)
        .where(
          and(
            eq(solicitationContacts.companyId, companyId),
            sql`(${solicitationContacts.phone} in ${wanted} or ${solicitationContacts.email} in ${wanted})`,
          ),
        );
      const byId = new Map<number, string[]>();
      for (const contact of contacts) {
        const own = [contact.phone, contact.email].filter((a): a is string => Boolean(a));
        byId.set(contact.id, own);
        for (const address of own) lookups.related.set(address, own);
      }
      const every = JSON.stringify([...new Set([...addresses, ...[...byId.values()].flat()])]);
      const opted = await db
        .select({ address: solicitationOptOuts.address })
        .from(solicitationOptOuts)
        .where(
          sql`${solicitationOptOuts.revokedAt} is null
            and (${solicitationOptOuts.companyId} = ${companyId} or ${solicitationOptOuts.companyId} is null)
            and ${solicitationOptOuts.address} in (select jsonb_array_elements_text(${every}::jsonb))`,
        );
      for (const row of opted) lookups.optedOut.add(row.address);
      if (byId.size > 0) {
        const since = new Date(Date.now() - SOLICITATION_REPEAT_DAYS * DAY_MS);
        const asked = await db
          .select({
            contactId: solicitationRequests.contactId,
            at: sql<Date>`max(${solicitationRequests.createdAt})`.mapWith(
              (value: string | Date) => new Date(value),
            ),
          })
          .from(solicitationRequests)
          .where(
            and(
              eq(solicitationRequests.companyId, companyId),
              inArray(solicitationRequests.contactId, [...byId.keys()]),
              sql`${solicitationRequests.createdAt} > ${since}`,
            ),
          )
          .groupBy(solicitationRequests.contactId);
        for (const row of asked) {
          for (const address of byId.get(row.contactId) ?? []) lookups.askedAt.set(address, row.at);
        }
      }
      return lookups;
    },

    /** Every row's state, problems and contact in one statement. */
    async saveChecked(
      batchId: number,
      mapping: Record<string, string | null>,
      options: Record<string, unknown>,
      rows: CheckedRow[],
    ): Promise<void> {
      const payload = JSON.stringify(
        rows.map((row) => ({
          id: row.id,
          state: row.state,
          problems: row.problems,
          contact: row.contact,
        })),
      );
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          update solicitation_batch_rows r
          set state = x.state, problems = x.problems, contact = x.contact
          from jsonb_to_recordset(${payload}::jsonb)
            as x(id bigint, state text, problems jsonb, contact jsonb)
          where r.id = x.id and r.batch_id = ${batchId}`);
        await tx
          .update(solicitationBatches)
          .set({ mapping: mapping as Record<string, string>, options })
          .where(and(eq(solicitationBatches.id, batchId), eq(solicitationBatches.status, 'draft')));
      });
    },

    async counts(batchId: number): Promise<Map<string, number>> {
      const rows = await db
        .select({ state: solicitationBatchRows.state, n: count() })
        .from(solicitationBatchRows)
        .where(eq(solicitationBatchRows.batchId, batchId))
        .groupBy(solicitationBatchRows.state);
      return new Map(rows.map((row) => [row.state, row.n]));
    },

    async problemRows(batchId: number, state: string | undefined, page: number, pageSize: number) {
      const where = and(
        eq(solicitationBatchRows.batchId, batchId),
        state ? eq(solicitationBatchRows.state, state) : ne(solicitationBatchRows.state, 'ok'),
        ne(solicitationBatchRows.state, 'pending'),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(solicitationBatchRows)
          .where(where)
          .orderBy(asc(solicitationBatchRows.line))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(solicitationBatchRows).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async okRows(batchId: number) {
      return db
        .select({ line: solicitationBatchRows.line, contact: solicitationBatchRows.contact })
        .from(solicitationBatchRows)
        .where(
          and(eq(solicitationBatchRows.batchId, batchId), eq(solicitationBatchRows.state, 'ok')),
        )
        .orderBy(asc(solicitationBatchRows.line));
    },

    /** Draft → confirmed, once: a second (or concurrent) confirmation finds no draft. */
    async confirm(batchId: number, options: Record<string, unknown>): Promise<BatchRow | null> {
      const [row] = await db
        .update(solicitationBatches)
        .set({ status: 'confirmed', confirmedAt: new Date(), options })
        .where(and(eq(solicitationBatches.id, batchId), eq(solicitationBatches.status, 'draft')))
        .returning();
      return row ?? null;
    },

    /** Confirmed → draft again: only when the sender refused the batch before creating any. */
    async reopen(batchId: number, options: Record<string, unknown>): Promise<void> {
      await db
        .update(solicitationBatches)
        .set({ status: 'draft', confirmedAt: null, options })
        .where(
          and(eq(solicitationBatches.id, batchId), eq(solicitationBatches.status, 'confirmed')),
        );
    },

    async saveOptions(batchId: number, options: Record<string, unknown>): Promise<void> {
      await db
        .update(solicitationBatches)
        .set({ options })
        .where(eq(solicitationBatches.id, batchId));
    },

    /** Draft → cancelled; its rows (customers' details) are deleted with it. */
    async cancel(batchId: number): Promise<BatchRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(solicitationBatches)
          .set({ status: 'cancelled' })
          .where(and(eq(solicitationBatches.id, batchId), eq(solicitationBatches.status, 'draft')))
          .returning();
        if (row) {
          await tx.delete(solicitationBatchRows).where(eq(solicitationBatchRows.batchId, batchId));
        }
        return row ?? null;
      });
    },
  };
}
export type BulkRepository = ReturnType<typeof createBulkRepository>;
