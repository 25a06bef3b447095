import { inArray } from 'drizzle-orm';
import {
  products as catalog,
  clientCompanies,
  invoiceLines,
  invoices,
  paymentMethods,
  payments,
  productInstances,
} from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { insertChunked, type SeedContext } from '../../kernel/demo/seed-context';
import { type BillingStories, planBilling } from './billing-plan';

/** The payments the demo history records come from this provider, with `demo_seed_…` ids. */
export const DEMO_PAYMENT_PROVIDER = 'demo';

/**
 * The demo agency's invoices (billing-plan.ts has the rules and the stories), their lines,
 * the payments of the paid ones and each company's card or bank account on file. Runs after
 * the products: the prices are the product rows' own and the dates the products' own.
 */
export async function seedBilling(
  ctx: SeedContext,
  products: SeededProduct[],
  stories: BillingStories,
): Promise<{ invoices: number; lines: number; payments: number }> {
  const { tx } = ctx;
  if (products.length === 0) return { invoices: 0, lines: 0, payments: 0 };
  const companyIds = [...new Set(products.map((p) => p.companyId))];
  const [companies, prices, names] = await Promise.all([
    tx
      .select({ id: clientCompanies.id, status: clientCompanies.status })
      .from(clientCompanies)
      .where(inArray(clientCompanies.id, companyIds)),
    tx
      .select({ id: productInstances.id, cents: productInstances.monthlyPriceCents })
      .from(productInstances)
      .where(inArray(productInstances.companyId, companyIds)),
    tx.select({ slug: catalog.slug, name: catalog.name }).from(catalog),
  ]);
  const priceOf = new Map(prices.map((p) => [p.id, p.cents]));
  const nameOf = new Map(names.map((n) => [n.slug, n.name]));
  companies.sort((a, b) => a.id - b.id);
  const plan = planBilling({
    companies,
    products: products.map((p) => ({
      id: p.id,
      companyId: p.companyId,
      slug: p.slug,
      name: nameOf.get(p.slug) ?? p.slug,
      monthlyPriceCents: priceOf.get(p.id) ?? 0,
      start: p.start,
      end: p.end,
    })),
    anchor: ctx.anchor,
    stories,
    random: ctx.random.fork('billing'),
  });

  await tx.insert(paymentMethods).values(
    [...plan.methods].map(([companyId, m]) => ({
      companyId,
      provider: DEMO_PAYMENT_PROVIDER,
      kind: m.kind,
      brand: m.brand,
      last4: m.last4,
      expMonth: m.expMonth,
      expYear: m.expYear,
      updatedAt: ctx.anchor,
    })),
  );

  const ids: number[] = [];
  await insertChunked(plan.invoices, async (chunk) => {
    const rows = await tx
      .insert(invoices)
      .values(
        chunk.map(({ lines: _lines, ...invoice }) => ({
          ...invoice,
          createdAt: new Date(`${invoice.issuedOn}T06:00:00Z`),
        })),
      )
      .returning({ id: invoices.id });
    ids.push(...rows.map((r) => r.id));
  });
  const lineRows = plan.invoices.flatMap((invoice, i) =>
    invoice.lines.map((line) => ({ ...line, invoiceId: ids[i] ?? 0 })),
  );
  await insertChunked(lineRows, (chunk) => tx.insert(invoiceLines).values(chunk));
  const paymentRows = plan.invoices.flatMap((invoice, i) => {
    const method = plan.methods.get(invoice.companyId);
    if (invoice.status !== 'paid' || !invoice.paidAt || !method) return [];
    return [
      {
        companyId: invoice.companyId,
        invoiceId: ids[i] ?? 0,
        amountCents: invoice.totalCents,
        provider: DEMO_PAYMENT_PROVIDER,
        externalId: `demo_seed_${invoice.number}`,
        method: method.kind,
        brand: method.brand,
        last4: method.last4,
        paidAt: invoice.paidAt,
      },
    ];
  });
  await insertChunked(paymentRows, (chunk) => tx.insert(payments).values(chunk));
  return { invoices: ids.length, lines: lineRows.length, payments: paymentRows.length };
}
