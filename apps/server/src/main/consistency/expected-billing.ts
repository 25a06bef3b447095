import type { InvoiceDetail, ProductInstance } from '@pinpoint/contracts';

/**
 * What the billing page should show for one product, worked out from the products page
 * alone (its start day, status and monthly price) and the agency's billing terms (DECISIONS,
 * billing-plan.ts): billed every calendar month of its life, a whole month at exactly the
 * monthly price, a part month (the first, or a cancelled product's last) by its share of
 * days, rounded to the cent. Paused and on-hold products keep being billed.
 */

export type Line = InvoiceDetail['lines'][number];

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const daysInMonth = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** A line's charge by the terms: the monthly price, or its share of days. */
export function chargeFor(monthlyPriceCents: number, periodStart: string, periodEnd: string) {
  const days = dayCount(periodStart, periodEnd);
  const monthDays = daysInMonth(periodStart);
  return days === monthDays
    ? monthlyPriceCents
    : Math.round((monthlyPriceCents * days) / monthDays);
}

/**
 * The differences between a product's invoice lines and its lifetime at its price (empty
 * when they agree). `today` is the seeding day: a running product is billed up to its month.
 */
export function lifetimeProblems(product: ProductInstance, lines: Line[], today: string): string[] {
  const problems: string[] = [];
  const say = (what: string) => problems.push(`${product.slug} #${product.id}: ${what}`);
  const own = [...lines].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
  if (own.length === 0) {
    say('never billed');
    return problems;
  }
  const first = own[0] as Line;
  const last = own.at(-1) as Line;
  if (first.periodStart !== product.startDate)
    say(`first line starts ${first.periodStart}, service started ${product.startDate}`);
  const months = own.map((l) => monthIndex(l.periodStart));
  months.forEach((m, i) => {
    if (m !== monthIndex(product.startDate) + i) say(`months not one a line, no gaps: ${months}`);
  });
  // A product that runs is billed to this month; a cancelled one stops at its last day.
  if (product.status !== 'cancelled' && monthIndex(last.periodStart) !== monthIndex(today))
    say(`running, but last billed for ${last.periodStart}`);
  if (product.status === 'cancelled' && monthIndex(last.periodStart) > monthIndex(today))
    say(`cancelled, but billed ahead for ${last.periodStart}`);
  own.forEach((line, i) => {
    if (line.productSlug !== product.slug) say(`line ${line.id} is for ${line.productSlug}`);
    if (monthIndex(line.periodEnd) !== monthIndex(line.periodStart))
      say(`line ${line.id} spans two months`);
    const whole =
      line.periodStart.endsWith('-01') &&
      dayCount(line.periodStart, line.periodEnd) === daysInMonth(line.periodStart);
    // Only the first month, or the last month of a cancelled product, may be a part month.
    const mayBePart = i === 0 || (i === own.length - 1 && product.status === 'cancelled');
    if (!whole && !mayBePart) say(`line ${line.id} bills part of ${line.periodStart}`);
    const expected = chargeFor(product.monthlyPriceCents, line.periodStart, line.periodEnd);
    if (line.amountCents !== expected)
      say(
        `line ${line.id} (${line.periodStart}…${line.periodEnd}) ${line.amountCents} ≠ ${expected}`,
      );
  });
  return problems;
}
