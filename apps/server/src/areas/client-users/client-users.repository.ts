import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, clientMembers, users } from '../../kernel/db/schema';

export type NewClientUser = Pick<
  typeof users.$inferInsert,
  'email' | 'firstName' | 'lastName' | 'passwordHash' | 'needsActivation'
>;

export function createClientUsersRepository(db: Db) {
  return {
    async companyName(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: clientCompanies.name })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row?.name ?? null;
    },

    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return Boolean(row);
    },

    /**
     * The user and its membership, all or nothing. Only the columns named here are written:
     * role flags (perm, admin, lead) keep their false defaults whatever a request carried.
     */
    async createMember(user: NewClientUser, companyId: number) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            passwordHash: user.passwordHash,
            needsActivation: user.needsActivation,
          })
          .returning();
        if (!created) throw new Error('user insert returned nothing');
        await tx.insert(clientMembers).values({ userId: created.id, companyId });
        return created;
      });
    },
  };
}

export type ClientUsersRepository = ReturnType<typeof createClientUsersRepository>;
