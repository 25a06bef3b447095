import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientCompanies } from './identity';
import { vendorConnections } from './vendor-data';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });
const connectionId = () =>
  integer('connection_id')
    .notNull()
    .references(() => vendorConnections.id, { onDelete: 'cascade' });

/** Raw bytes; both drivers hand bytea back as a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A tracking number of a `call-tracking` connection's account (CTM `numbers.json`), daily. */
export const ctTrackingNumbers = pgTable(
  'ct_tracking_numbers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: connectionId(),
    companyId: companyId(),
    externalId: text('external_id').notNull(),
    /** E.164. */
    number: text('number').notNull(),
    name: text('name').notNull(),
    /** What the number tracks: "Google Business Profile", "Google Ads", "Website", … */
    source: text('source').notNull(),
    syncedAt: at('synced_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ct_tracking_numbers_external_key').on(t.connectionId, t.externalId)],
);

/**
 * A call to a tracking number (CTM `calls.json`). Holds what the leads center needs of a
 * call (SPEC §3): the caller's number in E.164, the source, the time, the first-time flag,
 * the duration and how it ended. Upserted by (connection, vendor id); a re-sync of the same
 * call writes nothing.
 */
export const ctCalls = pgTable(
  'ct_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: connectionId(),
    companyId: companyId(),
    externalId: text('external_id').notNull(),
    calledAt: at('called_at').notNull(),
    /** The tracking number dialled, E.164. */
    trackingNumber: text('tracking_number').notNull(),
    trackingNumberName: text('tracking_number_name'),
    source: text('source').notNull(),
    /** E.164; null when the caller withheld it. */
    callerNumber: text('caller_number'),
    callerCity: text('caller_city'),
    callerState: text('caller_state'),
    durationSeconds: integer('duration_seconds').notNull(),
    talkTimeSeconds: integer('talk_time_seconds').notNull(),
    /** answered | missed | voicemail */
    status: text('status').notNull(),
    firstTime: boolean('first_time').notNull(),
    /** The vendor's `audio` URL, or `demo:<file>` for the demo; null until processed. */
    recordingUrl: text('recording_url'),
    syncedAt: at('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ct_calls_external_key').on(t.connectionId, t.externalId),
    index('ct_calls_connection_called_idx').on(t.connectionId, t.calledAt),
    index('ct_calls_company_called_idx').on(t.companyId, t.calledAt),
  ],
);

/** A live recording fetched from the vendor once, on its first play. */
export const ctRecordings = pgTable('ct_recordings', {
  callId: bigint('call_id', { mode: 'number' })
    .primaryKey()
    .references(() => ctCalls.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  byteSize: integer('byte_size').notNull(),
  fetchedAt: at('fetched_at').notNull().defaultNow(),
});
