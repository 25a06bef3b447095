import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@pinpoint/contracts';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, clientMembers, employeeAssignments, users } from '../../kernel/db/schema';
import { hashPassword } from './password';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

const COMPANIES = [
  { name: 'Summit Plumbing & Drain', label: 'Summit Plumbing' },
  { name: 'Bayside Family Dental', label: 'Bayside Dental' },
  { name: 'Bayside Dental Kids', label: 'Bayside Kids' },
  { name: 'Harbor Smiles Orthodontics', label: 'Harbor Smiles' },
];

const SEED_LOCK = 7_301_949;

/** The companies the demo accounts belong to (the demo agency seed makes richer ones). */
export interface DemoAccountCompanies {
  summit: number;
  bayside: number;
  baysideKids: number;
  harbor: number;
  /** More companies the demo employee is assigned to, beyond Summit and Bayside. */
  assigned: number[];
}

/**
 * The demo users of packages/contracts/src/demo.ts and their links: the client belongs to
 * Summit, the owner to the three Bayside/Harbor practices, the employee is assigned to
 * Summit, Bayside and `assigned`. Returns the user ids by email.
 */
export async function insertDemoAccounts(
  tx: Db,
  passwordHash: string,
  companies: DemoAccountCompanies,
): Promise<Map<string, number>> {
  const person = (email: string, firstName: string, lastName: string, flags = {}) => ({
    email,
    passwordHash,
    firstName,
    lastName,
    ...flags,
  });
  const created = await tx
    .insert(users)
    .values([
      person('client@demo.pinpoint.local', 'Casey', 'Client'),
      person('owner@demo.pinpoint.local', 'Olivia', 'Owner'),
      person('employee@demo.pinpoint.local', 'Evan', 'Employee', { perm: true, phoneExt: '214' }),
      person('rookie@demo.pinpoint.local', 'Riley', 'Rookie', { perm: true, phoneExt: '231' }),
      person('admin@demo.pinpoint.local', 'Alex', 'Admin', { admin: true }),
      person('lead@demo.pinpoint.local', 'Lee', 'Lead', { lead: true }),
    ])
    .returning();
  const ids = new Map(created.map((user) => [user.email, user.id]));
  const id = (email: string) => ids.get(email) ?? 0;
  await tx.insert(clientMembers).values([
    { userId: id('client@demo.pinpoint.local'), companyId: companies.summit },
    { userId: id('owner@demo.pinpoint.local'), companyId: companies.bayside },
    { userId: id('owner@demo.pinpoint.local'), companyId: companies.baysideKids },
    { userId: id('owner@demo.pinpoint.local'), companyId: companies.harbor },
  ]);
  await tx.insert(employeeAssignments).values(
    [companies.summit, companies.bayside, ...companies.assigned].map((companyId) => ({
      userId: id('employee@demo.pinpoint.local'),
      companyId,
    })),
  );
  return ids;
}

/**
 * A small fixture for tests: the demo users and four plain companies, once, on an empty
 * database. (`npm start` seeds the whole demo agency instead: apps/server/src/seed.)
 * Under a transaction-scoped advisory lock, so two processes starting together seed once.
 * Returns whether it seeded.
 */
export async function seedDemoAccounts(db: Db): Promise<boolean> {
  const hash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if (Number(existing?.n ?? 0) > 0) return false;

    const companies = await tx.insert(clientCompanies).values(COMPANIES).returning();
    const [summit, bayside, baysideKids, harbor] = companies.map((c) => c.id ?? 0) as [
      number,
      number,
      number,
      number,
    ];
    await insertDemoAccounts(tx, hash, { summit, bayside, baysideKids, harbor, assigned: [] });
    return true;
  });
}
