import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { lsaConversations, lsaDaily, lsaLeads } from '../../kernel/db/schema';
import { upsertChanged } from '../../platform/vendor-sync/upsert-changed';
import {
  microsToCents,
  type VendorLsaConversation,
  type VendorLsaDay,
  type VendorLsaLead,
} from '../../providers/google-ads-lsa/port';

type Connection = { id: number; companyId: number };

/**
 * The LSA syncs' writes (and the seed's, the same code): upserts by Google's ids that
 * skip rows which did not change, so a re-sync of the same data writes nothing.
 */
export function createLsaSyncRepository() {
  return {
    async upsertLeads(
      tx: Db,
      connection: Connection,
      leads: VendorLsaLead[],
      conversations: VendorLsaConversation[],
    ): Promise<{ written: number; createdIds: number[] }> {
      if (leads.length === 0) return { written: 0, createdIds: [] };
      const now = new Date();
      const rows = await tx
        .insert(lsaLeads)
        .values(
          leads.map((lead) => ({
            companyId: connection.companyId,
            connectionId: connection.id,
            externalId: lead.externalId,
            leadType: lead.leadType,
            categoryId: lead.categoryId,
            serviceId: lead.serviceId,
            status: lead.status,
            charged: lead.charged,
            creditState: lead.creditState,
            creditUpdatedAt: lead.creditUpdatedAt,
            consumerName: lead.consumerName,
            consumerPhone: lead.consumerPhone,
            consumerEmail: lead.consumerEmail,
            leadCreatedAt: lead.createdAt,
            syncedAt: now,
          })),
        )
        .onConflictDoUpdate(
          upsertChanged(lsaLeads, {
            target: [lsaLeads.connectionId, lsaLeads.externalId],
            update: [
              'leadType',
              'categoryId',
              'serviceId',
              'status',
              'charged',
              'creditState',
              'creditUpdatedAt',
              'consumerName',
              'consumerPhone',
              'consumerEmail',
              'syncedAt',
            ],
            changedWhen: [
              'status',
              'charged',
              'creditState',
              'creditUpdatedAt',
              'categoryId',
              'consumerName',
              'consumerPhone',
              'consumerEmail',
            ],
          }),
        )
        .returning({ id: lsaLeads.id, inserted: sql<boolean>`(xmax = 0)` });

      // Conversations point at their lead by Google's resource name: ours by external id.
      const ids = await tx
        .select({ id: lsaLeads.id, externalId: lsaLeads.externalId })
        .from(lsaLeads)
        .where(
          and(
            eq(lsaLeads.connectionId, connection.id),
            inArray(
              lsaLeads.externalId,
              leads.map((l) => l.externalId),
            ),
          ),
        );
      const idOfExternal = new Map(ids.map((r) => [r.externalId, Number(r.id)]));
      const idOfResource = new Map(
        leads.map((l) => [l.resourceName, idOfExternal.get(l.externalId)]),
      );
      const known = conversations.flatMap((c) => {
        const leadId = idOfResource.get(c.leadResourceName);
        return leadId === undefined ? [] : [{ c, leadId }];
      });
      let conversationsWritten = 0;
      if (known.length > 0) {
        const written = await tx
          .insert(lsaConversations)
          .values(
            known.map(({ c, leadId }) => ({
              connectionId: connection.id,
              leadId,
              externalId: c.externalId,
              channel: c.channel,
              participantType: c.participantType,
              eventAt: c.eventAt,
              callDurationMs: c.callDurationMs,
              recordingUrl: c.recordingUrl,
              messageText: c.messageText,
            })),
          )
          .onConflictDoUpdate(
            upsertChanged(lsaConversations, {
              target: [lsaConversations.connectionId, lsaConversations.externalId],
              update: ['callDurationMs', 'recordingUrl', 'messageText'],
              changedWhen: ['callDurationMs', 'recordingUrl', 'messageText'],
            }),
          )
          .returning({ id: lsaConversations.id });
        conversationsWritten = written.length;
      }
      return {
        written: rows.length + conversationsWritten,
        createdIds: rows.filter((r) => r.inserted).map((r) => Number(r.id)),
      };
    },

    /** Account days; spend micros → cents rounded half away from zero. */
    async upsertDays(tx: Db, connection: Connection, days: VendorLsaDay[]): Promise<number> {
      if (days.length === 0) return 0;
      const now = new Date();
      const rows = await tx
        .insert(lsaDaily)
        .values(
          days.map((d) => ({
            connectionId: connection.id,
            companyId: connection.companyId,
            day: d.day,
            spendCents: microsToCents(d.costMicros),
            impressions: d.impressions,
            clicks: d.clicks,
            phoneCalls: d.phoneCalls,
            syncedAt: now,
          })),
        )
        .onConflictDoUpdate(
          upsertChanged(lsaDaily, {
            target: [lsaDaily.connectionId, lsaDaily.day],
            update: ['spendCents', 'impressions', 'clicks', 'phoneCalls', 'syncedAt'],
            changedWhen: ['spendCents', 'impressions', 'clicks', 'phoneCalls'],
          }),
        )
        .returning({ day: lsaDaily.day });
      return rows.length;
    },
  };
}

export type LsaSyncRepository = ReturnType<typeof createLsaSyncRepository>;
