import { z } from 'zod';
import { dayWindow } from '../../platform/vendor-sync/backfill';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { pageTokenCodec } from '../../platform/vendor-sync/page-token';
import type { VendorAdCampaign, VendorAdInsight } from '../../providers/facebook-ads/port';
import { FACEBOOK_ADS_VENDOR } from '../../providers/kernel/vendor-ids';
import { createFbadsLeadsSync } from './fbads-leads.sync';
import type { FbadsSyncDeps } from './fbads-sync-deps';

/**
 * Later runs fetch again from this many days before the newest stored day: Meta keeps
 * attributing leads and clicks to past days (7-day click window), so recent days move.
 */
export const REFETCH_DAYS = 7;
export const INSIGHTS_PAGE_SIZE = 500;

/**
 * The window of one run travels in its page token, so a run killed between pages resumes
 * the same query (Graph's `after` cursor belongs to it) even on another day. A token that
 * does not parse starts the window again.
 */
const insightsToken = pageTokenCodec(
  'insights',
  z.object({ since: z.string(), until: z.string(), after: z.string().nullable() }),
);
type InsightsToken = ReturnType<typeof insightsToken.read>;

/** The window of a new run: 18 months on the first, the refetch window after that. */
export function insightsWindow(latest: string | null, today: string): InsightsToken {
  const { from, to } = dayWindow(latest, today, REFETCH_DAYS);
  return { since: from, until: to, after: null };
}

/**
 * Facebook Ads syncs: `insights` hourly (so today's running figures stay fresh; each run
 * refetches the recent days, every item counts as changed when fetched), `campaigns`
 * daily (names, objectives, status, budgets) and `leads` (lead ads' leads, see
 * fbads-leads.sync.ts). The runner's `vendor-sync.progress` events
 * tell open report pages to refetch.
 */
export function createFbadsSyncs(deps: FbadsSyncDeps): SyncDefinition[] {
  const now = deps.now ?? (() => new Date());
  return [
    defineSync<{ row: VendorAdInsight; seenAt: Date }>({
      vendor: FACEBOOK_ADS_VENDOR,
      dataset: 'insights',
      everyMinutes: 60,
      fetchPage: async ({ connection, access, signal }, pageToken) => {
        const seenAt = now();
        const parsed = pageToken ? insightsToken.readOrNull(pageToken) : null;
        // Graph's days are the account's; UTC's today is at most a day off, and the refetch
        // window covers what a run near midnight missed.
        const window =
          parsed ??
          insightsWindow(
            await deps.repo.latestDay(connection.id),
            seenAt.toISOString().slice(0, 10),
          );
        const page = await deps.provider.listInsights(
          access,
          { ...window, pageSize: INSIGHTS_PAGE_SIZE },
          signal,
        );
        return {
          items: page.rows.map((row) => ({ row, seenAt })),
          nextPageToken: page.after ? insightsToken.write({ ...window, after: page.after }) : null,
        };
      },
      changedAt: (item) => item.seenAt,
      writePage: async (tx, connection, items) => ({
        written: await deps.repo.upsertInsights(
          tx,
          connection,
          items.map((i) => i.row),
        ),
        createdIds: [],
      }),
    }) as SyncDefinition,
    defineSync<{ campaign: VendorAdCampaign; seenAt: Date }>({
      vendor: FACEBOOK_ADS_VENDOR,
      dataset: 'campaigns',
      everyMinutes: 24 * 60,
      fetchPage: async ({ access, signal }, pageToken) => {
        const seenAt = now();
        const page = await deps.provider.listCampaigns(
          access,
          { after: pageToken, pageSize: 100 },
          signal,
        );
        return {
          items: page.campaigns.map((campaign) => ({ campaign, seenAt })),
          nextPageToken: page.after,
        };
      },
      changedAt: (item) => item.seenAt,
      writePage: async (tx, connection, items) => ({
        written: await deps.repo.upsertCampaigns(
          tx,
          connection,
          items.map((i) => i.campaign),
        ),
        createdIds: [],
      }),
    }) as SyncDefinition,
    createFbadsLeadsSync(deps),
  ];
}
