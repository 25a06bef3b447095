import { addCalendarDays } from '@pinpoint/contracts';
import { z } from 'zod';
import { BACKFILL_DAYS } from '../../platform/vendor-sync/backfill';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { pageTokenCodec } from '../../platform/vendor-sync/page-token';
import type { VendorAdLead } from '../../providers/facebook-ads/port';
import type { FbadsSyncDeps } from './fbads-sync-deps';

/**
 * Later runs ask for leads created after the newest stored one, less this margin: a lead
 * Graph stamped a moment before the previous run but listed only after it is not lost
 * (re-fetched leads are unchanged and write nothing).
 */
export const LEADS_OVERLAP_MS = 60 * 60_000;
export const ADS_PAGE_SIZE = 100;
export const LEADS_PAGE_SIZE = 500;

/**
 * Where a leads run stands, carried in its page token so a killed run resumes the same
 * walk: the lower bound of the run, the ads still to read (from the ads edge, a page at a
 * time) and Graph's cursor within the first of them.
 */
const leadsToken = pageTokenCodec(
  'leads',
  z.object({
    createdAfter: z.string().nullable(),
    ads: z.array(z.string()),
    adsAfter: z.string().nullable(),
    adsDone: z.boolean(),
    after: z.string().nullable(),
  }),
);
type LeadsToken = ReturnType<typeof leadsToken.read>;

/** The lower bound of a new run: 18 months back on the first, the newest lead after that. */
export function leadsFrom(latest: Date | null, now: Date): Date {
  const today = now.toISOString().slice(0, 10);
  // One second before the first day's midnight: Graph's filter is "greater than".
  const earliest = Date.parse(`${addCalendarDays(today, -(BACKFILL_DAYS - 1))}T00:00:00Z`) - 1000;
  const from = latest ? latest.getTime() - LEADS_OVERLAP_MS : earliest;
  return new Date(Math.max(from, earliest));
}

/**
 * Lead ads' leads, every 15 minutes (a lead wants a call back soon): the ads edge lists
 * the account's ads, then each ad's leads edge is read from the run's lower bound. Each
 * page is one Graph request; every fetched lead counts as seen, and the upsert by
 * (connection, leadgen id) writes only what is new or changed, so a re-run writes nothing.
 */
export function createFbadsLeadsSync(deps: FbadsSyncDeps): SyncDefinition {
  const now = deps.now ?? (() => new Date());
  return defineSync<{ lead: VendorAdLead; seenAt: Date }>({
    vendor: 'facebook-ads',
    dataset: 'leads',
    everyMinutes: 15,
    fetchPage: async ({ connection, access, signal }, pageToken) => {
      const seenAt = now();
      const state: LeadsToken = (pageToken ? leadsToken.readOrNull(pageToken) : null) ?? {
        createdAfter: leadsFrom(
          await deps.repo.latestLeadTime(connection.id),
          seenAt,
        ).toISOString(),
        ads: [],
        adsAfter: null,
        adsDone: false,
        after: null,
      };
      const next = (s: LeadsToken) =>
        s.ads.length === 0 && s.adsDone ? null : leadsToken.write(s);

      if (state.ads.length === 0) {
        if (state.adsDone) return { items: [], nextPageToken: null };
        const page = await deps.provider.listAds(
          access,
          { after: state.adsAfter, pageSize: ADS_PAGE_SIZE },
          signal,
        );
        const ads = [...new Set(page.ads.map((ad) => ad.adId))];
        return {
          items: [],
          nextPageToken: next({
            ...state,
            ads,
            adsAfter: page.after,
            adsDone: !page.after,
            after: null,
          }),
        };
      }

      const [adId, ...rest] = state.ads as [string, ...string[]];
      const page = await deps.provider.listLeads(
        access,
        {
          adId,
          createdAfter: state.createdAfter ? new Date(state.createdAfter) : null,
          after: state.after,
          pageSize: LEADS_PAGE_SIZE,
        },
        signal,
      );
      return {
        items: page.leads.map((lead) => ({ lead, seenAt })),
        nextPageToken: next(
          page.after ? { ...state, after: page.after } : { ...state, ads: rest, after: null },
        ),
      };
    },
    changedAt: (item) => item.seenAt,
    writePage: (tx, connection, items) =>
      deps.repo.upsertLeads(
        tx,
        connection,
        items.map((i) => i.lead),
      ),
  }) as SyncDefinition;
}
