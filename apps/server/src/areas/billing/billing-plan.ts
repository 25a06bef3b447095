import type { PaymentMethodKind } from '@pinpoint/contracts';
import type { Random } from '../../kernel/demo/random';

/**
 * The demo agency's billing history, planned without a database so its rules can be tested
 * edge by edge (billing.seed.ts writes it). Rules:
 * - One invoice per company per calendar month, from the month its first product started to
 *   the seeding month, with a line per product billed that month; a month with nothing billed
 *   (every product cancelled) has no invoice.
 * - A full month is billed at exactly the product's monthly price. The first month (from the
 *   start day) and a cancelled product's last month (to its last day of service, included)
 *   are prorated by days, rounded to the cent, and the line says so ("Prorated: 12 of 31 days").
 * - Paused and on-hold products are billed like active ones. No pause dates are stored, so a
 *   pause cannot be prorated; the agency's terms keep the monthly fee while a product is paused
 *   or on hold (the campaign, listings and setup are kept ready), and billing stops only when a
 *   product is cancelled.
 * - Billed in advance: issued on the 1st (a month whose products all start later is issued on
 *   the day service starts) and due on the month's last day, so the seeding month's invoice is
 *   open and not yet due whatever day the demo is seeded.
 * - Past invoices are paid from the method on file one to five days after issue; the stories
 *   leave some open past their due date (see `overdueMonths`), and two are voided (a waived
 *   month).
 */

export interface PlanCompany {
  id: number;
  /** The company's status: a paused company stopped paying, which is why it is paused. */
  status: string;
}

export interface PlanProduct {
  id: number;
  companyId: number;
  slug: string;
  name: string;
  monthlyPriceCents: number;
  /** The first day of service (UTC calendar day). */
  start: Date;
  /** A cancelled product's last day of service; null while it runs. */
  end: Date | null;
}

/** The demo accounts' companies, whose billing tells a fixed story. */
export interface BillingStories {
  /** Exactly one overdue invoice (owner@'s first company: the bill alert's demo). */
  bayside: number;
  /** Exactly one overdue invoice (the one the payments browser test pays). */
  harbor: number;
  /** Nothing overdue (client@'s company). */
  summit: number;
}

export interface PlannedLine {
  productInstanceId: number;
  productSlug: string;
  description: string;
  periodStart: string;
  periodEnd: string;
  amountCents: number;
}

export interface PlannedMethod {
  kind: PaymentMethodKind;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export interface PlannedInvoice {
  companyId: number;
  number: string;
  periodStart: string;
  periodEnd: string;
  issuedOn: string;
  dueOn: string;
  status: 'open' | 'paid' | 'void';
  totalCents: number;
  amountPaidCents: number;
  paidAt: Date | null;
  voidedAt: Date | null;
  lines: PlannedLine[];
}

export interface BillingPlan {
  invoices: PlannedInvoice[];
  methods: Map<number, PlannedMethod>;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utcDay = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const monthEnd = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0));
const DAY_MS = 86_400_000;
const daysBetween = (from: Date, to: Date) =>
  Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;

/** A product's charge for one calendar month, or null when it was not served that month. */
export function lineFor(product: PlanProduct, year: number, month: number): PlannedLine | null {
  const first = monthStart(year, month);
  const last = monthEnd(year, month);
  const start = utcDay(product.start);
  const end = product.end ? utcDay(product.end) : null;
  if (start > last || (end && end < first)) return null;
  const from = start > first ? start : first;
  const to = end && end < last ? end : last;
  const days = daysBetween(from, to);
  const monthDays = last.getUTCDate();
  const full = days === monthDays;
  return {
    productInstanceId: product.id,
    productSlug: product.slug,
    description: full
      ? `${product.name}: monthly service`
      : `${product.name}: Prorated: ${days} of ${monthDays} days`,
    periodStart: iso(from),
    periodEnd: iso(to),
    amountCents: full
      ? product.monthlyPriceCents
      : Math.round((product.monthlyPriceCents * days) / monthDays),
  };
}

/** `PP-YYYYMM-<company id>`: unique, since a company has one invoice a month. */
export function invoiceNumber(companyId: number, periodStart: string): string {
  return `PP-${periodStart.slice(0, 4)}${periodStart.slice(5, 7)}-${companyId}`;
}

const CARD_BRANDS = ['visa', 'visa', 'visa', 'mastercard', 'mastercard', 'amex', 'discover'];
const BANKS = ['Chase', 'Bank of America', 'Wells Fargo', 'U.S. Bank', 'Truist', 'PNC'];

function planMethod(random: Random, anchor: Date, bank: boolean): PlannedMethod {
  const last4 = random.chars(4, '0123456789');
  if (bank)
    return {
      kind: 'us_bank_account',
      brand: random.pick(BANKS),
      last4,
      expMonth: null,
      expYear: null,
    };
  return {
    kind: 'card',
    brand: random.pick(CARD_BRANDS),
    last4,
    expMonth: random.int(1, 12),
    expYear: anchor.getUTCFullYear() + random.int(1, 4),
  };
}

/**
 * The past months (0 = the seeding month, 1 = the one before, …) a company has not paid:
 * Bayside and Harbor the month before last only (that month's autopay was declined; the
 * next went through), Summit none, a paused company its last two (it was paused for not
 * paying), and now and then another company the previous month. Bayside's and Harbor's is
 * two months back so it is past due everywhere in the US even in the hours after the UTC
 * month turns (the previous month's is due on its last day, still "today" in Tampa then).
 */
function overdueMonths(company: PlanCompany, stories: BillingStories, random: Random): number[] {
  if (company.id === stories.summit) return [];
  if (company.id === stories.bayside || company.id === stories.harbor) return [2];
  if (company.status === 'paused') return [1, 2];
  return random.chance(0.08) ? [1] : [];
}

export function planBilling(input: {
  companies: PlanCompany[];
  products: PlanProduct[];
  anchor: Date;
  stories: BillingStories;
  random: Random;
}): BillingPlan {
  const { anchor, stories, random } = input;
  const invoices: PlannedInvoice[] = [];
  const methods = new Map<number, PlannedMethod>();
  const anchorMonth = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth();
  const fixed = new Set([stories.bayside, stories.harbor, stories.summit]);
  // Two other companies had a month waived (the invoice voided, nothing owed).
  const voidable = input.companies.filter((c) => !fixed.has(c.id) && c.status === 'active');
  const voiding = new Map(random.sample(voidable, 2).map((c) => [c.id, random.int(3, 6)] as const));

  for (const company of input.companies) {
    const products = input.products.filter((p) => p.companyId === company.id);
    if (products.length === 0) continue;
    // Bayside and Harbor pay by card (the cards the demo shows), Summit by bank transfer.
    const bank = company.id === stories.summit || (!fixed.has(company.id) && random.chance(0.2));
    const method = planMethod(random, anchor, bank);
    methods.set(company.id, method);
    const unpaid = overdueMonths(company, stories, random);
    const firstStart = Math.min(...products.map((p) => p.start.getTime()));
    const first = new Date(firstStart);
    for (let m = first.getUTCFullYear() * 12 + first.getUTCMonth(); m <= anchorMonth; m++) {
      const year = Math.floor(m / 12);
      const month = m % 12;
      const lines = products
        .map((p) => lineFor(p, year, month))
        .filter((l): l is PlannedLine => l !== null);
      if (lines.length === 0) continue;
      const periodStart = iso(monthStart(year, month));
      const periodEnd = iso(monthEnd(year, month));
      const issuedOn = lines.reduce(
        (min, l) => (l.periodStart < min ? l.periodStart : min),
        periodEnd,
      );
      const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
      const ago = anchorMonth - m;
      const invoice: PlannedInvoice = {
        companyId: company.id,
        number: invoiceNumber(company.id, periodStart),
        periodStart,
        periodEnd,
        issuedOn,
        dueOn: periodEnd,
        status: 'open',
        totalCents,
        amountPaidCents: 0,
        paidAt: null,
        voidedAt: null,
        lines,
      };
      const issued = new Date(`${issuedOn}T15:00:00Z`);
      if (voiding.get(company.id) === ago) {
        invoice.status = 'void';
        invoice.voidedAt = new Date(issued.getTime() + random.int(2, 9) * DAY_MS);
      } else if (ago > 0 && !unpaid.includes(ago)) {
        // Paid one to five days after issue, never after the due date (nor the seeding day).
        const due = new Date(`${periodEnd}T15:00:00Z`);
        const at = new Date(
          issued.getTime() + random.int(1, 5) * DAY_MS + random.int(0, 7_200) * 1000,
        );
        const paidAt = at > due ? due : at;
        invoice.status = 'paid';
        invoice.amountPaidCents = totalCents;
        invoice.paidAt = paidAt < anchor ? paidAt : issued;
      }
      invoices.push(invoice);
    }
  }
  return { invoices, methods };
}
