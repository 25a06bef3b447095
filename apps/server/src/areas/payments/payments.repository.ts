import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  checkoutSessions,
  clientCompanies,
  invoices,
  paymentEvents,
  paymentMethods,
  payments,
} from '../../kernel/db/schema';
import type {
  ChargedPayment,
  PaymentMethodKind,
  PaymentMethodOnFile,
  PaymentsProviderName,
} from '../../providers/payments/port';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type InvoiceForPayment = typeof invoices.$inferSelect & { companyName: string };

/** What a paid checkout event asks to apply, once its signature has been checked. */
export interface PaidCheckout {
  provider: PaymentsProviderName;
  eventId: string;
  type: string;
  sessionId: string;
  invoiceId: number | null;
  companyId: number | null;
  payment: ChargedPayment;
  currency: string;
}

export type ApplyOutcome =
  | { outcome: 'handled'; companyId: number; invoiceId: number }
  | { outcome: 'duplicate' }
  | { outcome: 'ignored'; reason: string; companyId: number | null; invoiceId: number | null };

const kindOf = (value: string): PaymentMethodKind =>
  value === 'us_bank_account' ? 'us_bank_account' : 'card';

/**
 * Marks an open invoice paid with the payment, in the caller's transaction. The payment is
 * unique on (provider, external id) and the invoice only moves while open, so a second
 * attempt (a double click, a redelivered webhook) changes nothing and says so.
 */
async function recordPayment(
  tx: Tx,
  input: {
    provider: PaymentsProviderName;
    invoice: { id: number; companyId: number };
    payment: ChargedPayment;
    createdBy: number | null;
    /** The provider says what paid: it becomes the card or account on file. */
    updateMethodOnFile: boolean;
  },
): Promise<boolean> {
  const { payment, invoice } = input;
  const inserted = await tx
    .insert(payments)
    .values({
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      amountCents: payment.amountCents,
      provider: input.provider,
      externalId: payment.externalId,
      method: payment.method?.kind ?? 'card',
      brand: payment.method?.brand ?? null,
      last4: payment.method?.last4 ?? null,
      paidAt: payment.paidAt,
      createdBy: input.createdBy,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (inserted.length === 0) return false;
  const moved = await tx
    .update(invoices)
    .set({
      status: 'paid',
      amountPaidCents: sql`${invoices.amountPaidCents} + ${payment.amountCents}`,
      paidAt: payment.paidAt,
    })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')))
    .returning({ id: invoices.id });
  if (moved.length === 0) throw new InvoiceNotOpen();
  if (input.updateMethodOnFile && payment.method) {
    const method = {
      provider: input.provider,
      kind: payment.method.kind,
      brand: payment.method.brand,
      last4: payment.method.last4,
      expMonth: payment.method.expMonth,
      expYear: payment.method.expYear,
      updatedAt: payment.paidAt,
    };
    await tx
      .insert(paymentMethods)
      .values({ companyId: invoice.companyId, ...method })
      .onConflictDoUpdate({ target: paymentMethods.companyId, set: method });
  }
  return true;
}

/** Thrown inside a transaction to roll it back: the invoice was paid or voided meanwhile. */
export class InvoiceNotOpen extends Error {
  override readonly name = 'InvoiceNotOpen';
}

export function createPaymentsRepository(db: Db) {
  return {
    async invoice(companyId: number, invoiceId: number): Promise<InvoiceForPayment | null> {
      const [row] = await db
        .select({ invoice: invoices, companyName: clientCompanies.name })
        .from(invoices)
        .innerJoin(clientCompanies, eq(clientCompanies.id, invoices.companyId))
        .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)));
      return row ? { ...row.invoice, companyName: row.companyName } : null;
    },

    async methodOnFile(companyId: number): Promise<PaymentMethodOnFile | null> {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.companyId, companyId));
      if (!row) return null;
      return {
        kind: kindOf(row.kind),
        brand: row.brand,
        last4: row.last4,
        expMonth: row.expMonth,
        expYear: row.expYear,
      };
    },

    /** The newest session still open for the invoice, and how many were ever opened. */
    async sessionsOf(invoiceId: number) {
      const [open] = await db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.invoiceId, invoiceId), eq(checkoutSessions.status, 'open')))
        .orderBy(desc(checkoutSessions.createdAt))
        .limit(1);
      const [total] = await db
        .select({ n: count() })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.invoiceId, invoiceId));
      return { open: open ?? null, opened: total?.n ?? 0 };
    },

    /** Two clicks at once get the same session from Stripe (one idempotency key): one row. */
    async saveSession(values: typeof checkoutSessions.$inferInsert) {
      await db.insert(checkoutSessions).values(values).onConflictDoNothing();
    },

    async setSessionStatus(id: string, status: 'expired' | 'complete') {
      await db
        .update(checkoutSessions)
        .set({ status, ...(status === 'complete' && { completedAt: new Date() }) })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    },

    /** The demo provider's immediate charge. False when the invoice was already paid. */
    async payNow(input: {
      invoice: { id: number; companyId: number };
      payment: ChargedPayment;
      createdBy: number;
    }): Promise<boolean> {
      try {
        return await db.transaction((tx) =>
          recordPayment(tx, { ...input, provider: 'demo', updateMethodOnFile: false }),
        );
      } catch (error) {
        if (error instanceof InvoiceNotOpen) return false;
        throw error;
      }
    },

    /** Whether a provider event was already handled (a cheap look before any vendor call). */
    async seenEvent(provider: PaymentsProviderName, eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: paymentEvents.eventId })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
      return Boolean(row);
    },

    /** Records an event that needs no transaction of its own, unless it was recorded before. */
    async recordEvent(
      provider: PaymentsProviderName,
      eventId: string,
      type: string,
      outcome: 'handled' | 'ignored',
    ): Promise<'handled' | 'ignored' | 'duplicate'> {
      const claimed = await db
        .insert(paymentEvents)
        .values({ provider, eventId, type, outcome })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      return claimed.length > 0 ? outcome : 'duplicate';
    },

    /**
     * Applies a paid checkout in ONE transaction: the event is claimed first (its primary key
     * makes a redelivery, even a concurrent one, a no-op), then checked against the session we
     * opened and the invoice's amount due; only then the payment, the paid invoice, the
     * completed session and the card on file are written.
     */
    async applyPaidCheckout(event: PaidCheckout): Promise<ApplyOutcome> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .insert(paymentEvents)
          .values({
            provider: event.provider,
            eventId: event.eventId,
            type: event.type,
            outcome: 'handled',
          })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.eventId });
        if (claimed.length === 0) return { outcome: 'duplicate' } as const;

        const ignore = async (reason: string, companyId: number | null = event.companyId) => {
          await tx
            .update(paymentEvents)
            .set({ outcome: 'ignored' })
            .where(
              and(
                eq(paymentEvents.provider, event.provider),
                eq(paymentEvents.eventId, event.eventId),
              ),
            );
          return { outcome: 'ignored', reason, companyId, invoiceId: event.invoiceId } as const;
        };

        const [session] = await tx
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, event.sessionId));
        const [invoice] =
          event.invoiceId === null
            ? []
            : await tx.select().from(invoices).where(eq(invoices.id, event.invoiceId));
        if (!invoice) return ignore('unknown invoice');
        if (!session || session.invoiceId !== invoice.id || session.companyId !== invoice.companyId)
          return ignore('not a session opened for this invoice', invoice.companyId);
        if (event.companyId !== invoice.companyId)
          return ignore('company does not match the invoice', invoice.companyId);
        if (invoice.status !== 'open')
          return ignore(`invoice is ${invoice.status}, not open`, invoice.companyId);
        const due = invoice.totalCents - invoice.amountPaidCents;
        if (
          event.payment.amountCents !== due ||
          event.currency.toLowerCase() !== invoice.currency.toLowerCase()
        ) {
          return ignore('amount does not match the amount due', invoice.companyId);
        }
        const recorded = await recordPayment(tx, {
          provider: event.provider,
          invoice,
          payment: event.payment,
          createdBy: session.createdBy,
          updateMethodOnFile: true,
        });
        if (!recorded) return ignore('payment already recorded', invoice.companyId);
        await tx
          .update(checkoutSessions)
          .set({ status: 'complete', completedAt: event.payment.paidAt })
          .where(eq(checkoutSessions.id, session.id));
        return { outcome: 'handled', companyId: invoice.companyId, invoiceId: invoice.id } as const;
      });
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
