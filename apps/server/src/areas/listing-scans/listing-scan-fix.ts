import { napFieldSchema } from '@pinpoint/contracts';
import { z } from 'zod';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import { defineOutboxWrite, type OutboxWriteDefinition } from '../../platform/vendor-sync/outbox';
import type { ListingsVendorProvider } from '../../providers/listings-vendor/port';
import { LISTING_FIX_KIND } from './listing-scans.repository';

const napSchema = z.object({
  name: z.string().nullable(),
  address: z
    .object({
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      postalCode: z.string(),
      country: z.string(),
    })
    .nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
});

/** A "Fix": our values of these fields, for one directory of one product's location. */
export const listingFixPayload = z.object({
  productId: z.number().int(),
  directory: z.string(),
  fields: z.array(napFieldSchema).min(1),
  values: napSchema,
});
export type ListingFixPayload = z.infer<typeof listingFixPayload>;

export function publishFixChanged(
  events: EventPublisher,
  companyId: number,
  payload: { productId: number; directory: string },
  status: string,
) {
  events.publish({
    type: 'listing-scan.fix',
    payload: { companyId, productId: payload.productId, directory: payload.directory, status },
    audience: { client: companyId },
  });
}

/**
 * `listing-scan.fix`: ONE `PATCH /locations/{id}/listings/{directory}` with our values of
 * the chosen fields. Nothing else is written when it is sent: the directory's values and
 * the score are measurements, and the next scan reads what the directory shows now.
 */
export function createListingFixWrite(deps: {
  provider: ListingsVendorProvider;
  events: EventPublisher;
}): OutboxWriteDefinition {
  return defineOutboxWrite({
    kind: LISTING_FIX_KIND,
    payload: listingFixPayload,
    send: async ({ payload, access }) =>
      deps.provider.updateListing(access, payload.directory, payload.fields, payload.values),
    onChange: (row) => {
      const parsed = listingFixPayload.safeParse(row.payload);
      if (parsed.success) publishFixChanged(deps.events, row.companyId, parsed.data, row.status);
    },
  });
}
