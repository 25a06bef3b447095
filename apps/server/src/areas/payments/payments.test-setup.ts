import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../kernel/db/database';
import {
  checkoutSessions,
  clientCompanies,
  invoices,
  paymentEvents,
  paymentMethods,
  payments,
  users,
} from '../../kernel/db/schema';
import { type AreaCallers, seedAreaCallers } from '../../test/area-callers';
import { sessionCookieOf, TEST_ORIGIN } from '../../test/test-app';

export interface PaymentsFixture {
  companyId: number;
  otherCompanyId: number;
  /** Open, past due (overdue): the one "Pay now" is for. */
  overdueId: number;
  /** Open, due next month. */
  openId: number;
  paidId: number;
  voidId: number;
  /** The other company's open invoice. */
  otherInvoiceId: number;
  callers: AreaCallers & { admin: string };
}

/**
 * Two client companies with invoices in every state, a card on file for the first only,
 * and the usual callers (plus an admin). `tag` keeps names unique within one database.
 */
export async function seedPaymentsFixture(
  app: FastifyInstance,
  db: Db,
  tag: string,
): Promise<PaymentsFixture> {
  const [company, other] = await db
    .insert(clientCompanies)
    .values([
      { name: `Harbor Pay ${tag}`, label: 'Harbor' },
      { name: `Summit Pay ${tag}`, label: 'Summit' },
    ])
    .returning();
  if (!company || !other) throw new Error('companies not stored');
  const invoice = (
    companyId: number,
    month: string,
    status: string,
    dueOn: string,
    totalCents = 129_900,
  ) => ({
    companyId,
    number: `PP-${month.replace('-', '')}-${companyId}-${tag}`,
    periodStart: `${month}-01`,
    periodEnd: `${month}-28`,
    issuedOn: `${month}-01`,
    dueOn,
    status,
    totalCents,
    amountPaidCents: status === 'paid' ? totalCents : 0,
    ...(status === 'paid' && { paidAt: new Date(`${month}-10T12:00:00Z`) }),
  });
  const rows = await db
    .insert(invoices)
    .values([
      invoice(company.id, '2026-08', 'open', '2026-08-15', 154_350),
      invoice(company.id, '2099-01', 'open', '2099-01-15'),
      invoice(company.id, '2026-07', 'paid', '2026-07-15'),
      invoice(company.id, '2026-06', 'void', '2026-06-15'),
      invoice(other.id, '2026-08', 'open', '2026-08-15'),
    ])
    .returning({ id: invoices.id });
  const [overdue, open, paid, voided, otherInvoice] = rows.map((r) => r.id) as [
    number,
    number,
    number,
    number,
    number,
  ];
  await db.insert(paymentMethods).values({
    companyId: company.id,
    provider: 'demo',
    kind: 'card',
    brand: 'mastercard',
    last4: '5100',
    expMonth: 8,
    expYear: 2029,
  });
  const callers = await seedAreaCallers(app, db, {
    companyId: company.id,
    otherCompanyId: other.id,
    tag,
  });
  const [admin] = await db
    .insert(users)
    .values({ email: `admin-${tag}@area.test`, firstName: 'Ada', lastName: 'Admin', admin: true })
    .returning();
  return {
    companyId: company.id,
    otherCompanyId: other.id,
    overdueId: overdue,
    openId: open,
    paidId: paid,
    voidId: voided,
    otherInvoiceId: otherInvoice,
    callers: { ...callers, admin: await sessionCookieOf(app, admin?.id ?? 0) },
  };
}

/** `POST …/pay` as the caller whose cookie this is. */
export function payAs(app: FastifyInstance, cookie: string, companyId: number, invoiceId: number) {
  return app.inject({
    method: 'POST',
    url: `/api/uni/client/billing/${companyId}/invoices/${invoiceId}/pay`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: {},
  });
}

/** Everything a payment writes, for one invoice. */
export async function paymentState(db: Db, invoiceId: number) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return {
    invoice,
    payments: await db.select().from(payments).where(eq(payments.invoiceId, invoiceId)),
    sessions: await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.invoiceId, invoiceId)),
  };
}

export const allEvents = (db: Db) => db.select().from(paymentEvents);
