import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@pinpoint/contracts';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { clientCompanies, clientMembers, employeeAssignments, users } from '../../db/schema';
import { hashPassword } from './password';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

const COMPANIES = [
  { name: 'Summit Plumbing & Drain', label: 'Summit Plumbing' },
  { name: 'Bayside Family Dental', label: 'Bayside Dental' },
  { name: 'Bayside Dental Kids', label: 'Bayside Kids' },
  { name: 'Harbor Smiles Orthodontics', label: 'Harbor Smiles' },
];

const SEED_LOCK = 7_301_949;

/**
 * Creates the demo users and the companies they belong to, once, on an empty database.
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
    const [summit, bayside, baysideKids, harbor] = companies.map((c) => c.id);
    const person = (email: string, firstName: string, lastName: string, flags = {}) => ({
      email,
      passwordHash: hash,
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
    const id = (email: string) => created.find((u) => u.email === email)?.id ?? 0;

    await tx.insert(clientMembers).values([
      { userId: id('client@demo.pinpoint.local'), companyId: summit ?? 0 },
      { userId: id('owner@demo.pinpoint.local'), companyId: bayside ?? 0 },
      { userId: id('owner@demo.pinpoint.local'), companyId: baysideKids ?? 0 },
      { userId: id('owner@demo.pinpoint.local'), companyId: harbor ?? 0 },
    ]);
    await tx.insert(employeeAssignments).values([
      { userId: id('employee@demo.pinpoint.local'), companyId: summit ?? 0 },
      { userId: id('employee@demo.pinpoint.local'), companyId: bayside ?? 0 },
    ]);
    return true;
  });
}
