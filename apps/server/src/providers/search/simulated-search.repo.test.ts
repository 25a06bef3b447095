import { SEARCH_MAX_RESULTS, type SearchPoint } from '@pinpoint/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, competitors } from '../../kernel/db/schema';
import { createRandom } from '../../kernel/demo/random';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { matchBusiness } from './business-match';
import { createNearbyBusinessesRepository } from './nearby-businesses';
import { createSimulatedSearchProvider } from './simulated-search';

/** Downtown Austin; the fixtures below imitate the demo seed around it. */
const CENTRE = { lat: 30.2672, lng: -97.7431 };
const DAY = new Date('2026-03-10T12:00:00Z');
const NEXT_DAY = new Date('2026-03-11T12:00:00Z');

function offset(point: SearchPoint, northKm: number, eastKm: number): SearchPoint {
  return {
    lat: point.lat + northKm / 111.32,
    lng: point.lng + eastKm / (111.32 * Math.cos((point.lat * Math.PI) / 180)),
  };
}

/** A 7×7 grid 2 km apart around a point, as a rank grid would ask. */
function grid(centre: SearchPoint): SearchPoint[] {
  const points: SearchPoint[] = [];
  for (let row = -3; row <= 3; row++) {
    for (let col = -3; col <= 3; col++) points.push(offset(centre, row * 2, col * 2));
  }
  return points;
}

let database: TestDatabase;
const OUR_PLUMBER = {
  placeId: 'ChIJ-our-plumber',
  phone: '+15125550101',
  website: 'https://www.summitplumbing.com',
  name: 'Summit Plumbing',
};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [plumber, dentist] = await db
    .insert(clientCompanies)
    .values([
      {
        name: OUR_PLUMBER.name,
        label: 'Summit Plumbing',
        googlePlaceId: OUR_PLUMBER.placeId,
        phone: OUR_PLUMBER.phone,
        website: OUR_PLUMBER.website,
        primaryCategory: 'Plumber',
        addressLine1: '100 Congress Ave',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        latitude: CENTRE.lat,
        longitude: CENTRE.lng,
      },
      {
        name: 'Bright Smile Dental',
        label: 'Bright Smile Dental',
        googlePlaceId: 'ChIJ-our-dentist',
        primaryCategory: 'Dentist',
        latitude: CENTRE.lat,
        longitude: CENTRE.lng + 0.001,
      },
    ])
    .returning({ id: clientCompanies.id });
  if (!plumber || !dentist) throw new Error('fixtures not inserted');

  // Like the seed: rivals within 8 km, 3.4–4.95 stars, mostly tens of reviews.
  const random = createRandom(7, 'simulated-search-test');
  const rival = (companyId: number, category: string, name: string, i: number) => {
    const at = offset(CENTRE, random.between(-8, 8), random.between(-8, 8));
    return {
      companyId,
      name: `${name} ${i}`,
      placeId: `ChIJ-${category.replace(/\W/g, '')}-${i}`,
      category,
      address: `${i} Main St, Austin, TX 78701`,
      phone: `+1512555${String(1000 + i)}`,
      website: `https://${name.toLowerCase().replace(/\W/g, '')}${i}.com`,
      latitude: at.lat,
      longitude: at.lng,
      rating: Math.round(random.between(3.4, 4.95) * 10) / 10,
      reviewCount: Math.round(5 + random.float() ** 3 * 900),
    };
  };
  await db.insert(competitors).values([
    ...Array.from({ length: 14 }, (_, i) => rival(plumber.id, 'Plumber', 'Allied Plumbing', i)),
    ...Array.from({ length: 8 }, (_, i) => rival(plumber.id, 'HVAC contractor', 'Polar Air', i)),
    ...Array.from({ length: 12 }, (_, i) => rival(dentist.id, 'Dentist', 'Parkside Dental', i)),
    // A very strong dentist right downtown: it must still never show for "plumber".
    {
      ...rival(dentist.id, 'Dentist', 'Famous Dental', 99),
      latitude: CENTRE.lat,
      longitude: CENTRE.lng,
      rating: 5,
      reviewCount: 5000,
    },
  ]);
});
afterAll(() => database?.close());

const provider = (at: Date) => createSimulatedSearchProvider({ db: database.db, now: () => at });

describe('the simulated local search', () => {
  it('answers the same results for the same keyword, point, zoom and day', async () => {
    const query = { keyword: 'plumber', point: offset(CENTRE, 1.3, -2.1), zoom: 13 };
    const first = await provider(DAY).search(query);
    const again = await createSimulatedSearchProvider({
      db: database.db,
      now: () => new Date('2026-03-10T23:59:00Z'),
    }).search({ ...query, keyword: '  Plumber ' });
    expect(first.length).toBeGreaterThan(5);
    expect(again).toEqual(first);
  });

  it('drifts slightly from one day to the next', async () => {
    const today = provider(DAY);
    const tomorrow = provider(NEXT_DAY);
    let changedPoints = 0;
    let sameTopThree = 0;
    const points = grid(CENTRE);
    for (const point of points) {
      const query = { keyword: 'plumber', point, zoom: 13 };
      const [a, b] = await Promise.all([today.search(query), tomorrow.search(query)]);
      const ids = (results: typeof a) => results.map((r) => r.placeId);
      if (ids(a).join() !== ids(b).join()) changedPoints++;
      if (ids(a).slice(0, 3).join() === ids(b).slice(0, 3).join()) sameTopThree++;
    }
    // Something moves, but the map is recognisably the same map.
    expect(changedPoints).toBeGreaterThan(0);
    expect(sameTopThree).toBeGreaterThan(points.length / 2);
  });

  it('ranks a business better at its own location than 15 km away', async () => {
    const search = provider(DAY);
    const home = await search.search({ keyword: 'plumber', point: CENTRE, zoom: 13 });
    const homeRank = matchBusiness(OUR_PLUMBER, home)?.rank;
    expect(homeRank).toBeDefined();
    expect(homeRank).toBeLessThanOrEqual(3);
    for (const [north, east] of [
      [15, 0],
      [0, 15],
      [-15, 0],
      [0, -15],
    ] as const) {
      const away = await search.search({
        keyword: 'plumber',
        point: offset(CENTRE, north, east),
        zoom: 13,
      });
      const awayRank = matchBusiness(OUR_PLUMBER, away)?.rank ?? null;
      if (awayRank !== null) expect(awayRank).toBeGreaterThan(homeRank ?? 0);
    }
  });

  it('fades with distance: the average rank over rings gets worse going out', async () => {
    const search = provider(DAY);
    const averageAt = async (km: number) => {
      let total = 0;
      for (const [north, east] of [
        [km, 0],
        [0, km],
        [-km, 0],
        [0, -km],
      ] as const) {
        const results = await search.search({
          keyword: 'plumber',
          point: offset(CENTRE, north, east),
          zoom: 13,
        });
        total += matchBusiness(OUR_PLUMBER, results)?.rank ?? 21;
      }
      return total / 4;
    };
    const [near, mid, far] = [await averageAt(0.5), await averageAt(5), await averageAt(12)];
    expect(near).toBeLessThan(mid);
    expect(mid).toBeLessThanOrEqual(far);
  });

  it('never shows a dentist for "plumber", however strong and close', async () => {
    const search = provider(DAY);
    for (const point of [CENTRE, ...grid(CENTRE)]) {
      const results = await search.search({ keyword: 'plumber', point, zoom: 13 });
      expect(results.some((r) => /dental/i.test(r.name))).toBe(false);
    }
    const dentists = await search.search({ keyword: 'dentist', point: CENTRE, zoom: 13 });
    expect(dentists[0]?.name).toMatch(/dental/i);
    expect(dentists.some((r) => r.placeId === OUR_PLUMBER.placeId)).toBe(false);
  });

  it('gives each keyword its own map', async () => {
    const search = provider(DAY);
    let differs = 0;
    for (const point of grid(CENTRE)) {
      const [a, b] = await Promise.all([
        search.search({ keyword: 'plumber', point, zoom: 13 }),
        search.search({ keyword: 'drain cleaning', point, zoom: 13 }),
      ]);
      if (a.map((r) => r.placeId).join() !== b.map((r) => r.placeId).join()) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  it('answers at most 20 results, each complete', async () => {
    const crowded = createRandom(11, 'crowded');
    const [host] = await database.db.select({ id: clientCompanies.id }).from(clientCompanies);
    const far = { lat: 39.7392, lng: -104.9903 }; // Denver, away from the other fixtures
    await database.db.insert(competitors).values(
      Array.from({ length: 30 }, (_, i) => ({
        companyId: host?.id ?? 0,
        name: `Crowded Plumbing ${i}`,
        placeId: `ChIJ-crowded-${i}`,
        category: 'Plumber',
        address: `${i} Colfax Ave, Denver, CO 80202`,
        latitude: far.lat + crowded.between(-0.02, 0.02),
        longitude: far.lng + crowded.between(-0.02, 0.02),
        rating: 4.5,
        reviewCount: 40,
      })),
    );
    const results = await provider(DAY).search({ keyword: 'plumber', point: far, zoom: 13 });
    expect(results).toHaveLength(SEARCH_MAX_RESULTS);
    for (const result of results) {
      expect(result.placeId).toMatch(/^ChIJ-crowded-/);
      expect(result.rating).toBe(4.5);
      expect(typeof result.lat).toBe('number');
    }
  });

  it('gives client companies a stable, plausible rating and review count', async () => {
    const results = await provider(DAY).search({ keyword: 'plumber', point: CENTRE, zoom: 13 });
    const ours = results.find((r) => r.placeId === OUR_PLUMBER.placeId);
    expect(ours?.rating).toBeGreaterThanOrEqual(4);
    expect(ours?.rating).toBeLessThanOrEqual(4.9);
    expect(ours?.reviewCount).toBeGreaterThanOrEqual(15);
    expect(ours?.address).toBe('100 Congress Ave, Austin, TX 78701');
  });

  it('shows a competitor only from the day it opened until the day it closed', async () => {
    // Tampa, away from the other fixtures: a strong newcomer right next to our client.
    const tampa = { lat: 27.9506, lng: -82.4572 };
    const [host] = await database.db
      .insert(clientCompanies)
      .values({
        name: 'Gulf Coast Plumbing',
        label: 'Gulf Coast Plumbing',
        googlePlaceId: 'ChIJ-gulf-coast',
        primaryCategory: 'Plumber',
        latitude: tampa.lat,
        longitude: tampa.lng,
      })
      .returning({ id: clientCompanies.id });
    await database.db.insert(competitors).values({
      companyId: host?.id ?? 0,
      name: 'Newcomer Plumbing',
      placeId: 'ChIJ-newcomer',
      category: 'Plumber',
      address: '1 Channelside Dr, Tampa, FL 33602',
      latitude: tampa.lat + 0.002,
      longitude: tampa.lng,
      rating: 4.9,
      reviewCount: 900,
      openedOn: '2026-03-11',
      closedOn: '2026-03-20',
    });
    const listed = async (at: string) => {
      const results = await provider(new Date(at)).search({ keyword: 'plumber', point: tampa });
      return results.map((r) => r.placeId);
    };
    // The provider's clock decides the day, in UTC: opening day included, closing day not.
    expect(await listed('2026-03-10T23:59:59Z')).not.toContain('ChIJ-newcomer');
    expect(await listed('2026-03-11T00:00:00Z')).toContain('ChIJ-newcomer');
    expect((await listed('2026-03-19T23:59:59Z'))[0]).toBe('ChIJ-newcomer');
    expect(await listed('2026-03-20T00:00:00Z')).not.toContain('ChIJ-newcomer');
    // Our client is there throughout, and moves up while the newcomer is away.
    expect(await listed('2026-03-10T12:00:00Z')).toContain('ChIJ-gulf-coast');
    expect((await listed('2026-03-20T12:00:00Z'))[0]).toBe('ChIJ-gulf-coast');
  });

  it('reads the businesses of a whole scan in a handful of queries', async () => {
    const repository = createNearbyBusinessesRepository(database.db);
    let queries = 0;
    const counting = {
      within: (box: Parameters<typeof repository.within>[0]) => {
        queries++;
        return repository.within(box);
      },
    };
    const search = createSimulatedSearchProvider({ repository: counting, now: () => DAY });
    await Promise.all(grid(CENTRE).map((point) => search.search({ keyword: 'plumber', point })));
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(4);
  });

  it('refuses a query that is not a search, and costs nothing', async () => {
    const search = provider(DAY);
    await expect(search.search({ keyword: ' ', point: CENTRE })).rejects.toThrow();
    await expect(
      search.search({ keyword: 'plumber', point: { lat: 91, lng: 0 } }),
    ).rejects.toThrow();
    expect(search.estimateCost(441)).toBe(0);
    expect(search.checkCost(441)).toEqual({ points: 441, cents: 0, ceilingCents: null });
  });
});
