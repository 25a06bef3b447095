import {
  type ConnectionStatus,
  connectionStatusSchema,
  type SyncState,
  type Vendor,
  type VendorConnection,
  type VendorConnectionInput,
  vendorConnectionInputSchema,
  vendorSchema,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, conflict, notFound } from '../../kernel/lib/app-error';
import type { SecretBox } from '../../kernel/lib/secret-box';
import type {
  ConnectionRow,
  SyncStateRow,
  VendorConnectionsRepository,
} from './vendor-connections.repository';

const iso = (at: Date | null) => at?.toISOString() ?? null;
const isStaff = (principal: Principal) => principal.perm || principal.admin;

function toSyncState(row: SyncStateRow): SyncState {
  return {
    dataset: row.dataset,
    state: row.state === 'running' || row.state === 'failed' ? row.state : 'idle',
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    itemsSeen: row.itemsSeen,
    itemsWritten: row.itemsWritten,
    lastError: row.lastError,
  };
}

/**
 * A connection as the caller may see it: clients get the vendor, name, status, last sync
 * and, when it needs attention, why; staff also get the account id and every sync. The
 * secrets never leave the server: only whether there are any.
 */
export function toConnectionView(
  row: ConnectionRow,
  syncs: SyncStateRow[],
  staff: boolean,
): VendorConnection {
  const status: ConnectionStatus = connectionStatusSchema
    .catch('needs_attention')
    .parse(row.status);
  return {
    id: row.id,
    companyId: row.companyId,
    vendor: vendorSchema.catch('google-business-profile').parse(row.vendor) as Vendor,
    displayName: row.displayName,
    status,
    lastSyncedAt: iso(row.lastSyncedAt),
    externalAccount: staff ? row.externalAccount : null,
    lastError: staff || status === 'needs_attention' ? row.lastError : null,
    hasSecrets: row.secretsSealed !== null,
    syncs: staff ? syncs.map(toSyncState) : [],
  };
}

export interface VendorConnectionsServiceDeps {
  repo: VendorConnectionsRepository;
  secrets: SecretBox;
  syncNow(connectionId: number): Promise<string[]>;
}

/** Staff connect a client's vendor accounts; everyone who may see the client sees their state. */
export function createVendorConnectionsService({
  repo,
  secrets,
  syncNow,
}: VendorConnectionsServiceDeps) {
  const staffOf = (principal: Principal, companyId: number) => {
    if (!canAccessClient(principal, companyId) || !isStaff(principal)) throw accessDenied();
  };
  const ownConnection = async (companyId: number, connectionId: number) => {
    const row = await repo.get(connectionId);
    if (!row || row.companyId !== companyId) throw notFound('No such connection.');
    return row;
  };
  const sealed = (
    input: { accessToken?: string; refreshToken?: string },
    before: string | null,
  ) => {
    if (input.accessToken === undefined && input.refreshToken === undefined) return before;
    const previous = before ? (JSON.parse(secrets.open(before)) as Record<string, unknown>) : {};
    return secrets.seal(
      JSON.stringify({
        ...previous,
        ...(input.accessToken !== undefined && { accessToken: input.accessToken }),
        ...(input.refreshToken !== undefined && { refreshToken: input.refreshToken }),
      }),
    );
  };

  return {
    async list(principal: Principal, companyId: number): Promise<VendorConnection[]> {
      if (!canAccessClient(principal, companyId)) throw accessDenied();
      const rows = await repo.listForCompany(companyId);
      return rows.map(({ connection, syncs }) =>
        toConnectionView(connection, syncs, isStaff(principal)),
      );
    },

    async create(principal: Principal, companyId: number, raw: VendorConnectionInput) {
      staffOf(principal, companyId);
      const input = vendorConnectionInputSchema.parse(raw);
      const row = await repo.insert({
        companyId,
        vendor: input.vendor,
        externalAccount: input.externalAccount,
        displayName: input.displayName,
        status: input.status ?? 'connected',
        secretsSealed: sealed(input, null),
      });
      if (!row) throw conflict('This company already has that account connected.');
      return toConnectionView(row, [], true);
    },

    async update(
      principal: Principal,
      companyId: number,
      connectionId: number,
      raw: VendorConnectionInput,
    ) {
      staffOf(principal, companyId);
      const input = vendorConnectionInputSchema.parse(raw);
      const before = await ownConnection(companyId, connectionId);
      if (input.vendor !== before.vendor) throw conflict('A connection cannot change vendor.');
      if (await repo.accountTaken(companyId, input.vendor, input.externalAccount, connectionId)) {
        throw conflict('This company already has that account connected.');
      }
      // Another account is another dataset: its sync starts from the beginning.
      if (input.externalAccount !== before.externalAccount) await repo.resetSyncs(connectionId);
      const row = await repo.update(connectionId, {
        externalAccount: input.externalAccount,
        displayName: input.displayName,
        ...(input.status && { status: input.status }),
        secretsSealed: sealed(input, before.secretsSealed),
      });
      if (!row) throw notFound('No such connection.');
      return toConnectionView(row, await repo.syncsOf(connectionId), true);
    },

    async syncNow(principal: Principal, companyId: number, connectionId: number) {
      staffOf(principal, companyId);
      const row = await ownConnection(companyId, connectionId);
      if (row.status === 'disconnected') throw conflict('Reconnect the account before syncing.');
      return syncNow(connectionId);
    },
  };
}

export type VendorConnectionsService = ReturnType<typeof createVendorConnectionsService>;
