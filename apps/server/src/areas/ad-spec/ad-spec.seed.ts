import { asc, eq, inArray } from 'drizzle-orm';
import { adSpecChanges, adSpecs, clientCompanies, users, verticals } from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, type SeedContext } from '../../kernel/demo/seed-context';
import { VERTICALS } from '../../kernel/demo/verticals';
import { ADS_PRODUCT_SLUGS } from './ad-spec.repository';

const DAYS = {
  weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  all: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  sixDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
};

/**
 * A realistic ad spec for every demo company with a running ads product: its trade's
 * services, its city and postal code, a budget in line with its ads products' prices, a
 * schedule, landing pages on its own site and a call tracking number; with the first
 * version in the history, written by the demo employee when the product started.
 */
export async function seedAdSpecs(ctx: SeedContext, products: SeededProduct[]) {
  const { tx, anchor } = ctx;
  const random = ctx.random.fork('ad-specs');
  const ads = products.filter(
    (p) => ADS_PRODUCT_SLUGS.includes(p.slug) && p.status !== 'cancelled',
  );
  const companyIds = [...new Set(ads.map((p) => p.companyId))];
  if (companyIds.length === 0) return { adSpecs: 0 };
  const companies = await tx
    .select({
      id: clientCompanies.id,
      city: clientCompanies.city,
      postalCode: clientCompanies.postalCode,
      website: clientCompanies.website,
      phone: clientCompanies.phone,
      vertical: verticals.slug,
    })
    .from(clientCompanies)
    .leftJoin(verticals, eq(verticals.id, clientCompanies.verticalId))
    .where(inArray(clientCompanies.id, companyIds))
    .orderBy(asc(clientCompanies.id));
  const [staff] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'employee@demo.pinpoint.local'));
  const specs: (typeof adSpecs.$inferInsert)[] = [];
  const changes: (typeof adSpecChanges.$inferInsert)[] = [];
  for (const company of companies) {
    const vertical = VERTICALS.find((v) => v.slug === company.vertical);
    const services = random.sample(vertical?.keywords ?? ['local services'], random.int(2, 4));
    const site = company.website ?? null;
    const spend = ads
      .filter((p) => p.companyId === company.id)
      .reduce((sum, p) => sum + (p.slug === 'local-services-ads' ? 1_200 : 1_500), 0);
    const since = new Date(
      Math.min(...ads.filter((p) => p.companyId === company.id).map((p) => p.start.getTime())),
    );
    const at =
      since.getTime() > anchor.getTime() - DAY_MS ? new Date(anchor.getTime() - DAY_MS) : since;
    const value = {
      services,
      serviceArea: random.chance(0.5)
        ? {
            kind: 'places',
            places: [company.city, company.postalCode].filter((p): p is string => Boolean(p)),
          }
        : {
            kind: 'radius',
            center: company.postalCode ?? company.city ?? 'Office',
            radiusMiles: random.pick([10, 15, 20, 25]),
          },
      monthlyBudgetCents: spend * 100,
      schedule: {
        days: random.pick([DAYS.weekdays, DAYS.all, DAYS.sixDays]),
        startTime: random.pick(['07:00', '08:00']),
        endTime: random.pick(['18:00', '20:00', '21:00']),
      },
      landingPages: site ? [site, `${site}/contact`] : [],
      // A tracking line beside the main number (same fictional 555-01xx range).
      callTrackingNumber: company.phone
        ? `${company.phone.slice(0, -2)}${String((Number(company.phone.slice(-2)) + 37) % 100).padStart(2, '0')}`
        : null,
      notes: 'Lead with same-day service; no discounts on weekends.',
    };
    // Places must not be empty for the schema: a company without a city gets a radius.
    if (value.serviceArea.kind === 'places' && (value.serviceArea.places?.length ?? 0) === 0) {
      value.serviceArea = { kind: 'radius', center: 'Office', radiusMiles: 15 };
    }
    specs.push({
      companyId: company.id,
      ...value,
      updatedBy: staff?.id ?? null,
      createdAt: at,
      updatedAt: at,
    });
    changes.push({
      companyId: company.id,
      changedBy: staff?.id ?? null,
      changedAt: at,
      changes: Object.fromEntries(
        Object.entries(value).map(([field, after]) => [field, { before: null, after }]),
      ),
    });
  }
  await tx.insert(adSpecs).values(specs);
  await tx.insert(adSpecChanges).values(changes);
  return { adSpecs: specs.length };
}
