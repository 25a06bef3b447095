import type { CompanyStatus } from '@pinpoint/contracts';
import { clientCompanies, clientMembers, locations, users, verticals } from '../kernel/db/schema';
import { METROS, type Metro, type Town } from '../kernel/demo/metros';
import type { SeedContext } from '../kernel/demo/seed-context';
import { VERTICALS, type VerticalSeed } from '../kernel/demo/verticals';
import { createDemoPlacesProvider } from '../providers/places/demo-places';

export interface SeededCompany {
  id: number;
  name: string;
  label: string;
  vertical: VerticalSeed;
  metro: Metro;
  town: Town;
  lat: number;
  lng: number;
  domain: string;
  status: CompanyStatus;
  /** The first day the agency served the company (history starts here or 18 months ago). */
  since: Date;
}

/** The four companies the demo accounts belong to, kept recognisable. */
const FIXED = [
  {
    name: 'Summit Plumbing & Drain',
    label: 'Summit Plumbing',
    vertical: 'plumber',
    metro: 'austin',
    town: 'Austin',
  },
  {
    name: 'Bayside Family Dental',
    label: 'Bayside Dental',
    vertical: 'dentist',
    metro: 'tampa',
    town: 'Tampa',
  },
  {
    name: 'Bayside Dental Kids',
    label: 'Bayside Kids',
    vertical: 'dentist',
    metro: 'tampa',
    town: 'St. Petersburg',
  },
  {
    name: 'Harbor Smiles Orthodontics',
    label: 'Harbor Smiles',
    vertical: 'dentist',
    metro: 'tampa',
    town: 'Clearwater',
  },
] as const;

/** Generated companies per metro, on top of the fixed four. */
const PER_METRO = 6;
const KM_PER_DEGREE = 111.32;

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');
}

/** A point within `km` of a town centre (uniform over the square; fine at this scale). */
export function near(ctx: SeedContext['random'], lat: number, lng: number, km: number) {
  const dLat = ctx.between(-km, km) / KM_PER_DEGREE;
  const dLng = ctx.between(-km, km) / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return { lat: Number((lat + dLat).toFixed(6)), lng: Number((lng + dLng).toFixed(6)) };
}

/** A number in the 555-01xx block, which is reserved for fiction. */
export function fictionalPhone(random: SeedContext['random'], metro: Metro): string {
  return `+1${random.pick(metro.areaCodes)}55501${String(random.int(0, 99)).padStart(2, '0')}`;
}

export function streetAddress(random: SeedContext['random'], metro: Metro): string {
  return `${random.int(100, 9899)} ${random.pick(metro.streets)}`;
}

/**
 * The verticals table and about forty client companies across the six metros, with
 * primary locations. The first four are the demo accounts' companies.
 */
export async function seedCompanies(ctx: SeedContext): Promise<SeededCompany[]> {
  const random = ctx.random.fork('companies');
  const verticalRows = await ctx.tx
    .insert(verticals)
    .values(VERTICALS.map((v) => ({ slug: v.slug, name: v.name, lsaCategory: v.lsaCategory })))
    .returning();
  const verticalId = new Map(verticalRows.map((row) => [row.slug, row.id]));

  const plans: Omit<SeededCompany, 'id'>[] = [];
  const usedNames = new Set<string>();
  const plan = (
    name: string,
    label: string,
    vertical: VerticalSeed,
    metro: Metro,
    town: Town,
    status: CompanyStatus,
  ) => {
    usedNames.add(name);
    const point = near(random, town.lat, town.lng, 3);
    const monthsServed = random.int(8, 40);
    plans.push({
      name,
      label,
      vertical,
      metro,
      town,
      ...point,
      domain: `${slugify(label)}.com`,
      status,
      since: new Date(ctx.anchor.getTime() - monthsServed * 30.4 * 86_400_000),
    });
  };

  for (const fixed of FIXED) {
    const metro = METROS.find((m) => m.slug === fixed.metro) as Metro;
    const town = metro.towns.find((t) => t.city === fixed.town) as Town;
    const vertical = VERTICALS.find((v) => v.slug === fixed.vertical) as VerticalSeed;
    plan(fixed.name, fixed.label, vertical, metro, town, 'active');
  }
  // Every metro gets a mix of trades; a rotating offset spreads all verticals across them.
  METROS.forEach((metro, metroIndex) => {
    for (let i = 0; i < PER_METRO; i++) {
      const vertical = VERTICALS[(metroIndex * 2 + i) % VERTICALS.length] as VerticalSeed;
      const town = metro.towns[i % metro.towns.length] as Town;
      let name = '';
      do {
        const prefix = random.chance(0.3) ? town.city : random.pick(vertical.namePrefixes);
        name = `${prefix} ${random.pick(vertical.nameSuffixes)}`;
      } while (usedNames.has(name));
      const status: CompanyStatus = random.chance(0.06)
        ? 'paused'
        : random.chance(0.05)
          ? 'onboarding'
          : 'active';
      plan(name, name.split(' ').slice(0, 2).join(' '), vertical, metro, town, status);
    }
  });

  // Each company's place is its town in the bundled gazetteer, as the profile's places
  // search would have picked it.
  const places = createDemoPlacesProvider();
  const townPlace = new Map<string, string | null>();
  for (const p of plans) {
    const key = `${p.town.city}, ${p.metro.state}`;
    if (townPlace.has(key)) continue;
    const [found] = await places.search(key, { types: ['City'], limit: 1 });
    townPlace.set(key, found?.place_id ?? null);
  }

  const rows = await ctx.tx
    .insert(clientCompanies)
    .values(
      plans.map((p) => ({
        name: p.name,
        label: p.label,
        addressLine1: streetAddress(random, p.metro),
        city: p.town.city,
        county: p.town.county,
        state: p.metro.state,
        postalCode: random.pick(p.town.zips),
        country: 'US',
        placeId: townPlace.get(`${p.town.city}, ${p.metro.state}`) ?? null,
        latitude: p.lat,
        longitude: p.lng,
        googlePlaceId: `ChIJ${random.chars(23)}`,
        phone: fictionalPhone(random, p.metro),
        email: `office@${p.domain}`,
        website: `https://www.${p.domain}`,
        primaryCategory: p.name.includes('Orthodontics') ? 'Orthodontist' : p.vertical.category,
        verticalId: verticalId.get(p.vertical.slug) ?? null,
        timeZone: p.metro.timeZone,
        status: p.status,
        createdAt: p.since,
      })),
    )
    .returning();
  const companies = rows.map((row, index) => ({
    ...(plans[index] as Omit<SeededCompany, 'id'>),
    id: row.id,
  }));

  // A primary location per company, and a second one for about a quarter of them.
  await ctx.tx.insert(locations).values(
    rows.flatMap((row, index) => {
      const company = companies[index] as SeededCompany;
      const primary = {
        companyId: row.id,
        name: `${company.label} – ${company.town.city}`,
        addressLine1: row.addressLine1 ?? '',
        city: company.town.city,
        state: company.metro.state,
        postalCode: row.postalCode ?? '',
        latitude: company.lat,
        longitude: company.lng,
        isPrimary: true,
      };
      if (!random.chance(0.25)) return [primary];
      const town = random.pick(company.metro.towns.filter((t) => t.city !== company.town.city));
      return [
        primary,
        {
          ...primary,
          name: `${company.label} – ${town.city}`,
          addressLine1: streetAddress(random, company.metro),
          city: town.city,
          postalCode: random.pick(town.zips),
          ...(({ lat, lng }) => ({ latitude: lat, longitude: lng }))(
            near(random, town.lat, town.lng, 3),
          ),
          isPrimary: false,
        },
      ];
    }),
  );

  // Each generated company has its own contact person (no password: they would sign in
  // through a provider or a reset, neither of which the demo needs).
  const contacts = await ctx.tx
    .insert(users)
    .values(
      companies.slice(FIXED.length).map((company, index) => ({
        email: `owner${index + 1}@${company.domain}`,
        firstName: random.pick([
          'Maria',
          'James',
          'Priya',
          'Daniel',
          'Aisha',
          'Tom',
          'Lucia',
          'Kevin',
          'Hannah',
          'Marcus',
        ]),
        lastName: random.pick([
          'Nguyen',
          'Garcia',
          'Patel',
          'Johnson',
          'Okafor',
          'Miller',
          'Rossi',
          'Kim',
          'Schmidt',
          'Brooks',
        ]),
      })),
    )
    .returning({ id: users.id });
  await ctx.tx.insert(clientMembers).values(
    contacts.map((contact, index) => ({
      userId: contact.id,
      companyId: (companies[FIXED.length + index] as SeededCompany).id,
    })),
  );
  return companies;
}
