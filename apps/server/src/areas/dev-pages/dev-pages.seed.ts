import { asc, inArray } from 'drizzle-orm';
import {
  clientCompanies,
  insiteBlogPosts,
  keywords,
  productHolds,
  productInstances,
  users,
} from '../../kernel/db/schema';
import { DAY_MS, daysBefore, type SeedContext } from '../../kernel/demo/seed-context';
import { createSeoDemo } from '../../providers/seo/seo-demo';
import { HELD } from './on-hold.repository';
import { createSeoProService } from './seo-pro.service';

const HOUR_MS = 3_600_000;

/** Why the demo's products are held: what account managers write down. */
const HOLD_REASONS: Record<string, readonly string[]> = {
  on_hold: [
    'Waiting on the client for website access',
    'Client asked to hold during a remodel',
    'Awaiting the Google verification postcard',
    'Seasonal: held until the busy season starts',
    'Card declined: waiting on a new payment method',
  ],
  paused: [
    'Paused for nonpayment',
    'Client cut the marketing budget for the quarter',
    'Client paused ads during a staffing shortage',
    'Paused while the owner sells the business',
  ],
};

/** Products that come with the client's site, so with blog posts written for it. */
const SITE_PRODUCTS = [
  'seo-pro',
  'webworx-professional',
  'website',
  'powerpage',
  'website-hosting',
];

const TITLES = [
  (k: string, city: string) => `How much does ${k} cost in ${city}?`,
  (k: string) => `5 signs it is time to call about ${k}`,
  (k: string, city: string) => `A ${city} homeowner's guide to ${k}`,
  (k: string) => `What to expect from your first ${k} visit`,
  (k: string) => `Questions to ask before you hire for ${k}`,
  (k: string, city: string) => `${city}'s most asked questions about ${k}, answered`,
];

function blogBody(title: string, keyword: string, company: string, city: string): string {
  return [
    `# ${title}`,
    '',
    `Every week someone in ${city} asks us about ${keyword}. Here is what ${company} tells them.`,
    '',
    '## What matters most',
    `- **Experience:** ask how often they handle ${keyword}.`,
    '- **Clear pricing:** a written estimate before any work starts.',
    '- **Reviews:** read the recent ones, not only the star rating.',
    '',
    `Have a question we did not answer? Call ${company} and we will walk you through it.`,
  ].join('\n');
}

/**
 * The dev-only pages' demo data: SEO Pro positions synced from the demo rank tracker (the
 * same sync the page's button runs), a reason and start for every held product, and the
 * agency's InSite blog posts for clients with a site. Reads what the seed wrote so far,
 * so tests can run it over a small fixture too.
 */
export async function seedDevPages(ctx: SeedContext) {
  const { tx, anchor } = ctx;
  const random = ctx.random.fork('dev-pages');
  const products = await tx
    .select({
      id: productInstances.id,
      companyId: productInstances.companyId,
      slug: productInstances.productSlug,
      status: productInstances.status,
      startDate: productInstances.startDate,
    })
    .from(productInstances)
    .orderBy(asc(productInstances.id));

  const seo = createSeoProService(tx, createSeoDemo());
  let positions = 0;
  for (const product of products.filter((p) => p.slug === 'seo-pro')) {
    positions += (await seo.sync(product.id, anchor)).positions;
  }

  const holds = products
    .filter((p) => HELD.includes(p.status))
    .map((p) => {
      const start = Date.parse(`${p.startDate}T00:00:00Z`);
      const days = Math.max(2, Math.min(random.int(3, 240), (anchor.getTime() - start) / DAY_MS));
      return {
        productId: p.id,
        reason: random.pick(HOLD_REASONS[p.status] ?? HOLD_REASONS.on_hold ?? []),
        since: daysBefore(anchor, Math.floor(days)).toISOString().slice(0, 10),
      };
    });
  if (holds.length) await tx.insert(productHolds).values(holds);

  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ['employee@demo.pinpoint.local', 'rookie@demo.pinpoint.local']))
    .orderBy(asc(users.id));
  const withSite = [
    ...new Set(products.filter((p) => SITE_PRODUCTS.includes(p.slug)).map((p) => p.companyId)),
  ];
  // The demo accounts' companies (the first ones) always have posts to show.
  const [first, second] = await tx
    .select({ id: clientCompanies.id })
    .from(clientCompanies)
    .orderBy(asc(clientCompanies.id))
    .limit(2);
  const companyIds = [...new Set([first?.id, second?.id, ...withSite])].filter(
    (id): id is number => id !== undefined,
  );
  if (companyIds.length === 0) return { positions, holds: holds.length, blogPosts: 0 };
  const companies = await tx
    .select({ id: clientCompanies.id, name: clientCompanies.name, city: clientCompanies.city })
    .from(clientCompanies)
    .where(inArray(clientCompanies.id, companyIds))
    .orderBy(asc(clientCompanies.id));
  const keywordRows = await tx
    .select({ companyId: keywords.companyId, keyword: keywords.keyword })
    .from(keywords)
    .where(inArray(keywords.companyId, companyIds))
    .orderBy(asc(keywords.id));

  const posts: (typeof insiteBlogPosts.$inferInsert)[] = [];
  for (const company of companies) {
    const own = keywordRows.filter((k) => k.companyId === company.id).map((k) => k.keyword);
    const topics = own.length ? own : ['our services'];
    const city = company.city ?? 'town';
    const count = random.int(3, 6);
    for (let i = 0; i < count; i++) {
      const keyword = random.pick(topics);
      const title = random.pick(TITLES)(keyword, city);
      // The oldest are published, then one scheduled, then work in progress.
      const state =
        i < count - 3
          ? 'published'
          : (['scheduled', 'in_review', 'draft'] as const)[i - (count - 3)];
      const created = new Date(anchor.getTime() - random.int(3, 120) * DAY_MS);
      const scheduledFor =
        state === 'scheduled'
          ? new Date(anchor.getTime() + random.int(2, 20) * DAY_MS + random.int(8, 17) * HOUR_MS)
          : null;
      const publishedAt =
        state === 'published'
          ? new Date(created.getTime() + random.int(1, 2) * DAY_MS + 10 * HOUR_MS)
          : null;
      posts.push({
        companyId: company.id,
        title,
        state: state ?? 'draft',
        body: blogBody(title, keyword, company.name, city),
        scheduledFor,
        publishedAt,
        authorId: staff.length ? random.pick(staff).id : null,
        createdAt: created,
        updatedAt: publishedAt ?? created,
      });
    }
  }
  await tx.insert(insiteBlogPosts).values(posts);
  return { positions, holds: holds.length, blogPosts: posts.length };
}
