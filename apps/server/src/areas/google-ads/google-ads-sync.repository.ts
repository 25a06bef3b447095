import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  gadsAds,
  gadsAssets,
  gadsCampaigns,
  gadsCustomers,
  gadsKeywords,
  gadsLeads,
  gadsMetricMonths,
} from '../../kernel/db/schema';
import { upsertChanged } from '../../platform/vendor-sync/upsert-changed';
import { daysInMonth, monthOf } from '../../providers/google-ads/gads-days';
import type { GadsDayFigure, GadsLead, GadsStructure } from '../../providers/google-ads/port';

interface Connection {
  id: number;
  companyId: number;
}

const FIGURES = ['impressions', 'clicks', 'costCents', 'calls', 'forms'] as const;
type MonthArrays = Record<(typeof FIGURES)[number], number[]>;

/** Upserts by Google's ids, as the sync and the demo seed store what an adapter returned. */
export function createGoogleAdsSyncRepository() {
  return {
    async upsertStructure(tx: Db, connection: Connection, shape: GadsStructure): Promise<number> {
      const base = { connectionId: connection.id, companyId: connection.companyId };
      // An adapter that cannot tell the zone (the demo) keeps the stored one.
      const customerColumns = [
        'customerId',
        'descriptiveName',
        'currencyCode',
        ...(shape.account.timeZone ? (['timeZone'] as const) : []),
      ] as const;
      await tx
        .insert(gadsCustomers)
        .values({
          ...base,
          customerId: shape.account.customerId,
          descriptiveName: shape.account.descriptiveName,
          currencyCode: shape.account.currencyCode,
          ...(shape.account.timeZone ? { timeZone: shape.account.timeZone } : {}),
        })
        .onConflictDoUpdate(
          upsertChanged(gadsCustomers, {
            target: gadsCustomers.connectionId,
            update: customerColumns,
            expressions: { updatedAt: sql`now()` },
            changedWhen: customerColumns,
          }),
        );
      let written = 1;
      if (shape.campaigns.length) {
        await tx
          .insert(gadsCampaigns)
          .values(
            shape.campaigns.map((c) => ({
              ...base,
              externalId: c.id,
              name: c.name,
              channelType: c.channelType,
              status: c.status,
              budgetCents: c.budgetCents,
              schedule: c.schedule,
              startDate: c.startDate,
            })),
          )
          .onConflictDoUpdate(
            upsertChanged(gadsCampaigns, {
              target: [gadsCampaigns.connectionId, gadsCampaigns.externalId],
              update: ['name', 'channelType', 'status', 'budgetCents', 'schedule', 'startDate'],
              expressions: { updatedAt: sql`now()` },
              changedWhen: [
                'name',
                'channelType',
                'status',
                'budgetCents',
                'schedule',
                'startDate',
              ],
            }),
          );
      }
      if (shape.ads.length) {
        await tx
          .insert(gadsAds)
          .values(
            shape.ads.map((a) => ({
              ...base,
              externalId: a.id,
              campaignExternalId: a.campaignId,
              adGroupId: a.adGroupId,
              adGroupName: a.adGroupName,
              type: a.type,
              status: a.status,
              headlines: a.headlines,
              descriptions: a.descriptions,
              finalUrl: a.finalUrl,
            })),
          )
          .onConflictDoUpdate(
            upsertChanged(gadsAds, {
              target: [gadsAds.connectionId, gadsAds.externalId],
              update: [
                'campaignExternalId',
                'adGroupId',
                'adGroupName',
                'type',
                'status',
                'headlines',
                'descriptions',
                'finalUrl',
              ],
              expressions: { updatedAt: sql`now()` },
              changedWhen: [
                'campaignExternalId',
                'adGroupId',
                'adGroupName',
                'type',
                'status',
                'headlines',
                'descriptions',
                'finalUrl',
              ],
            }),
          );
      }
      if (shape.keywords.length) {
        await tx
          .insert(gadsKeywords)
          .values(
            shape.keywords.map((k) => ({
              ...base,
              externalId: k.id,
              campaignExternalId: k.campaignId,
              text: k.text,
              matchType: k.matchType,
              qualityScore: k.qualityScore,
              status: k.status,
            })),
          )
          .onConflictDoUpdate(
            upsertChanged(gadsKeywords, {
              target: [gadsKeywords.connectionId, gadsKeywords.externalId],
              update: ['campaignExternalId', 'text', 'matchType', 'qualityScore', 'status'],
              expressions: { updatedAt: sql`now()` },
              changedWhen: ['campaignExternalId', 'text', 'matchType', 'qualityScore', 'status'],
            }),
          );
      }
      if (shape.assets.length) {
        await tx
          .insert(gadsAssets)
          .values(shape.assets.map((a) => ({ ...base, externalId: a.id, ...withoutId(a) })))
          .onConflictDoUpdate(
            upsertChanged(gadsAssets, {
              target: [gadsAssets.connectionId, gadsAssets.externalId],
              update: ['name', 'url', 'width', 'height', 'fileSize'],
              expressions: { updatedAt: sql`now()` },
              changedWhen: ['name', 'url', 'width', 'height', 'fileSize'],
            }),
          );
      }
      written += shape.campaigns.length + shape.ads.length + shape.keywords.length;
      return written + shape.assets.length;
    },

    /**
     * Writes days into their month rows: the stored arrays are read, the fetched days
     * overwrite their slots (a refetched day replaces what was there), and each month is
     * written back whole.
     */
    async upsertFigures(tx: Db, connection: Connection, figures: GadsDayFigure[]) {
      if (figures.length === 0) return 0;
      const groups = new Map<
        string,
        { kind: string; key: string; month: string; days: GadsDayFigure[] }
      >();
      for (const f of figures) {
        const month = monthOf(f.date);
        const id = `${f.kind}|${f.key}|${month}`;
        const group = groups.get(id) ?? { kind: f.kind, key: f.key, month, days: [] };
        group.days.push(f);
        groups.set(id, group);
      }
      const months = [...new Set([...groups.values()].map((g) => g.month))];
      const stored = await tx
        .select()
        .from(gadsMetricMonths)
        .where(
          and(
            eq(gadsMetricMonths.connectionId, connection.id),
            inArray(gadsMetricMonths.month, months),
          ),
        );
      const storedOf = new Map(stored.map((r) => [`${r.kind}|${r.entityKey}|${r.month}`, r]));
      const rows = [...groups.entries()].map(([id, group]) => {
        const length = daysInMonth(group.month);
        const previous = storedOf.get(id);
        const arrays = Object.fromEntries(
          FIGURES.map((name) => {
            const old = previous?.[name] ?? [];
            return [name, Array.from({ length }, (_, i) => old[i] ?? 0)];
          }),
        ) as MonthArrays;
        for (const day of group.days) {
          const slot = Number(day.date.slice(8, 10)) - 1;
          for (const name of FIGURES) arrays[name][slot] = day[name];
        }
        return {
          connectionId: connection.id,
          companyId: connection.companyId,
          kind: group.kind,
          entityKey: group.key,
          month: group.month,
          ...arrays,
        };
      });
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insert(gadsMetricMonths)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate(
            upsertChanged(gadsMetricMonths, {
              target: [
                gadsMetricMonths.connectionId,
                gadsMetricMonths.kind,
                gadsMetricMonths.entityKey,
                gadsMetricMonths.month,
              ],
              update: FIGURES,
              expressions: { updatedAt: sql`now()` },
              // A month refetched with the same days is not rewritten.
              changedWhen: FIGURES,
            }),
          );
      }
      return figures.length;
    },

    async upsertLeads(tx: Db, connection: Connection, leads: GadsLead[]) {
      let created = 0;
      for (let i = 0; i < leads.length; i += 1000) {
        const inserted = await tx
          .insert(gadsLeads)
          .values(
            leads.slice(i, i + 1000).map((l) => ({
              connectionId: connection.id,
              companyId: connection.companyId,
              externalId: l.id,
              kind: l.kind,
              occurredAt: l.occurredAt,
              campaignExternalId: l.campaignId,
              callerAreaCode: l.callerAreaCode,
              durationSeconds: l.durationSeconds,
              formFields: l.formFields,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: gadsLeads.id });
        created += inserted.length;
      }
      return created;
    },

    async setFiguresThrough(tx: Db, connectionId: number, day: string) {
      await tx
        .update(gadsCustomers)
        .set({ figuresThrough: day })
        .where(eq(gadsCustomers.connectionId, connectionId));
    },

    async cursorOf(db: Db, connectionId: number) {
      const [row] = await db
        .select({ through: gadsCustomers.figuresThrough, timeZone: gadsCustomers.timeZone })
        .from(gadsCustomers)
        .where(eq(gadsCustomers.connectionId, connectionId));
      return row ?? null;
    },
  };
}

export type GoogleAdsSyncRepository = ReturnType<typeof createGoogleAdsSyncRepository>;

function withoutId<T extends { id: string }>(value: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = value;
  return rest;
}
