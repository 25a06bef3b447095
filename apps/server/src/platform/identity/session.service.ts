import { createHash, randomBytes } from 'node:crypto';
import type { AuthType } from '@pinpoint/contracts';
import { createTtlCache, type TtlCache } from '../../kernel/lib/ttl-cache';
import type { IdentityRepository, SessionWithUser } from './identity.repository';

/** DECISIONS.md: idle timeout 2 h, absolute lifetime 12 h. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Last-seen is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;
/**
 * Resolved sessions are kept this long, so a page's burst of reads looks its session up
 * once (issue 8: the lookup was half of a signed-in read's cost). The idle timeout and the
 * lifetime are still checked on every use; sign-out and changed memberships drop entries
 * on every process (`session.ended`, `access.changed`).
 */
export const SESSION_CACHE_TTL_MS = 5_000;

export type SessionCache = TtlCache<string, SessionWithUser>;

export function createSessionCache(): SessionCache {
  return createTtlCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 10_000 });
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** Opaque random session tokens; the database keeps only their hash. */
export function createSessionService(
  repo: IdentityRepository,
  clock: () => Date = () => new Date(),
  cache: SessionCache = createSessionCache(),
) {
  /** Told the token hash of every session a sign-out ends (the socket layer closes its sockets). */
  const destroyedListeners = new Set<(tokenHash: string) => void>();

  return {
    async create(input: {
      userId: number;
      authType: AuthType;
      ip: string;
      userAgent: string | null;
    }): Promise<NewSession> {
      // 256 bits, well over DECISIONS.md's 128.
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
      await repo.insertSession({
        tokenHash: hashToken(token),
        userId: input.userId,
        authType: input.authType,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 400) ?? null,
        lastSeenAt: now,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /**
     * The live session for a cookie token, or null when there is none. A session that has
     * lapsed, or whose user is disabled, is deleted on the spot. `fresh` skips the cache:
     * for re-checks that follow a change of access.
     */
    async resolve(
      token: string,
      options: { touch?: boolean; fresh?: boolean } = {},
    ): Promise<SessionWithUser | null> {
      const { touch = true, fresh = false } = options;
      const tokenHash = hashToken(token);
      const cached = fresh ? undefined : cache.get(tokenHash);
      const found = cached ?? (await repo.findSession(tokenHash));
      if (!found) return null;
      const { session, user } = found;
      const now = clock();
      const idle = now.getTime() - session.lastSeenAt.getTime();
      if (session.expiresAt <= now || idle > SESSION_IDLE_MS || user.disabledAt) {
        cache.delete(tokenHash);
        await repo.deleteSession(tokenHash);
        return null;
      }
      // An open socket re-checks its session without touching it: a tab left open is not
      // activity, so the idle timeout still ends the session.
      if (touch && idle > TOUCH_EVERY_MS) {
        await repo.touchSession(tokenHash, now);
        session.lastSeenAt = now;
      }
      // Kept from the database read only: a hit does not extend its own life.
      if (!cached) cache.set(tokenHash, found);
      return found;
    },

    /** Drops a session this process may hold, after a change told by another process. */
    forget(tokenHash: string): void {
      cache.delete(tokenHash);
    },

    /** A user's memberships or assignments changed: read their sessions afresh. */
    forgetUser(userId: number): void {
      cache.deleteWhere((found) => found.user.id === userId);
    },

    async destroy(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      cache.delete(tokenHash);
      await repo.deleteSession(tokenHash);
      for (const listener of destroyedListeners) listener(tokenHash);
    },

    onDestroyed(listener: (tokenHash: string) => void): void {
      destroyedListeners.add(listener);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
