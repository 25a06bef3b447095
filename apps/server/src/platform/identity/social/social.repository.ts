import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../kernel/db/database';
import { leads, oauthFlows, socialAccounts, users } from '../../../kernel/db/schema';
import type { UserRow } from '../identity.repository';

export type FlowRow = typeof oauthFlows.$inferSelect;

/** Queries of social sign-in: flows in progress and linked social accounts. */
export function createSocialRepository(db: Db) {
  return {
    async insertFlow(row: typeof oauthFlows.$inferInsert): Promise<void> {
      await db.insert(oauthFlows).values(row);
    },

    /** Removes and returns a flow: each state can be used once. */
    async takeFlow(state: string): Promise<FlowRow | null> {
      const [row] = await db.delete(oauthFlows).where(eq(oauthFlows.state, state)).returning();
      return row ?? null;
    },

    async takeFlowByLinkToken(linkTokenHash: string): Promise<FlowRow | null> {
      const [row] = await db
        .delete(oauthFlows)
        .where(eq(oauthFlows.linkTokenHash, linkTokenHash))
        .returning();
      return row ?? null;
    },

    async deleteFlowsOlderThan(cutoff: Date): Promise<void> {
      await db.delete(oauthFlows).where(lt(oauthFlows.createdAt, cutoff));
    },

    async findLinkedUser(provider: string, subject: string): Promise<UserRow | null> {
      const [row] = await db
        .select({ user: users })
        .from(socialAccounts)
        .innerJoin(users, eq(users.id, socialAccounts.userId))
        .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)));
      return row?.user ?? null;
    },

    async link(provider: string, subject: string, userId: number, email: string | null) {
      await db
        .insert(socialAccounts)
        .values({ provider, subject, userId, email })
        .onConflictDoNothing();
    },

    /** A new trial lead from a social identity: user, lead record and link, all or nothing. */
    async createLeadFromSocial(input: {
      provider: string;
      subject: string;
      email: string;
      firstName: string;
      lastName: string;
    }): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            lead: true,
          })
          .returning();
        if (!user) throw new Error('user insert returned nothing');
        await tx.insert(leads).values({
          userId: user.id,
          company: '',
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
        });
        await tx.insert(socialAccounts).values({
          provider: input.provider,
          subject: input.subject,
          userId: user.id,
          email: input.email,
        });
        return user;
      });
    },
  };
}

export type SocialRepository = ReturnType<typeof createSocialRepository>;
