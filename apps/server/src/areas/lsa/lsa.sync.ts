import { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { runSpanDays } from '../../platform/vendor-sync/backfill';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { pageTokenCodec } from '../../platform/vendor-sync/page-token';
import type {
  LsaProvider,
  VendorLsaConversation,
  VendorLsaDay,
  VendorLsaLead,
} from '../../providers/google-ads-lsa/port';
import { LSA_VENDOR } from '../../providers/kernel/vendor-ids';
import type { LsaSyncRepository } from './lsa-sync.repository';

export const LSA_DATASETS = { leads: 'lsa-leads', daily: 'lsa-daily' } as const;
const DAY = 86_400_000;
/** Later runs read the last 30 days again (the first reads BACKFILL_DAYS). */
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

/** The run's slice ends in epoch ms: fixed at the run's first page, so a resumed run continues it. */
const leadsToken = pageTokenCodec(
  LSA_DATASETS.leads,
  z.object({ end: z.number().finite(), stop: z.number().finite() }),
);

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
  const windowDays = (connectionId: number, dataset: string) =>
    runSpanDays(deps.db, connectionId, dataset, LSA_REFRESH_DAYS);

  const leads = defineSync<LsaLeadItem>({
    vendor: LSA_VENDOR,
    dataset: LSA_DATASETS.leads,
    everyMinutes: 60,
    fetchPage: async ({ connection, access, signal }, pageToken) => {
      const at = now().getTime();
      const { end, stop } = pageToken
        ? leadsToken.read(pageToken)
        : { end: at, stop: at - (await windowDays(connection.id, LSA_DATASETS.leads)) * DAY };
      const start = Math.max(stop, end - SLICE_DAYS * DAY);
      const page = await deps.provider.listLeads(
        access,
        { start: new Date(start), end: new Date(end) },
        signal,
      );
      return {
        items: groupLeads(page.leads, page.conversations, new Date(at)),
        nextPageToken: start > stop ? leadsToken.write({ end: start, stop }) : null,
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
