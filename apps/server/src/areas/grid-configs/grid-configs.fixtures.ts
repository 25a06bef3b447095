import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  gridConfigs,
  locations,
  productInstances,
  users,
} from '../../kernel/db/schema';

/** Downtown Austin, where the simulated provider's own tests put their plumbers. */
export const CENTRE = { lat: 30.2672, lng: -97.7431 };

export interface GridFixtures {
  /** A has its own point; B is another client; C has no location at all; D only a primary location. */
  companies: { a: number; b: number; c: number; d: number };
  users: {
    memberA: number;
    memberB: number;
    employeeA: number;
    employeeNone: number;
    admin: number;
  };
  /** Company A's rank grid product instance. */
  itemA: number;
}

/** Companies, people and company A's rank grid product, for the grid config tests. */
export async function insertGridFixtures(db: Db): Promise<GridFixtures> {
  const [a, b, c, d] = await db
    .insert(clientCompanies)
    .values([
      {
        name: 'Gridline Plumbing',
        label: 'Gridline',
        googlePlaceId: 'ChIJ-grid-config-plumber',
        primaryCategory: 'Plumber',
        latitude: CENTRE.lat,
        longitude: CENTRE.lng,
      },
      { name: 'Other Dental', label: 'Other', primaryCategory: 'Dentist' },
      { name: 'Nowhere Roofing', label: 'Nowhere', primaryCategory: 'Roofer' },
      { name: 'Branch Electric', label: 'Branch', primaryCategory: 'Electrician' },
    ])
    .returning({ id: clientCompanies.id });
  if (!a || !b || !c || !d) throw new Error('fixtures not inserted');
  await db.insert(locations).values({
    companyId: d.id,
    name: 'Main office',
    addressLine1: '1 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
    latitude: 30.25,
    longitude: -97.75,
    isPrimary: true,
  });
  const person = (email: string, flags: Partial<typeof users.$inferInsert> = {}) => ({
    email,
    firstName: 'Grid',
    lastName: email.split('@')[0] ?? '',
    ...flags,
  });
  const [memberA, memberB, employeeA, employeeNone, admin] = await db
    .insert(users)
    .values([
      person('member-a@configs.test'),
      person('member-b@configs.test'),
      person('employee-a@configs.test', { perm: true }),
      person('employee-none@configs.test', { perm: true }),
      person('admin@configs.test', { admin: true }),
    ])
    .returning({ id: users.id });
  if (!memberA || !memberB || !employeeA || !employeeNone || !admin) {
    throw new Error('users not inserted');
  }
  await db.insert(clientMembers).values([
    { userId: memberA.id, companyId: a.id },
    { userId: memberB.id, companyId: b.id },
  ]);
  await db.insert(employeeAssignments).values([
    { userId: employeeA.id, companyId: a.id },
    { userId: employeeA.id, companyId: c.id },
    { userId: employeeA.id, companyId: d.id },
  ]);
  const [item] = await db
    .insert(productInstances)
    .values({
      companyId: a.id,
      // The Google Business Profile family carries the rank grid (RANK_GRID_PRODUCT_SLUGS).
      productSlug: 'google-business-pro',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 9900,
    })
    .returning({ id: productInstances.id });
  return {
    companies: { a: a.id, b: b.id, c: c.id, d: d.id },
    users: {
      memberA: memberA.id,
      memberB: memberB.id,
      employeeA: employeeA.id,
      employeeNone: employeeNone.id,
      admin: admin.id,
    },
    itemA: item?.id ?? 0,
  };
}

/** A config stored directly (the scheduler tests set `next_run_at` themselves). */
export async function insertConfig(
  db: Db,
  values: Partial<typeof gridConfigs.$inferInsert> & { companyId: number },
) {
  const [row] = await db
    .insert(gridConfigs)
    .values({
      keyword: 'plumber',
      size: 3,
      radius: 1,
      unit: 'km',
      centerLat: CENTRE.lat,
      centerLng: CENTRE.lng,
      frequency: 'daily',
      ...values,
    })
    .returning();
  if (!row) throw new Error('config not inserted');
  return row;
}
