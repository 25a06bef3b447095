import { PROSPECT_COMPANY_STATUS } from '@pinpoint/contracts';
import { and, count, desc, eq, gt, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  leads,
  sessions,
  signInEvents,
  users,
} from '../../kernel/db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type NewLead = typeof leads.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type SignInOutcome =
  | 'success'
  | 'bad_credentials'
  | 'throttled'
  | 'disabled'
  | 'needs_activation';

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
  memberIds: number[];
  assignedIds: number[];
}

export interface CompanyRef {
  id: number;
  name: string;
  label: string;
}

/** Queries of the identity area: users, memberships, sessions and sign-in events. */
export function createIdentityRepository(db: Db) {
  /** Companies linked to a user through one of the two link tables. */
  function linkedCompanies(
    userId: number,
    link: typeof clientMembers | typeof employeeAssignments,
  ): Promise<CompanyRef[]> {
    return (
      db
        .select({
          id: clientCompanies.id,
          name: clientCompanies.name,
          label: clientCompanies.label,
        })
        .from(link)
        .innerJoin(clientCompanies, eq(clientCompanies.id, link.companyId))
        // An employee's custom-rank prospects are not clients: they must not turn the landing
        // page into the employee home nor fill the client pickers.
        .where(and(eq(link.userId, userId), ne(clientCompanies.status, PROSPECT_COMPANY_STATUS)))
        .orderBy(clientCompanies.id)
    );
  }

  // Every signed-in request that misses the session cache runs this: built once, not per call.
  const findSessionQuery = db
    .select({
      session: sessions,
      user: users,
      memberIds: sql<number[]>`array(select m.company_id from client_members m
        where m.user_id = ${users.id} order by m.company_id)`,
      assignedIds: sql<number[]>`array(select a.company_id from employee_assignments a
        where a.user_id = ${users.id} order by a.company_id)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('identity_find_session');

  return {
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    async findUserById(id: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** The companies a user belongs to as a client, in a stable order. */
    /** Companies the user is a member of (a client), in one query. */
    memberCompanies: (userId: number) => linkedCompanies(userId, clientMembers),

    /** Companies the user is assigned to (an employee), in one query. */
    assignedCompanies: (userId: number) => linkedCompanies(userId, employeeAssignments),

    /** Creates a trial lead: the user, the lead record and the company name, all or nothing. */
    async createLeadUser(user: NewUser, lead: Omit<NewLead, 'userId'>): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values(user).returning();
        if (!created) throw new Error('user insert returned nothing');
        await tx.insert(leads).values({ ...lead, userId: created.id });
        return created;
      });
    },

    async insertSession(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },

    /** A session with its user and the user's company links, in one round trip. */
    async findSession(tokenHash: string): Promise<SessionWithUser | null> {
      const [row] = await findSessionQuery.execute({ tokenHash });
      return row ?? null;
    },

    async touchSession(tokenHash: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async recordSignIn(event: typeof signInEvents.$inferInsert): Promise<number> {
      const [row] = await db.insert(signInEvents).values(event).returning({ id: signInEvents.id });
      return row?.id ?? 0;
    },

    /** The latest sign-in attempts, newest first (the staff's live login report). */
    recentSignIns(limit: number) {
      return db
        .select()
        .from(signInEvents)
        .orderBy(desc(signInEvents.at), desc(signInEvents.id))
        .limit(limit);
    },

    /** Failures since `since` for an email and for an address, with the latest of each. */
    async recentFailures(email: string, ip: string, since: Date) {
      const failures = (
        column: typeof signInEvents.email | typeof signInEvents.ip,
        value: string,
      ) =>
        db
          .select({ count: count(), last: max(signInEvents.at) })
          .from(signInEvents)
          .where(
            and(
              eq(column, value),
              eq(signInEvents.outcome, 'bad_credentials'),
              gt(signInEvents.at, since),
            ),
          );
      const [[byEmail], [byIp]] = await Promise.all([
        failures(signInEvents.email, email),
        failures(signInEvents.ip, ip),
      ]);
      const toHistory = (row: { count: number; last: Date | string | null } | undefined) => ({
        count: Number(row?.count ?? 0),
        last: row?.last ? new Date(row.last) : null,
      });
      return { byEmail: toHistory(byEmail), byIp: toHistory(byIp) };
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
