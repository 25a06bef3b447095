import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { leads, users } from '../../kernel/db/schema';

/** A trial lead's own account and sign-up record (the `leads` row their sign-up made). */
export function createTrialRepository(db: Db) {
  return {
    async profileOf(userId: number) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return null;
      const [lead] = await db
        .select()
        .from(leads)
        .where(eq(leads.userId, userId))
        .orderBy(desc(leads.id))
        .limit(1);
      return { user, lead: lead ?? null };
    },
  };
}

export type TrialRepository = ReturnType<typeof createTrialRepository>;
