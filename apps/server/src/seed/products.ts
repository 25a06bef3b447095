import type { ProductSlug, ProductStatus } from '@pinpoint/contracts';
import { competitors, keywords, productInstances } from '../kernel/db/schema';
import {
  DAY_MS,
  insertChunked,
  type SeedContext,
  type SeededProduct,
} from '../kernel/demo/seed-context';
import { COMPETITOR_WORDS, PRODUCT_PRICES } from '../kernel/demo/verticals';
import type { SeededCompany } from './companies';
import { fictionalPhone, near, streetAddress } from './companies';

/** Vendor account ids a product is wired to, in the shapes those vendors use. */
function externalRefs(random: SeedContext['random'], slug: ProductSlug): Record<string, string> {
  const digits = (n: number) => random.chars(n, '0123456789');
  switch (slug) {
    case 'google-ads':
    case 'ads-xpress':
      return { googleAdsCustomerId: `${digits(3)}-${digits(3)}-${digits(4)}` };
    case 'facebook-ads':
      return { facebookAdAccountId: `act_${digits(15)}` };
    case 'facebook-pro':
      return { facebookPageId: digits(15) };
    case 'local-services-ads':
      return { lsaAccountId: digits(10) };
    case 'google-calls-advisor':
      return { callTrackingAccountId: `CT${digits(6)}` };
    case 'website-hosting':
    case 'webworx-professional':
    case 'website':
    case 'powerpage':
      return { siteId: `site_${random.chars(10, 'abcdefghijklmnopqrstuvwxyz0123456789')}` };
    default:
      return { gbpLocationId: `locations/${digits(19)}` };
  }
}

/** 2–6 products per company (mostly active), 3–6 keywords, and 10–14 nearby competitors. */
export async function seedProducts(
  ctx: SeedContext,
  companies: SeededCompany[],
): Promise<SeededProduct[]> {
  const random = ctx.random.fork('products');
  const planned: Omit<SeededProduct, 'id'>[] = [];
  const rows: (typeof productInstances.$inferInsert)[] = [];
  for (const [index, company] of companies.entries()) {
    const count = index < 4 ? ([5, 4, 2, 3][index] ?? 3) : random.int(2, 6);
    const slugs = random.sample(company.vertical.products, count);
    slugs.forEach((slug, i) => {
      // The first product is what the company signed up for; it stays active unless the
      // whole company is paused.
      const status: ProductStatus =
        company.status === 'paused'
          ? 'paused'
          : i === 0 || random.chance(0.78)
            ? 'active'
            : random.pick(['paused', 'on_hold', 'cancelled'] as const);
      const served = ctx.anchor.getTime() - company.since.getTime();
      const start = new Date(
        company.since.getTime() + (i === 0 ? 0 : random.float() * served * 0.6),
      );
      start.setUTCHours(0, 0, 0, 0);
      const end =
        status === 'cancelled'
          ? new Date(start.getTime() + random.float() * (ctx.anchor.getTime() - start.getTime()))
          : null;
      planned.push({ companyId: company.id, slug, status, start, end });
      const price = PRODUCT_PRICES[slug] * random.between(0.85, 1.2);
      rows.push({
        companyId: company.id,
        productSlug: slug,
        status,
        startDate: start.toISOString().slice(0, 10),
        monthlyPriceCents: Math.round(price / 5) * 5 * 100,
        externalRefs: externalRefs(random, slug),
        createdAt: start,
      });
    });
  }
  const inserted = await ctx.tx
    .insert(productInstances)
    .values(rows)
    .returning({ id: productInstances.id });

  const keywordRows = companies.flatMap((company) => {
    const picked = random.sample(company.vertical.keywords, random.int(2, 4));
    const local = `${company.vertical.keywords[0]} ${company.town.city.toLowerCase()}`;
    return [...picked, local, `${company.vertical.keywords[0]} near me`].map((keyword) => ({
      companyId: company.id,
      keyword,
    }));
  });
  await ctx.tx.insert(keywords).values(keywordRows).onConflictDoNothing();

  const competitorRows = companies.flatMap((company) =>
    Array.from({ length: random.int(10, 14) }, () => {
      const name = `${random.pick(COMPETITOR_WORDS)} ${random.pick(company.vertical.nameSuffixes)}`;
      const point = near(random, company.lat, company.lng, 8);
      const town = random.pick(company.metro.towns);
      return {
        companyId: company.id,
        name,
        placeId: `ChIJ${random.chars(23)}`,
        category: company.vertical.category,
        address: `${streetAddress(random, company.metro)}, ${town.city}, ${company.metro.state} ${random.pick(town.zips)}`,
        phone: fictionalPhone(random, company.metro),
        website: random.chance(0.8)
          ? `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`
          : null,
        latitude: point.lat,
        longitude: point.lng,
        rating: Math.round(random.between(3.4, 4.95) * 10) / 10,
        // Most have tens of reviews, a few have hundreds.
        reviewCount: Math.round(5 + random.float() ** 3 * 900),
      };
    }),
  );
  await insertChunked(competitorRows, (chunk) => ctx.tx.insert(competitors).values(chunk));

  return planned.map((product, i) => ({ ...product, id: inserted[i]?.id ?? 0 }));
}

export const MONTH_MS = 30.4 * DAY_MS;
