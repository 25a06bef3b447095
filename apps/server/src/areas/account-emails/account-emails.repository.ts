import { and, count, eq, gt, inArray, isNull, max } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  accountTokens,
  clientMembers,
  sessions,
  signInEvents,
  users,
} from '../../kernel/db/schema';

export type AccountTokenPurpose = 'activation' | 'reset';

/** The method and outcome a reset request is recorded under in sign_in_events. */
export const RESET_METHOD = 'password-reset';
export const RESET_REQUESTED = 'reset_requested';

export interface TokenLookup {
  userId: number;
  purpose: string;
  expiresAt: Date;
  usedAt: Date | null;
  email: string;
  firstName: string;
  disabled: boolean;
}

export function createAccountEmailsRepository(db: Db) {
  return {
    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    /** A user with the companies it is a member of (to check a staff member may act on it). */
    async findMember(userId: number) {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) return null;
      const links = await db
        .select({ companyId: clientMembers.companyId })
        .from(clientMembers)
        .where(eq(clientMembers.userId, userId));
      return { user, companyIds: links.map((l) => l.companyId) };
    },

    async insertToken(row: {
      hash: string;
      userId: number;
      purpose: AccountTokenPurpose;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(accountTokens).values({
        tokenHash: row.hash,
        userId: row.userId,
        purpose: row.purpose,
        expiresAt: row.expiresAt,
      });
    },

    async findToken(hash: string): Promise<TokenLookup | null> {
      const [row] = await db
        .select({
          userId: accountTokens.userId,
          purpose: accountTokens.purpose,
          expiresAt: accountTokens.expiresAt,
          usedAt: accountTokens.usedAt,
          email: users.email,
          firstName: users.firstName,
          disabledAt: users.disabledAt,
        })
        .from(accountTokens)
        .innerJoin(users, eq(users.id, accountTokens.userId))
        .where(eq(accountTokens.tokenHash, hash))
        .limit(1);
      if (!row) return null;
      const { disabledAt, ...rest } = row;
      return { ...rest, disabled: disabledAt !== null };
    },

    /**
     * Uses a token and sets the password, all or nothing. The conditional UPDATE is the
     * single-use guarantee: of two uses at once, the second finds `used_at` set (the row
     * lock makes it wait for the first) and changes nothing. Every other open token of the
     * user is spent with it, so an older reset or invitation email opens nothing more.
     * A reset also ends every session of the user; their token hashes are returned so the
     * caller can close their sockets and drop them from every process's cache.
     */
    async useTokenAndSetPassword(input: {
      hash: string;
      purpose: AccountTokenPurpose;
      passwordHash: string;
      now: Date;
    }): Promise<{ userId: number; endedSessions: string[] } | null> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(accountTokens)
          .set({ usedAt: input.now })
          .where(
            and(
              eq(accountTokens.tokenHash, input.hash),
              eq(accountTokens.purpose, input.purpose),
              isNull(accountTokens.usedAt),
              gt(accountTokens.expiresAt, input.now),
            ),
          )
          .returning({ userId: accountTokens.userId });
        if (!used) return null;
        const { userId } = used;
        await tx
          .update(users)
          .set({ passwordHash: input.passwordHash, needsActivation: false })
          .where(eq(users.id, userId));
        await tx
          .update(accountTokens)
          .set({ usedAt: input.now })
          .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
        const ended =
          input.purpose === 'reset'
            ? await tx
                .delete(sessions)
                .where(eq(sessions.userId, userId))
                .returning({ tokenHash: sessions.tokenHash })
            : [];
        return { userId, endedSessions: ended.map((s) => s.tokenHash) };
      });
    },

    /** Records a reset request where sign-in attempts are kept (throttling, live report). */
    async recordResetRequest(event: {
      email: string;
      ip: string;
      outcome: string;
      userId: number | null;
      at: Date;
    }): Promise<number> {
      const [row] = await db
        .insert(signInEvents)
        .values({ ...event, method: RESET_METHOD })
        .returning({ id: signInEvents.id });
      return row?.id ?? 0;
    },

    /** Reset requests since `since`, per email and per address, like sign-in failures. */
    async recentResetRequests(email: string, ip: string, since: Date) {
      const requests = (
        column: typeof signInEvents.email | typeof signInEvents.ip,
        value: string,
      ) =>
        db
          .select({ count: count(), last: max(signInEvents.at) })
          .from(signInEvents)
          .where(
            and(
              eq(column, value),
              eq(signInEvents.method, RESET_METHOD),
              eq(signInEvents.outcome, RESET_REQUESTED),
              gt(signInEvents.at, since),
            ),
          );
      const [[byEmail], [byIp]] = await Promise.all([
        requests(signInEvents.email, email),
        requests(signInEvents.ip, ip),
      ]);
      const toHistory = (row: { count: number; last: Date | string | null } | undefined) => ({
        count: Number(row?.count ?? 0),
        last: row?.last ? new Date(row.last) : null,
      });
      return { byEmail: toHistory(byEmail), byIp: toHistory(byIp) };
    },

    /** Spends a user's open tokens of some purposes (a new invitation replaces the old). */
    async spendOpenTokens(userId: number, purposes: AccountTokenPurpose[], now: Date) {
      await db
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.userId, userId),
            inArray(accountTokens.purpose, purposes),
            isNull(accountTokens.usedAt),
          ),
        );
    },
  };
}

export type AccountEmailsRepository = ReturnType<typeof createAccountEmailsRepository>;
