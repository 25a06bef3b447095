import type { ClientRecord } from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import { createTtlCache, type TtlCache } from '../../kernel/lib/ttl-cache';
import type { ClientsRepository } from './clients.repository';

/**
 * How long a client record read from the database is served from memory. Every dashboard
 * page reads it; it changes when the profile is saved or a vertical renamed, which drop it
 * on every process at once (`client.changed`). This bounds anything else.
 */
export const CLIENT_RECORD_TTL_MS = 5_000;

export type ClientRecordCache = TtlCache<number, ClientRecord>;

export function createClientRecordCache(): ClientRecordCache {
  return createTtlCache({ ttlMs: CLIENT_RECORD_TTL_MS, maxEntries: 5_000 });
}

export function createClientsService(
  repo: ClientsRepository,
  cache: ClientRecordCache = createClientRecordCache(),
) {
  return {
    /** One client record; the caller must be allowed to see that client. */
    async get(principal: Principal, id: number): Promise<ClientRecord> {
      if (!canAccessClient(principal, id)) throw accessDenied();
      const cached = cache.get(id);
      if (cached) return cached;
      const client = await repo.findById(id);
      if (!client) throw notFound('No such client.');
      cache.set(id, client);
      return client;
    },

    /** A change event: drop one client's record, or all of them (`null`). */
    forget(clientId: number | null): void {
      if (clientId === null) cache.clear();
      else cache.delete(clientId);
    },

    /** The clients a user works with: all for admins, memberships and assignments otherwise. */
    async listFor(principal: Principal): Promise<ClientRecord[]> {
      if (principal.admin) return repo.listAll();
      return repo.listByIds([...new Set([...principal.memberOf, ...principal.assignedTo])]);
    },
  };
}
