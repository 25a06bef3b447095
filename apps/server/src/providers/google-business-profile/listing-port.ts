import type { ListingField, ListingFields } from '@pinpoint/contracts';
import type { ConnectionAccess } from '../kernel/connection-access';

export type { ConnectionAccess, ListingField, ListingFields };

/** The fields Google keeps on the Location itself (the rest, attributes, apart). */
export type LocationField = Exclude<ListingField, 'attributes'>;

/**
 * A location's listing (Google's Business Information API): read it whole, and update the
 * chosen fields. Each update method makes ONE vendor call, as the outbox expects; the
 * location's fields and its attributes are separate resources at Google, so a push of both
 * is two writes.
 */
export interface ListingProvider {
  vendor: string;
  mode: 'demo' | 'live';
  /** The listing as the vendor has it (live: the location and its attributes, two calls). */
  getListing(access: ConnectionAccess, signal?: AbortSignal): Promise<ListingFields>;
  /**
   * Sets `fields` of the location to `values` (an update mask of exactly those fields) and
   * answers the location's values of those fields as the vendor now has them.
   */
  patchLocation(
    access: ConnectionAccess,
    fields: LocationField[],
    values: Partial<ListingFields>,
  ): Promise<Partial<ListingFields>>;
  /**
   * Makes the location's attributes `attributes`: those given are set, those in `remove`
   * unset (in the attribute mask, not in the body, as Google documents). Answers the
   * location's attributes as the vendor now has them.
   */
  patchAttributes(
    access: ConnectionAccess,
    attributes: ListingFields['attributes'],
    remove: string[],
  ): Promise<ListingFields['attributes']>;
}
