import { inArray } from 'drizzle-orm';
import { clientCompanies, websiteFormSubmissions, websiteSites } from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, insertChunked, type SeedContext } from '../../kernel/demo/seed-context';

const FIRST = [
  'Maria',
  'James',
  'Priya',
  'Daniel',
  'Aisha',
  'Tom',
  'Elena',
  'Marcus',
  'Grace',
  'Luis',
  'Hannah',
  'Kevin',
  'Sofia',
  'Ben',
  'Nora',
  'Omar',
];
const LAST = [
  'Garcia',
  'Nguyen',
  'Patel',
  'Johnson',
  'Okafor',
  'Miller',
  'Rossi',
  'Brooks',
  'Kim',
  'Hernandez',
  'Walsh',
  'Cohen',
  'Baker',
  'Reyes',
];
// Reserved example domains (RFC 2606): demo addresses must never reach a real mailbox.
const DOMAINS = ['example.com', 'example.net', 'example.org'];
const MESSAGES = [
  'Hi, could you give me a quote? I am free most afternoons this week.',
  'Do you have any availability on Saturday? Please call me back when you can.',
  'I found you on Google and would like to know your prices.',
  'We had an appointment last month and I have a follow-up question.',
  'Is it possible to book for next Tuesday morning? Thanks!',
  'Can you tell me whether you serve our neighbourhood? We are just outside town.',
  'A friend recommended you. What are your opening hours over the holidays?',
  'I need help fairly urgently, please get in touch as soon as possible.',
  'Could you send me some information by email? I prefer not to be called.',
  'Do you offer any discounts for seniors or first-time customers?',
];
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
];

/**
 * 18 months of contact-form messages for each OMG InContact product's site: 3–14 a month,
 * slowly rising (the product's point), more in spring and summer, at business-ish hours.
 * Contact details are fictional: 555-01xx numbers in the company's area code, common
 * mail domains. None before the product started or after it was cancelled.
 */
export async function seedFormSubmissions(ctx: SeedContext, products: SeededProduct[]) {
  const contact = products.filter((p) => p.slug === 'omgincontact');
  if (contact.length === 0) return { submissions: 0 };
  const sites = await ctx.tx
    .select({
      id: websiteSites.id,
      productId: websiteSites.productInstanceId,
      slug: websiteSites.demoSlug,
    })
    .from(websiteSites)
    .where(
      inArray(
        websiteSites.productInstanceId,
        contact.map((p) => p.id),
      ),
    );
  const phones = await ctx.tx
    .select({ id: clientCompanies.id, phone: clientCompanies.phone })
    .from(clientCompanies)
    .where(
      inArray(
        clientCompanies.id,
        contact.map((p) => p.companyId),
      ),
    );
  const random = ctx.random.fork('website-forms');
  const rows: (typeof websiteFormSubmissions.$inferInsert)[] = [];
  const from = ctx.anchor.getTime() - 548 * DAY_MS;
  for (const product of contact) {
    const site = sites.find((s) => s.productId === product.id);
    if (!site) continue;
    const areaCode = phones.find((c) => c.id === product.companyId)?.phone?.slice(2, 5) ?? '512';
    const start = Math.max(from, product.start.getTime());
    const end = Math.min(ctx.anchor.getTime(), product.end?.getTime() ?? Number.POSITIVE_INFINITY);
    for (let monthStart = start; monthStart < end; monthStart += 30 * DAY_MS) {
      const month = new Date(monthStart).getUTCMonth();
      const season = month >= 3 && month <= 8 ? 1.3 : 0.9;
      const progress = (monthStart - from) / (ctx.anchor.getTime() - from);
      const count = Math.round(random.between(3, 8) * season * (1 + progress));
      for (let i = 0; i < count; i++) {
        const at = monthStart + random.float() * 30 * DAY_MS;
        if (at >= end) continue;
        const hour = random.int(7, 21);
        const receivedAt = new Date(
          Math.floor(at / DAY_MS) * DAY_MS + hour * 3_600_000 + random.int(0, 3599) * 1000,
        );
        const first = random.pick(FIRST);
        const last = random.pick(LAST);
        const withEmail = random.chance(0.85);
        const withPhone = !withEmail || random.chance(0.55);
        rows.push({
          companyId: product.companyId,
          siteId: site.id,
          productInstanceId: product.id,
          name: `${first} ${last}`,
          email: withEmail
            ? `${first}.${last}${random.int(1, 99)}@${random.pick(DOMAINS)}`.toLowerCase()
            : null,
          phone: withPhone
            ? `+1${areaCode}55501${String(random.int(0, 99)).padStart(2, '0')}`
            : null,
          message: random.pick(MESSAGES),
          page: random.chance(0.8)
            ? `/demo-sites/${site.slug ?? ''}/contact`
            : `/demo-sites/${site.slug ?? ''}`,
          userAgent: random.pick(AGENTS),
          receivedAt,
        });
      }
    }
  }
  await insertChunked(rows, (chunk) => ctx.tx.insert(websiteFormSubmissions).values(chunk));
  return { submissions: rows.length };
}
