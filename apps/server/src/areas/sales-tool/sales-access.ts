import type { Principal } from '../../kernel/lib/access-policy';
import { conflict, notFound } from '../../kernel/lib/app-error';
import type { ContainerWithCompany, SalesToolRepository } from './sales-tool.repository';

export const NO_SUCH_WORKSPACE = 'No such prospect workspace.';

/**
 * A prospect workspace belongs to the employee who works it; admins see every one. Anyone
 * else gets the same 404 as for an id that does not exist, so ids cannot be probed.
 */
export function mayWork(principal: Principal, container: { ownerId: number | null }): boolean {
  return principal.admin || container.ownerId === principal.userId;
}

export function createContainerAccess(repo: SalesToolRepository) {
  return async function ownedContainer(
    principal: Principal,
    id: number,
  ): Promise<ContainerWithCompany> {
    const row = await repo.container(id);
    if (!row || !mayWork(principal, row.container)) throw notFound(NO_SUCH_WORKSPACE);
    return row;
  };
}

export type OwnedContainer = ReturnType<typeof createContainerAccess>;

/** Measuring and drafting are for prospects: a won workspace is the client's now. */
export function refuseWon(row: ContainerWithCompany, what: string): void {
  if (row.container.stage === 'won') {
    throw conflict(`${row.container.name} is a client now: ${what} from the client's own pages.`);
  }
}
