import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { syncStates } from '../../db/schema';
import {
  LSA_VENDOR,
  type LsaProvider,
  type VendorLsaConversation,
  type VendorLsaDay,
  type VendorLsaLead,
} from '../../providers/vendors/lsa-provider';
import { defineSync, type SyncDefinition } from '../vendor-sync/define-sync';
import type { LsaSyncRepository } from './lsa-sync.repository';

export const LSA_DATASETS = { leads: 'lsa-leads', daily: 'lsa-daily' } as const;
const DAY = 86_400_000;
/** A connection's first run reads 18 months; later runs the last 30 days again. */
export const LSA_BACKFILL_DAYS = 548;
/**
 * Status, charge and dispute (credit) of a lead change after it is created, and Google's
 * figures of a day settle over days: every run re-reads this many days, and the upsert
 * writes only what changed. Older leads are settled (disputes close within 30 days).
 */
export const LSA_REFRESH_DAYS = 30;
/** One page of the leads sync: this many days of leads, newest first. */
const SLICE_DAYS = 31;

export interface LsaLeadItem {
  lead: VendorLsaLead;
  conversations: VendorLsaConversation[];
  seenAt: Date;
}
interface LsaDayItem {
  day: VendorLsaDay;
  seenAt: Date;
}

export interface LsaSyncDeps {
  db: Db;
  provider: LsaProvider;
  syncRepo: LsaSyncRepository;
  now?: () => Date;
}

/** Whether the dataset has finished a run on this connection (its cursor has a high-water mark). */
async function hasCompletedRun(db: Db, connectionId: number, dataset: string): Promise<boolean> {
  const [state] = await db
    .select({ cursor: syncStates.cursor })
    .from(syncStates)
    .where(and(eq(syncStates.connectionId, connectionId), eq(syncStates.dataset, dataset)));
  const cursor = state?.cursor as { highWater?: string | null } | null | undefined;
  return Boolean(cursor?.highWater);
}

/** `${end}:${stop}` in epoch ms: fixed at the run's first page, so a resumed run continues it. */
function parseToken(token: string): { end: number; stop: number } {
  const [end, stop] = token.split(':').map(Number);
  if (!Number.isFinite(end) || !Number.isFinite(stop)) throw new Error('Bad LSA page token');
  return { end: end as number, stop: stop as number };
}

/** Each lead with its conversations, Google's order kept (newest first). */
export function groupLeads(
  leads: VendorLsaLead[],
  conversations: VendorLsaConversation[],
  seenAt: Date,
): LsaLeadItem[] {
  const byLead = new Map<string, VendorLsaConversation[]>();
  for (const c of conversations) {
    byLead.set(c.leadResourceName, [...(byLead.get(c.leadResourceName) ?? []), c]);
  }
  return leads.map((lead) => ({
    lead,
    conversations: byLead.get(lead.resourceName) ?? [],
    seenAt,
  }));
}

/**
 * The LSA syncs on the `google-ads-lsa` connection: `lsa-leads` (hourly; 31-day slices of
 * `local_services_lead` newest first, each with its conversations) and `lsa-daily` (hourly
 * too, for today's running figures; the LSA campaigns' days). Both mark every item as seen
 * now, so each run re-reads its whole window and the upsert keeps only the changes.
 */
export function createLsaSyncs(deps: LsaSyncDeps): SyncDefinition[] {
  const now = deps.now ?? (() => new Date());
  const windowDays = async (connectionId: number, dataset: string) =>
    (await hasCompletedRun(deps.db, connectionId, dataset)) ? LSA_REFRESH_DAYS : LSA_BACKFILL_DAYS;

  const leads = defineSync<LsaLeadItem>({
    vendor: LSA_VENDOR,
    dataset: LSA_DATASETS.leads,
    everyMinutes: 60,
    fetchPage: async ({ connection, access, signal }, pageToken) => {
      const at = now().getTime();
      const { end, stop } = pageToken
        ? parseToken(pageToken)
        : { end: at, stop: at - (await windowDays(connection.id, LSA_DATASETS.leads)) * DAY };
      const start = Math.max(stop, end - SLICE_DAYS * DAY);
      const page = await deps.provider.listLeads(
        access,
        { start: new Date(start), end: new Date(end) },
        signal,
      );
      return {
        items: groupLeads(page.leads, page.conversations, new Date(at)),
        nextPageToken: start > stop ? `${start}:${stop}` : null,
      };
    },
    changedAt: (item) => item.seenAt,
    writePage: (tx, connection, items) =>
      deps.syncRepo.upsertLeads(
        tx,
        connection,
        items.map((i) => i.lead),
        items.flatMap((i) => i.conversations),
      ),
  });

  const daily = defineSync<LsaDayItem>({
    vendor: LSA_VENDOR,
    dataset: LSA_DATASETS.daily,
    everyMinutes: 60,
    fetchPage: async ({ connection, access, signal }) => {
      const at = now();
      const days = await windowDays(connection.id, LSA_DATASETS.daily);
      // UTC days: a day either side of the account's own zone is re-read next run anyway.
      const to = new Date(at.getTime() + DAY).toISOString().slice(0, 10);
      const from = new Date(at.getTime() - days * DAY).toISOString().slice(0, 10);
      const list = await deps.provider.listDays(access, { from, to }, signal);
      return { items: list.map((day) => ({ day, seenAt: at })), nextPageToken: null };
    },
    changedAt: (item) => item.seenAt,
    writePage: async (tx, connection, items) => ({
      written: await deps.syncRepo.upsertDays(
        tx,
        connection,
        items.map((i) => i.day),
      ),
      createdIds: [],
    }),
  });

  return [leads as SyncDefinition, daily as SyncDefinition];
}
