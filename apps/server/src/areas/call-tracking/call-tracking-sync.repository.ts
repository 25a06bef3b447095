import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { ctCalls, ctTrackingNumbers } from '../../kernel/db/schema';
import { upsertChanged } from '../../platform/vendor-sync/upsert-changed';
import type { VendorCall, VendorTrackingNumber } from '../../providers/call-tracking/port';

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
        .onConflictDoUpdate(
          upsertChanged(ctCalls, {
            target: [ctCalls.connectionId, ctCalls.externalId],
            update: [
              'calledAt',
              'trackingNumber',
              'trackingNumberName',
              'source',
              'callerNumber',
              'callerCity',
              'callerState',
              'durationSeconds',
              'talkTimeSeconds',
              'status',
              'firstTime',
              'recordingUrl',
              'syncedAt',
            ],
            changedWhen: [
              'calledAt',
              'trackingNumber',
              'trackingNumberName',
              'source',
              'callerNumber',
              'callerCity',
              'callerState',
              'durationSeconds',
              'talkTimeSeconds',
              'status',
              'firstTime',
              'recordingUrl',
            ],
          }),
        )
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
        .onConflictDoUpdate(
          upsertChanged(ctTrackingNumbers, {
            target: [ctTrackingNumbers.connectionId, ctTrackingNumbers.externalId],
            update: ['number', 'name', 'source'],
            expressions: {
              syncedAt: sql`now()`,
            },
            changedWhen: ['number', 'name', 'source'],
          }),
        )
        .returning({ id: ctTrackingNumbers.id });
      return rows.length;
    },
  };
}

export type CallTrackingSyncRepository = ReturnType<typeof createCallTrackingSyncRepository>;
