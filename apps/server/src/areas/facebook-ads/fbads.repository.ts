import type { FbadsFigures } from '@pinpoint/contracts';
import { type AnyColumn, and, desc, eq, gte, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  fbadsCampaigns,
  fbadsInsights,
  fbadsLeads,
  productInstances,
  verticals,
} from '../../kernel/db/schema';
import { upsertChanged } from '../../platform/vendor-sync/upsert-changed';
import type {
  VendorAdCampaign,
  VendorAdInsight,
  VendorAdLead,
} from '../../providers/facebook-ads/port';

const CHUNK = 1000;
const total = (column: AnyColumn) =>
  sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** The added-up figures of a set of insight rows (reach as the sum of daily reach). */
const FIGURES = {
  spendCents: total(fbadsInsights.spendCents),
  impressions: total(fbadsInsights.impressions),
  reachDailySum: total(fbadsInsights.reach),
  clicks: total(fbadsInsights.clicks),
  leads: total(fbadsInsights.leads),
};

const inRange = (connectionId: number, from: string, to: string) =>
  and(
    eq(fbadsInsights.connectionId, connectionId),
    gte(fbadsInsights.day, from),
    lte(fbadsInsights.day, to),
  );

/** Per campaign over the estimator's window: what the sales model learns from. */
export interface CampaignSample {
  connectionId: number;
  companyId: number;
  campaignId: string;
  objective: string;
  industry: string | null;
  spendCents: number;
  impressions: number;
  reachDailySum: number;
  leads: number;
}

/** Queries only: the syncs' upserts and the report's and the estimator's reads. */
export function createFbadsRepository(db: Db) {
  return {
    /** Upserts campaigns by (connection, campaign id); unchanged rows are not written. */
    async upsertCampaigns(
      tx: Db,
      connection: { id: number; companyId: number },
      campaigns: VendorAdCampaign[],
    ): Promise<number> {
      const unique = [...new Map(campaigns.map((c) => [c.campaignId, c])).values()];
      if (unique.length === 0) return 0;
      const rows = await tx
        .insert(fbadsCampaigns)
        .values(
          unique.map((c) => ({
            connectionId: connection.id,
            companyId: connection.companyId,
            campaignId: c.campaignId,
            name: c.name,
            objective: c.objective,
            status: c.status,
            dailyBudgetCents: c.dailyBudgetCents,
          })),
        )
        .onConflictDoUpdate(
          upsertChanged(fbadsCampaigns, {
            target: [fbadsCampaigns.connectionId, fbadsCampaigns.campaignId],
            update: ['name', 'objective', 'status', 'dailyBudgetCents'],
            expressions: {
              syncedAt: sql`now()`,
            },
            changedWhen: ['name', 'objective', 'status', 'dailyBudgetCents'],
          }),
        )
        .returning({ id: fbadsCampaigns.campaignId });
      return rows.length;
    },

    /**
     * Upserts day rows by (connection, campaign, day); unchanged rows are not written. A
     * campaign the insights name before the campaigns sync has seen it gets a row with its
     * name, so the report can always name it.
     */
    async upsertInsights(
      tx: Db,
      connection: { id: number; companyId: number },
      items: VendorAdInsight[],
    ): Promise<number> {
      const unique = [...new Map(items.map((i) => [`${i.campaignId}|${i.day}`, i])).values()];
      if (unique.length === 0) return 0;
      const names = [...new Map(unique.map((i) => [i.campaignId, i.campaignName])).entries()];
      await tx
        .insert(fbadsCampaigns)
        .values(
          names.map(([campaignId, name]) => ({
            connectionId: connection.id,
            companyId: connection.companyId,
            campaignId,
            name,
          })),
        )
        .onConflictDoNothing();
      let written = 0;
      for (let i = 0; i < unique.length; i += CHUNK) {
        const rows = await tx
          .insert(fbadsInsights)
          .values(
            unique.slice(i, i + CHUNK).map((item) => ({
              connectionId: connection.id,
              companyId: connection.companyId,
              campaignId: item.campaignId,
              day: item.day,
              spendCents: item.spendCents,
              impressions: item.impressions,
              reach: item.reach,
              clicks: item.clicks,
              leads: item.leads,
            })),
          )
          .onConflictDoUpdate(
            upsertChanged(fbadsInsights, {
              target: [fbadsInsights.connectionId, fbadsInsights.campaignId, fbadsInsights.day],
              update: ['spendCents', 'impressions', 'reach', 'clicks', 'leads'],
              expressions: {
                syncedAt: sql`now()`,
              },
              changedWhen: ['spendCents', 'impressions', 'reach', 'clicks', 'leads'],
            }),
          )
          .returning({ day: fbadsInsights.day });
        written += rows.length;
      }
      return written;
    },

    /**
     * Upserts lead-ad leads by (connection, leadgen id); unchanged rows are not written.
     * Returns the rows written and the ids of the inserted ones (a re-fetched lead updates
     * in place, `xmax = 0` tells an insert from an update).
     */
    async upsertLeads(
      tx: Db,
      connection: { id: number; companyId: number },
      items: VendorAdLead[],
    ): Promise<{ written: number; createdIds: number[] }> {
      const unique = [...new Map(items.map((i) => [i.leadgenId, i])).values()];
      let written = 0;
      const createdIds: number[] = [];
      for (let i = 0; i < unique.length; i += CHUNK) {
        const rows = await tx
          .insert(fbadsLeads)
          .values(
            unique.slice(i, i + CHUNK).map((lead) => ({
              connectionId: connection.id,
              companyId: connection.companyId,
              leadgenId: lead.leadgenId,
              formId: lead.formId,
              adId: lead.adId,
              campaignId: lead.campaignId,
              createdTime: lead.createdTime,
              fieldData: lead.fieldData,
            })),
          )
          .onConflictDoUpdate(
            upsertChanged(fbadsLeads, {
              target: [fbadsLeads.connectionId, fbadsLeads.leadgenId],
              update: ['formId', 'adId', 'campaignId', 'createdTime', 'fieldData'],
              expressions: {
                syncedAt: sql`now()`,
              },
              changedWhen: ['formId', 'adId', 'campaignId', 'createdTime', 'fieldData'],
            }),
          )
          .returning({ id: fbadsLeads.id, inserted: sql<boolean>`(xmax = 0)` });
        written += rows.length;
        for (const row of rows) if (row.inserted) createdIds.push(row.id);
      }
      return { written, createdIds };
    },

    /** The newest lead stored for a connection (null before its first leads sync). */
    async latestLeadTime(connectionId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: max(fbadsLeads.createdTime) })
        .from(fbadsLeads)
        .where(eq(fbadsLeads.connectionId, connectionId));
      return row?.at ?? null;
    },

    /** The newest day stored for a connection (null before its first sync). */
    async latestDay(connectionId: number): Promise<string | null> {
      const [row] = await db
        .select({ day: max(fbadsInsights.day) })
        .from(fbadsInsights)
        .where(eq(fbadsInsights.connectionId, connectionId));
      return row?.day ?? null;
    },

    async totals(connectionId: number, from: string, to: string): Promise<FbadsFigures> {
      const [row] = await db
        .select(FIGURES)
        .from(fbadsInsights)
        .where(inRange(connectionId, from, to));
      return row ?? { spendCents: 0, impressions: 0, reachDailySum: 0, clicks: 0, leads: 0 };
    },

    async byDay(connectionId: number, from: string, to: string) {
      return db
        .select({ day: fbadsInsights.day, ...FIGURES })
        .from(fbadsInsights)
        .where(inRange(connectionId, from, to))
        .groupBy(fbadsInsights.day)
        .orderBy(fbadsInsights.day);
    },

    async byCampaign(connectionId: number, from: string, to: string) {
      return db
        .select({
          campaignId: fbadsInsights.campaignId,
          name: sql<string>`coalesce(max(${fbadsCampaigns.name}), ${fbadsInsights.campaignId})`,
          objective: sql<string>`coalesce(max(${fbadsCampaigns.objective}), '')`,
          status: sql<string>`coalesce(max(${fbadsCampaigns.status}), '')`,
          dailyBudgetCents: sql<number | null>`max(${fbadsCampaigns.dailyBudgetCents})`.mapWith(
            (v: unknown) => (v === null ? null : Number(v)),
          ),
          ...FIGURES,
        })
        .from(fbadsInsights)
        .leftJoin(
          fbadsCampaigns,
          and(
            eq(fbadsCampaigns.connectionId, fbadsInsights.connectionId),
            eq(fbadsCampaigns.campaignId, fbadsInsights.campaignId),
          ),
        )
        .where(inRange(connectionId, from, to))
        .groupBy(fbadsInsights.campaignId)
        .orderBy(desc(FIGURES.spendCents), fbadsInsights.campaignId);
    },

    /** The connection a Facebook Ads product reads (null when none is linked). */
    async productConnection(productId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: productInstances.vendorConnectionId })
        .from(productInstances)
        .where(eq(productInstances.id, productId));
      return row?.id ?? null;
    },

    /** Industries (verticals) and how many synced campaigns of their companies we have. */
    async industries() {
      return db
        .select({
          slug: verticals.slug,
          name: verticals.name,
          campaigns:
            sql<number>`count(distinct (${fbadsCampaigns.connectionId}, ${fbadsCampaigns.campaignId}))`.mapWith(
              Number,
            ),
        })
        .from(verticals)
        .leftJoin(clientCompanies, eq(clientCompanies.verticalId, verticals.id))
        .leftJoin(fbadsCampaigns, eq(fbadsCampaigns.companyId, clientCompanies.id))
        .groupBy(verticals.id)
        .orderBy(verticals.name);
    },

    /** Each synced campaign's figures over [from, to], with its company's industry. */
    async campaignSamples(from: string, to: string): Promise<CampaignSample[]> {
      return db
        .select({
          connectionId: fbadsInsights.connectionId,
          companyId: fbadsInsights.companyId,
          campaignId: fbadsInsights.campaignId,
          objective: sql<string>`coalesce(max(${fbadsCampaigns.objective}), '')`,
          industry: sql<string | null>`max(${verticals.slug})`,
          spendCents: FIGURES.spendCents,
          impressions: FIGURES.impressions,
          reachDailySum: FIGURES.reachDailySum,
          leads: FIGURES.leads,
        })
        .from(fbadsInsights)
        .leftJoin(
          fbadsCampaigns,
          and(
            eq(fbadsCampaigns.connectionId, fbadsInsights.connectionId),
            eq(fbadsCampaigns.campaignId, fbadsInsights.campaignId),
          ),
        )
        .innerJoin(clientCompanies, eq(clientCompanies.id, fbadsInsights.companyId))
        .leftJoin(verticals, eq(verticals.id, clientCompanies.verticalId))
        .where(and(gte(fbadsInsights.day, from), lte(fbadsInsights.day, to)))
        .groupBy(fbadsInsights.connectionId, fbadsInsights.companyId, fbadsInsights.campaignId);
    },

    /** The newest day any connection has (the estimator's window ends there). */
    async newestDay(): Promise<string | null> {
      const [row] = await db.select({ day: max(fbadsInsights.day) }).from(fbadsInsights);
      return row?.day ?? null;
    },
  };
}

export type FbadsRepository = ReturnType<typeof createFbadsRepository>;
