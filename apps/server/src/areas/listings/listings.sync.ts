import {
  LISTING_FIELD_LABELS,
  type ListingField,
  type ListingFields,
  listingFieldSchema,
  listingFieldsSchema,
} from '@pinpoint/contracts';
import { z } from 'zod';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { defineOutboxWrite, type OutboxWriteDefinition } from '../../platform/vendor-sync/outbox';
import type {
  ListingProvider,
  LocationField,
} from '../../providers/google-business-profile/listing-port';
import { LISTING_WRITE_KIND, type ListingsRepository } from './listings.repository';

/**
 * Every 6 hours: a listing changes seldom, but a change on Google's side (an owner's edit
 * elsewhere, a suggested edit Google accepted) should be noticed the same working day; each
 * run is two calls a location, far inside the Business Information API's quota.
 */
export const LISTING_SYNC_MINUTES = 360;

export interface ListingSyncDeps {
  repo: ListingsRepository;
  provider: ListingProvider;
  events: EventPublisher;
}

/** One sync's item: the whole listing, and when its fetch began. */
export interface SyncedListing {
  fields: ListingFields;
  fetchedAt: Date;
}

export function publishListingChanged(
  events: EventPublisher,
  companyId: number,
  connectionId: number,
  changedFields: string[],
) {
  events.publish({
    type: 'listing.changed',
    payload: { companyId, connectionId, changedFields },
    audience: { client: companyId },
  });
}

/** After a run that found Google's own changes: one alert, and the news for open pages. */
async function announce(
  deps: ListingSyncDeps,
  connection: ConnectionRow,
  fields: ListingField[],
  backfill: boolean,
) {
  if (!backfill && fields.length > 0) {
    const names = fields.map((f) => LISTING_FIELD_LABELS[f].toLowerCase());
    await deps.repo.insertListingAlert(
      connection.companyId,
      connection.id,
      `Google's listing changed: ${names.join(', ')}`,
      `The Business Profile "${connection.displayName || 'location'}" was changed on Google's side. Compare it with your profile and push yours or accept Google's.`,
      fields,
    );
  }
  publishListingChanged(deps.events, connection.companyId, connection.id, fields);
}

/** A location's listing, whole, every 6 hours (one item a run: the runner always writes it). */
export function createListingSync(deps: ListingSyncDeps): SyncDefinition<SyncedListing> {
  // What this run's write found changed, for its afterRun (the same runSync call, so the
  // same process); a run that fails between the two raises nothing and the flags stay.
  const found = new Map<number, ListingField[]>();
  return defineSync<SyncedListing>({
    vendor: 'google-business-profile',
    dataset: 'listing',
    everyMinutes: LISTING_SYNC_MINUTES,
    fetchPage: async ({ access, signal }) => {
      const fetchedAt = new Date();
      const fields = await deps.provider.getListing(access, signal);
      return { items: [{ fields, fetchedAt }], nextPageToken: null };
    },
    // Newer than any run before it, so every run compares the listing with what is stored.
    changedAt: (item) => item.fetchedAt,
    writePage: async (tx, connection, items) => {
      let written = 0;
      const changed: ListingField[] = [];
      for (const item of items) {
        const result = await deps.repo.storeSynced(tx, connection, item.fields, item.fetchedAt);
        written += result.written;
        changed.push(...result.changed);
      }
      if (changed.length) found.set(connection.id, changed);
      // The "created" id tells afterRun that Google changed something on its side.
      return { written, createdIds: changed.length ? [connection.id] : [] };
    },
    afterRun: async (connection, _ids, { backfill }) => {
      const fields = found.get(connection.id) ?? [];
      found.delete(connection.id);
      await announce(deps, connection, fields, backfill);
    },
  });
}

/** A push's outbox payload: one of its two parts (the location's fields, or attributes). */
export const listingPatchPayload = z.object({
  /** The request's key: the parts of one push share it. */
  pushId: z.string(),
  part: z.enum(['location', 'attributes']),
  fields: z.array(listingFieldSchema),
  values: listingFieldsSchema.partial(),
  /** Attributes Google has and we do not: unset by the push. */
  remove: z.array(z.string()).default([]),
});
export type ListingPatchPayload = z.infer<typeof listingPatchPayload>;

const sentValues = z.object({ values: listingFieldsSchema.partial() });

/** "Push our data": `locations.patch` (or `updateAttributes`) with a mask of the fields. */
export function createListingWrite(deps: ListingSyncDeps): OutboxWriteDefinition {
  return defineOutboxWrite({
    kind: LISTING_WRITE_KIND,
    payload: listingPatchPayload,
    send: async ({ payload, access }) => {
      if (payload.part === 'attributes') {
        const attributes = await deps.provider.patchAttributes(
          access,
          payload.values.attributes ?? {},
          payload.remove,
        );
        return { values: { attributes } };
      }
      const fields = payload.fields.filter((f): f is LocationField => f !== 'attributes');
      return { values: await deps.provider.patchLocation(access, fields, payload.values) };
    },
    // Google now has our values: stored as its listing, so the page shows them matching and
    // the next sync does not take our own push for a change made on Google's side.
    applySent: async (tx, row, payload, result) => {
      const { values } = sentValues.parse(result);
      await deps.repo.applyPushed(tx, row.connectionId, values, payload.fields);
    },
    onChange: (row) => publishListingChanged(deps.events, row.companyId, row.connectionId, []),
  });
}
