import type { ClientRecord } from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../lib/access-policy';
import { accessDenied, notFound } from '../../lib/app-error';
import type { ClientsRepository } from './clients.repository';

export function createClientsService(repo: ClientsRepository) {
  return {
    /** One client record; the caller must be allowed to see that client. */
    async get(principal: Principal, id: number): Promise<ClientRecord> {
      if (!canAccessClient(principal, id)) throw accessDenied();
      const client = await repo.findById(id);
      if (!client) throw notFound('No such client.');
      return client;
    },

    /** The clients a user works with: all for admins, memberships and assignments otherwise. */
    async listFor(principal: Principal): Promise<ClientRecord[]> {
      if (principal.admin) return repo.listAll();
      return repo.listByIds([...new Set([...principal.memberOf, ...principal.assignedTo])]);
    },
  };
}
