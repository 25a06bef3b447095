import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { clientCompanies, clientMembers, employeeAssignments, users } from '../../kernel/db/schema';
import { TEST_ORIGIN } from '../../test/test-app';

/**
 * Test fixture for the client-data modules (activity, overview, alerts read state): two
 * companies and the callers around them. `member` belongs to A, `other` to B, `assigned`
 * is an employee of A, `unassigned` an employee of neither, `admin` sees all, `lead` is a
 * trial lead.
 */
export const CALLERS = ['member', 'other', 'assigned', 'unassigned', 'admin', 'lead'] as const;
export type Caller = (typeof CALLERS)[number];

export interface People {
  companyA: number;
  companyB: number;
  call(
    who: Caller | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

export async function createPeople(
  app: FastifyInstance,
  tag: string,
  timeZone = 'America/Chicago',
): Promise<People> {
  const db = app.database.db;
  const [a, b] = await db
    .insert(clientCompanies)
    .values([
      { name: `${tag} Alpha Roofing`, label: `${tag} Alpha`, timeZone },
      { name: `${tag} Beta Bakery`, label: `${tag} Beta`, timeZone },
    ])
    .returning();
  const companyA = a?.id ?? 0;
  const companyB = b?.id ?? 0;
  const person = (who: Caller, flags: Partial<typeof users.$inferInsert> = {}) => ({
    email: `${who}@${tag.toLowerCase()}.test`,
    firstName: tag,
    lastName: who,
    ...flags,
  });
  const created = await db
    .insert(users)
    .values([
      person('member'),
      person('other'),
      person('assigned', { perm: true }),
      person('unassigned', { perm: true }),
      person('admin', { admin: true }),
      person('lead', { lead: true }),
    ])
    .returning();
  const idOf = (who: Caller) => created.find((u) => u.lastName === who)?.id ?? 0;
  await db.insert(clientMembers).values([
    { userId: idOf('member'), companyId: companyA },
    { userId: idOf('other'), companyId: companyB },
  ]);
  await db.insert(employeeAssignments).values({ userId: idOf('assigned'), companyId: companyA });

  const cookies = {} as Record<Caller, string>;
  for (const who of CALLERS) {
    const { token } = await app.sessionService.create({
      userId: idOf(who),
      authType: 'password',
      ip: '127.0.0.1',
      userAgent: `${tag} test`,
    });
    cookies[who] = `${app.sessionCookie.name}=${token}`;
  }

  return {
    companyA,
    companyB,
    call(who, method, url, payload) {
      const options: InjectOptions = {
        method,
        url,
        headers: { origin: TEST_ORIGIN, ...(who ? { cookie: cookies[who] } : {}) },
      };
      if (payload) options.payload = payload;
      return app.inject(options);
    },
  };
}
