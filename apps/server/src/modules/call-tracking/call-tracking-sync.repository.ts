import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ctCalls, ctTrackingNumbers } from '../../db/schema';
import type {
  VendorCall,
  VendorTrackingNumber,
} from '../../providers/vendors/call-tracking-provider';

type Connection = { id: number; companyId: number };

/**
 * The call-tracking syncs' writes (and the seed's, the same code): upserts by the vendor's
 * ids that skip rows which did not change, so a re-sync of the same data writes nothing.
 */
export function createCallTrackingSyncRepository() {
  return {
    async upsertCalls(
      tx: Db,
      connection: Connection,
      calls: VendorCall[],
    ): Promise<{ written: number; createdIds: number[] }> {
      if (calls.length === 0) return { written: 0, createdIds: [] };
      // A page can hold the same call twice when new calls shift the pages under a run.
      const unique = [...new Map(calls.map((c) => [c.externalId, c])).values()];
      const now = new Date();
      const rows = await tx
        .insert(ctCalls)
        .values(
          unique.map((c) => ({
            connectionId: connection.id,
            companyId: connection.companyId,
            externalId: c.externalId,
            calledAt: c.calledAt,
            trackingNumber: c.trackingNumber,
            trackingNumberName: c.trackingNumberName,
            source: c.source,
            callerNumber: c.callerNumber,
            callerCity: c.callerCity,
            callerState: c.callerState,
            durationSeconds: c.durationSeconds,
            talkTimeSeconds: c.talkTimeSeconds,
            status: c.status,
            firstTime: c.firstTime,
            recordingUrl: c.recordingUrl,
            syncedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [ctCalls.connectionId, ctCalls.externalId],
          set: {
            calledAt: sql`excluded.called_at`,
            trackingNumber: sql`excluded.tracking_number`,
            trackingNumberName: sql`excluded.tracking_number_name`,
            source: sql`excluded.source`,
            callerNumber: sql`excluded.caller_number`,
            callerCity: sql`excluded.caller_city`,
            callerState: sql`excluded.caller_state`,
            durationSeconds: sql`excluded.duration_seconds`,
            talkTimeSeconds: sql`excluded.talk_time_seconds`,
            status: sql`excluded.status`,
            firstTime: sql`excluded.first_time`,
            recordingUrl: sql`excluded.recording_url`,
            syncedAt: sql`excluded.synced_at`,
          },
          setWhere: sql`(${ctCalls.calledAt}, ${ctCalls.trackingNumber}, ${ctCalls.trackingNumberName}, ${ctCalls.source}, ${ctCalls.callerNumber}, ${ctCalls.callerCity}, ${ctCalls.callerState}, ${ctCalls.durationSeconds}, ${ctCalls.talkTimeSeconds}, ${ctCalls.status}, ${ctCalls.firstTime}, ${ctCalls.recordingUrl}) is distinct from (excluded.called_at, excluded.tracking_number, excluded.tracking_number_name, excluded.source, excluded.caller_number, excluded.caller_city, excluded.caller_state, excluded.duration_seconds, excluded.talk_time_seconds, excluded.status, excluded.first_time, excluded.recording_url)`,
        })
        .returning({ id: ctCalls.id, inserted: sql<boolean>`(xmax = 0)` });
      return {
        written: rows.length,
        createdIds: rows.filter((r) => r.inserted).map((r) => Number(r.id)),
      };
    },

    async upsertNumbers(
      tx: Db,
      connection: Connection,
      numbers: VendorTrackingNumber[],
    ): Promise<number> {
      if (numbers.length === 0) return 0;
      const unique = [...new Map(numbers.map((n) => [n.externalId, n])).values()];
      const rows = await tx
        .insert(ctTrackingNumbers)
        .values(
          unique.map((n) => ({
            connectionId: connection.id,
            companyId: connection.companyId,
            externalId: n.externalId,
            number: n.number,
            name: n.name,
            source: n.source,
          })),
        )
        .onConflictDoUpdate({
          target: [ctTrackingNumbers.connectionId, ctTrackingNumbers.externalId],
          set: {
            number: sql`excluded.number`,
            name: sql`excluded.name`,
            source: sql`excluded.source`,
            syncedAt: sql`now()`,
          },
          setWhere: sql`(${ctTrackingNumbers.number}, ${ctTrackingNumbers.name}, ${ctTrackingNumbers.source}) is distinct from (excluded.number, excluded.name, excluded.source)`,
        })
        .returning({ id: ctTrackingNumbers.id });
      return rows.length;
    },
  };
}

export type CallTrackingSyncRepository = ReturnType<typeof createCallTrackingSyncRepository>;
