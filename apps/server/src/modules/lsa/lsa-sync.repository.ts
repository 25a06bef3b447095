import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { lsaConversations, lsaDaily, lsaLeads } from '../../db/schema';
import {
  microsToCents,
  type VendorLsaConversation,
  type VendorLsaDay,
  type VendorLsaLead,
} from '../../providers/vendors/lsa-provider';

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
        .onConflictDoUpdate({
          target: [lsaLeads.connectionId, lsaLeads.externalId],
          set: {
            leadType: sql`excluded.lead_type`,
            categoryId: sql`excluded.category_id`,
            serviceId: sql`excluded.service_id`,
            status: sql`excluded.status`,
            charged: sql`excluded.charged`,
            creditState: sql`excluded.credit_state`,
            creditUpdatedAt: sql`excluded.credit_updated_at`,
            consumerName: sql`excluded.consumer_name`,
            consumerPhone: sql`excluded.consumer_phone`,
            consumerEmail: sql`excluded.consumer_email`,
            syncedAt: sql`excluded.synced_at`,
          },
          setWhere: sql`(${lsaLeads.status}, ${lsaLeads.charged}, ${lsaLeads.creditState}, ${lsaLeads.creditUpdatedAt}, ${lsaLeads.categoryId}, ${lsaLeads.consumerName}, ${lsaLeads.consumerPhone}, ${lsaLeads.consumerEmail}) is distinct from (excluded.status, excluded.charged, excluded.credit_state, excluded.credit_updated_at, excluded.category_id, excluded.consumer_name, excluded.consumer_phone, excluded.consumer_email)`,
        })
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
          .onConflictDoUpdate({
            target: [lsaConversations.connectionId, lsaConversations.externalId],
            set: {
              callDurationMs: sql`excluded.call_duration_ms`,
              recordingUrl: sql`excluded.recording_url`,
              messageText: sql`excluded.message_text`,
            },
            setWhere: sql`(${lsaConversations.callDurationMs}, ${lsaConversations.recordingUrl}, ${lsaConversations.messageText}) is distinct from (excluded.call_duration_ms, excluded.recording_url, excluded.message_text)`,
          })
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
        .onConflictDoUpdate({
          target: [lsaDaily.connectionId, lsaDaily.day],
          set: {
            spendCents: sql`excluded.spend_cents`,
            impressions: sql`excluded.impressions`,
            clicks: sql`excluded.clicks`,
            phoneCalls: sql`excluded.phone_calls`,
            syncedAt: sql`excluded.synced_at`,
          },
          setWhere: sql`(${lsaDaily.spendCents}, ${lsaDaily.impressions}, ${lsaDaily.clicks}, ${lsaDaily.phoneCalls}) is distinct from (excluded.spend_cents, excluded.impressions, excluded.clicks, excluded.phone_calls)`,
        })
        .returning({ day: lsaDaily.day });
      return rows.length;
    },
  };
}

export type LsaSyncRepository = ReturnType<typeof createLsaSyncRepository>;
