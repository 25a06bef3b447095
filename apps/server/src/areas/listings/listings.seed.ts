import type { HoursPeriod, SpecialHours } from '@pinpoint/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import {
  businessProfiles,
  clientCompanies,
  googleListings,
  syncStates,
  vendorConnections,
} from '../../kernel/db/schema';
import type { SeedContext, SeededProduct } from '../../kernel/demo/seed-context';
import {
  demoDrift,
  demoGoogleListing,
} from '../../providers/google-business-profile/gbp-listing-demo';
import { ourListingFields } from './listings.repository';
import { GOOGLE_LISTING_PRODUCTS } from './listings.service';

/** Categories a business of a trade also lists (Google's display names). */
const MORE_CATEGORIES: [RegExp, string[]][] = [
  [/plumb/i, ['Drainage service', 'Water heater installation service']],
  [/hvac/i, ['Air conditioning repair service', 'Furnace repair service']],
  [/dent|orthodont/i, ['Cosmetic dentist']],
  [/attorney/i, ['Lawyer']],
  [/roof/i, ['Gutter cleaning service']],
  [/tow/i, ['Roadside assistance service']],
  [/spa/i, ['Skin care clinic']],
  [/auto/i, ['Brake shop', 'Oil change service']],
  [/electric/i, ['Lighting contractor']],
];

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const;

/** The next Christmas Eve and Day after the anchor: the usual special hours. */
function holidays(anchor: Date, shortEve: boolean): SpecialHours[] {
  const year =
    anchor.getUTCMonth() === 11 && anchor.getUTCDate() >= 24
      ? anchor.getUTCFullYear() + 1
      : anchor.getUTCFullYear();
  return [
    ...(shortEve
      ? [{ date: `${year}-12-24`, closed: false, openTime: '09:00', closeTime: '12:00' }]
      : []),
    { date: `${year}-12-25`, closed: true, openTime: null, closeTime: null },
  ];
}

/**
 * Each demo company with a Google product and a Business Profile connection: its profile's
 * hours, categories and attributes (`business_profiles`) and Google's listing as the demo
 * adapter derives it (`google_listings`, with a synced cursor, so the server's first run is
 * no backfill). About four in five locations drift from the profile in one field.
 */
export async function seedListings(ctx: SeedContext, products: SeededProduct[]): Promise<void> {
  const { tx } = ctx;
  const companyIds = [
    ...new Set(products.filter((p) => GOOGLE_LISTING_PRODUCTS.has(p.slug)).map((p) => p.companyId)),
  ];
  if (companyIds.length === 0) return;
  const connections = await tx
    .select()
    .from(vendorConnections)
    .where(
      and(
        eq(vendorConnections.vendor, 'google-business-profile'),
        inArray(vendorConnections.companyId, companyIds),
      ),
    );
  const companies = new Map(
    (await tx.select().from(clientCompanies).where(inArray(clientCompanies.id, companyIds))).map(
      (c) => [c.id, c],
    ),
  );
  const random = ctx.random.fork('listings');
  const profiles: (typeof businessProfiles.$inferInsert)[] = [];
  const listings: (typeof googleListings.$inferInsert)[] = [];
  const states: (typeof syncStates.$inferInsert)[] = [];
  const seen = new Set<number>();
  for (const connection of connections) {
    const company = companies.get(connection.companyId);
    if (!company || seen.has(company.id)) continue;
    seen.add(company.id);
    const [open, close] = random.pick([
      ['08:00', '17:00'],
      ['09:00', '18:00'],
      ['07:30', '16:30'],
    ] as const);
    const regularHours: HoursPeriod[] = WEEKDAYS.map((day) => ({
      openDay: day,
      openTime: open,
      closeDay: day,
      closeTime: close,
    }));
    if (random.chance(0.5)) {
      regularHours.push({
        openDay: 'SATURDAY',
        openTime: '09:00',
        closeDay: 'SATURDAY',
        closeTime: '13:00',
      });
    }
    const profile = {
      companyId: company.id,
      additionalCategories:
        MORE_CATEGORIES.find(([pattern]) => pattern.test(company.primaryCategory ?? ''))?.[1] ?? [],
      regularHours,
      specialHours: holidays(ctx.anchor, random.chance(0.5)),
      attributes: {
        has_wheelchair_accessible_entrance: true,
        pay_credit_card_types_accepted: ['visa', 'mastercard', 'american_express'],
      },
      updatedAt: ctx.anchor,
    };
    profiles.push(profile);
    const ours = ourListingFields(company, { ...profile, updatedAt: ctx.anchor });
    listings.push({
      connectionId: connection.id,
      companyId: company.id,
      fields: demoGoogleListing(ours, demoDrift(connection.externalAccount)),
      syncedAt: ctx.anchor,
      updatedAt: ctx.anchor,
    });
    states.push({
      connectionId: connection.id,
      dataset: 'listing',
      cursor: { highWater: ctx.anchor.toISOString() },
      state: 'idle',
      startedAt: ctx.anchor,
      finishedAt: ctx.anchor,
      itemsSeen: 1,
      itemsWritten: 1,
    });
  }
  if (profiles.length === 0) return;
  await tx.insert(businessProfiles).values(profiles);
  await tx.insert(googleListings).values(listings);
  await tx.insert(syncStates).values(states);
}
