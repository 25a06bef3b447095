import type { DayRange } from '@pinpoint/contracts';
import { todayIn } from '@pinpoint/contracts';
import { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import { BACKFILL_DAYS } from '../../platform/vendor-sync/backfill';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { pageTokenCodec } from '../../platform/vendor-sync/page-token';
import { addDays } from '../../providers/google-ads/gads-days';
import type {
  GadsDayFigure,
  GadsLead,
  GadsStructure,
  GoogleAdsProvider,
} from '../../providers/google-ads/port';
import { GOOGLE_ADS_VENDOR } from '../../providers/kernel/vendor-ids';
import type { GoogleAdsSyncRepository } from './google-ads-sync.repository';

/** Conversions arrive late: every run fetches these many days before its cursor again. */
export const GADS_REFETCH_DAYS = 3;
/** One page of figures covers at most this many days (one GAQL query per resource). */
export const GADS_WINDOW_DAYS = 31;
const DEFAULT_ZONE = 'America/New_York';

export type GadsSyncItem =
  | { kind: 'structure'; structure: GadsStructure; seenAt: Date }
  | { kind: 'window'; range: DayRange; figures: GadsDayFigure[]; leads: GadsLead[]; seenAt: Date };

/** The runner's page token: the days still to fetch. */
/** The days still to read: fixed at the structure page, a month a page after it. */
const windowToken = pageTokenCodec('figures', z.object({ from: z.string(), to: z.string() }));

export interface GoogleAdsSyncDeps {
  db: Db;
  provider: GoogleAdsProvider;
  syncRepo: GoogleAdsSyncRepository;
  now?: () => Date;
}

/** Stores one page: the account's structure, or a window of days (figures, leads, cursor). */
export async function writeGadsItems(
  tx: Db,
  repo: GoogleAdsSyncRepository,
  connection: Pick<ConnectionRow, 'id' | 'companyId'>,
  items: GadsSyncItem[],
) {
  let written = 0;
  for (const item of items) {
    if (item.kind === 'structure') {
      written += await repo.upsertStructure(tx, connection, item.structure);
    } else {
      written += await repo.upsertFigures(tx, connection, item.figures);
      written += await repo.upsertLeads(tx, connection, item.leads);
      await repo.setFiguresThrough(tx, connection.id, item.range.to);
    }
  }
  return { written, createdIds: [] };
}

/**
 * The Google Ads syncs (DECISIONS.md: ads daily, today's running figures hourly). Every
 * item is "changed" as of its fetch, so the runner never stops early; where to start is
 * our own cursor, `gads_customers.figures_through` (the last day stored): the daily run
 * reads the account's structure, then the days from 3 before the cursor to today (18
 * months on a first run), a month a page; the hourly run reads yesterday and today only.
 */
export function createGoogleAdsSyncs(deps: GoogleAdsSyncDeps): SyncDefinition[] {
  const now = deps.now ?? (() => new Date());

  const windowPage = async (
    ctx: Parameters<SyncDefinition['fetchPage']>[0],
    token: { from: string; to: string },
  ) => {
    const end = [addDays(token.from, GADS_WINDOW_DAYS - 1), token.to].sort()[0] ?? token.to;
    const range = { from: token.from, to: end };
    const figures = await deps.provider.figures(ctx.access, range, ctx.signal);
    const leads = await deps.provider.leads(ctx.access, range, ctx.signal);
    const item: GadsSyncItem = { kind: 'window', range, figures, leads, seenAt: now() };
    const next = end < token.to ? windowToken.write({ from: addDays(end, 1), to: token.to }) : null;
    return { items: [item], nextPageToken: next };
  };

  const writePage = (tx: Db, connection: ConnectionRow, items: GadsSyncItem[]) =>
    writeGadsItems(tx, deps.syncRepo, connection, items);

  return [
    defineSync<GadsSyncItem>({
      vendor: GOOGLE_ADS_VENDOR,
      dataset: 'figures',
      everyMinutes: 24 * 60,
      fetchPage: async (ctx, pageToken) => {
        if (pageToken) return windowPage(ctx, windowToken.read(pageToken));
        const structure = await deps.provider.structure(ctx.access, ctx.signal);
        const cursor = await deps.syncRepo.cursorOf(deps.db, ctx.connection.id);
        const today = todayIn(
          structure.account.timeZone ?? cursor?.timeZone ?? DEFAULT_ZONE,
          now(),
        );
        const from = cursor?.through
          ? addDays(cursor.through, -GADS_REFETCH_DAYS)
          : addDays(today, -BACKFILL_DAYS);
        const item: GadsSyncItem = { kind: 'structure', structure, seenAt: now() };
        return {
          items: [item],
          nextPageToken: from <= today ? windowToken.write({ from, to: today }) : null,
        };
      },
      changedAt: (item) => item.seenAt,
      writePage,
    }) as SyncDefinition,
    defineSync<GadsSyncItem>({
      vendor: GOOGLE_ADS_VENDOR,
      dataset: 'today',
      everyMinutes: 60,
      fetchPage: async (ctx, pageToken) => {
        if (pageToken) return windowPage(ctx, windowToken.read(pageToken));
        const cursor = await deps.syncRepo.cursorOf(deps.db, ctx.connection.id);
        // Until the daily run has read the account once, there is nothing to add to.
        if (!cursor?.through) return { items: [], nextPageToken: null };
        const today = todayIn(cursor.timeZone ?? DEFAULT_ZONE, now());
        return windowPage(ctx, { from: addDays(today, -1), to: today });
      },
      changedAt: (item) => item.seenAt,
      writePage,
    }) as SyncDefinition,
  ];
}
