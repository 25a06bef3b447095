import type { FastifyInstance } from 'fastify';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  gridConfigs,
  users,
} from '../../kernel/db/schema';
import { sessionCookieOf } from '../../test/test-app';

/** Test fixtures for batches: companies around Austin, staff and clients, small grid configs. */

export const AUSTIN = { lat: 30.2672, lng: -97.7431 };

export type Role = 'admin' | 'employee' | 'client' | 'lead';

export async function insertUsers(app: FastifyInstance, tag: string, clientOf: number) {
  const db = app.database.db;
  const rows = await db
    .insert(users)
    .values([
      { email: `admin@${tag}.test`, firstName: 'Ada', lastName: 'Admin', admin: true },
      { email: `employee@${tag}.test`, firstName: 'Emil', lastName: 'Staff', perm: true },
      { email: `client@${tag}.test`, firstName: 'Cleo', lastName: 'Client' },
      { email: `lead@${tag}.test`, firstName: 'Lea', lastName: 'Lead', lead: true },
    ])
    .returning({ id: users.id });
  const [admin, employee, client, lead] = rows.map((row) => row.id) as [
    number,
    number,
    number,
    number,
  ];
  await db.insert(clientMembers).values({ userId: client, companyId: clientOf });
  await db.insert(employeeAssignments).values({ userId: employee, companyId: clientOf });
  return { admin, employee, client, lead } satisfies Record<Role, number>;
}

/** A session cookie for a user, without going through the sign-in route. */
export const cookieOf = sessionCookieOf;

/** A plumbing client a little way from downtown (east by `eastKm`), found by its place id. */
export async function insertCompany(
  app: FastifyInstance,
  name: string,
  eastKm: number,
  status = 'active',
) {
  const [row] = await app.database.db
    .insert(clientCompanies)
    .values({
      name,
      label: name,
      status,
      googlePlaceId: `ChIJ-batch-${name.toLowerCase().replaceAll(' ', '-')}`,
      primaryCategory: 'Plumber',
      latitude: AUSTIN.lat,
      longitude: AUSTIN.lng + eastKm / (111.32 * Math.cos((AUSTIN.lat * Math.PI) / 180)),
    })
    .returning();
  if (!row) throw new Error('company not inserted');
  return row;
}

/** A 3×3 config centred on the company (9 points, fewer with switched-off points). */
export async function insertConfig(
  app: FastifyInstance,
  company: { id: number; latitude: number | null; longitude: number | null },
  keyword: string,
  options: { disabledPoints?: number[]; size?: number; active?: boolean } = {},
) {
  const [row] = await app.database.db
    .insert(gridConfigs)
    .values({
      companyId: company.id,
      keyword,
      size: options.size ?? 3,
      radius: 1,
      unit: 'km',
      centerLat: company.latitude ?? AUSTIN.lat,
      centerLng: company.longitude ?? AUSTIN.lng,
      disabledPoints: options.disabledPoints ?? [],
      frequency: 'weekly',
      active: options.active ?? true,
    })
    .returning();
  if (!row) throw new Error('config not inserted');
  return row;
}
