import type { FastifyInstance } from 'fastify';
import type { Db } from '../kernel/db/database';
import { clientMembers, employeeAssignments, users } from '../kernel/db/schema';
import { sessionCookieOf } from './test-services';

/** The session cookies of the four people an area's route tests call as. */
export interface AreaCallers {
  /** A member of the company under test. */
  client: string;
  /** A member of the other company only. */
  stranger: string;
  /** An employee assigned to the company under test. */
  employee: string;
  /** An employee assigned to the other company only. */
  otherEmployee: string;
}

/**
 * Makes the four callers of an area's route tests (the company's member and employee, and
 * the other company's), with sessions. `tag` keeps their emails unique within one database.
 */
export async function seedAreaCallers(
  app: FastifyInstance,
  db: Db,
  { companyId, otherCompanyId, tag }: { companyId: number; otherCompanyId: number; tag: string },
): Promise<AreaCallers> {
  const people = await db
    .insert(users)
    .values([
      { email: `client-${tag}@area.test`, firstName: 'Cara', lastName: 'Client' },
      { email: `stranger-${tag}@area.test`, firstName: 'Stan', lastName: 'Stranger' },
      { email: `employee-${tag}@area.test`, firstName: 'Emma', lastName: 'Staff', perm: true },
      { email: `other-${tag}@area.test`, firstName: 'Otto', lastName: 'Staff', perm: true },
    ])
    .returning();
  const [client, stranger, employee, otherEmployee] = people.map((p) => p.id) as [
    number,
    number,
    number,
    number,
  ];
  await db.insert(clientMembers).values([
    { userId: client, companyId },
    { userId: stranger, companyId: otherCompanyId },
  ]);
  await db.insert(employeeAssignments).values([
    { userId: employee, companyId },
    { userId: otherEmployee, companyId: otherCompanyId },
  ]);
  return {
    client: await sessionCookieOf(app, client),
    stranger: await sessionCookieOf(app, stranger),
    employee: await sessionCookieOf(app, employee),
    otherEmployee: await sessionCookieOf(app, otherEmployee),
  };
}
