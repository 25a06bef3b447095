import {
  LISTING_FIELD_LABELS,
  LISTING_FIELDS,
  type ListingComparison,
  type ListingField,
  type ListingFields,
  type ListingPush,
} from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { badRequest, conflict, notFound } from '../../kernel/lib/app-error';
import { productAccess, withSubPage } from '../../platform/product-access/product-access';
import type { VendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import { toConnectionView } from '../../platform/vendor-connections/vendor-connections.service';
import type { NewOutboxRow, OutboxRow } from '../../platform/vendor-sync/outbox.repository';
import { compareField, displayField, readStoredFields } from './listing-compare';
import {
  LISTING_SUBJECT,
  LISTING_WRITE_KIND,
  type ListingsRepository,
} from './listings.repository';
import { type ListingPatchPayload, listingPatchPayload } from './listings.sync';

/** The Google products: their `listings` page is the Business Profile listing. */
export const GOOGLE_LISTING_PRODUCTS = new Set([
  'google-business-pro',
  'local-marketing-essentials',
  'tow-marketing-essentials',
  'google-calls-advisor',
]);
export const LISTING_SCANS_UNAVAILABLE =
  'This product scans business directories (areas/listing-scans): it has no Google listing to push or accept.';

export interface ListingsServiceDeps {
  db: Db;
  repo: ListingsRepository;
  connections: VendorConnectionsRepository;
  enqueueWrite(row: NewOutboxRow): Promise<{ row: OutboxRow; created: boolean }>;
  publishChanged(companyId: number, connectionId: number, changedFields: string[]): void;
}

const isStaff = (p: Principal) => p.perm || p.admin;
const CATEGORY_FIELDS: ListingField[] = ['primaryCategory', 'additionalCategories'];

/** The latest push: the outbox rows sharing the newest row's push id, taken together. */
function latestPush(rows: OutboxRow[]): ListingPush | null {
  const parsed = rows.flatMap((row) => {
    const payload = listingPatchPayload.safeParse(row.payload);
    return payload.success ? [{ row, payload: payload.data }] : [];
  });
  const newest = parsed[0];
  if (!newest) return null;
  const parts = parsed.filter((p) => p.payload.pushId === newest.payload.pushId);
  const failed = parts.find((p) => p.row.status === 'failed');
  const waiting = parts.some((p) => p.row.status !== 'sent' && p.row.status !== 'failed');
  const sentAt = parts.map((p) => p.row.sentAt?.getTime() ?? 0);
  return {
    status: failed ? 'failed' : waiting ? 'pending' : 'sent',
    fields: LISTING_FIELDS.filter((f) => parts.some((p) => p.payload.fields.includes(f))),
    error: failed?.row.lastError ?? null,
    createdAt: newest.row.createdAt.toISOString(),
    sentAt: failed || waiting ? null : new Date(Math.max(...sentAt)).toISOString(),
  };
}

/** Google's listing beside ours: read from our tables; pushes go through the outbox. */
export function createListingsService(deps: ListingsServiceDeps) {
  const { repo } = deps;

  async function scopeOf(principal: Principal, productId: number) {
    const { product } = await productAccess(deps.db, principal, productId, {
      accepts: withSubPage('listings'),
      noReport: 'This product has no listing.',
    });
    // managed-business-listings and business-listings scan directories (areas/listing-scans).
    if (!GOOGLE_LISTING_PRODUCTS.has(product.slug)) throw notFound(LISTING_SCANS_UNAVAILABLE);
    const connection = await repo.profileConnection(product.companyId, product.connectionId);
    return { product, connection };
  }

  async function sides(companyId: number, connectionId: number | null) {
    const [ours, listing] = await Promise.all([
      repo.ourFields(companyId),
      connectionId ? repo.listing(connectionId) : null,
    ]);
    if (!ours) throw notFound('No such client.');
    return { ours, listing, google: listing ? readStoredFields(listing.fields) : null };
  }

  async function view(principal: Principal, productId: number): Promise<ListingComparison> {
    const { product, connection } = await scopeOf(principal, productId);
    const { ours, listing, google } = await sides(product.companyId, connection?.id ?? null);
    const changed = new Set(listing?.changedFields ?? []);
    const connectionView = connection
      ? (await deps.connections.listForCompany(product.companyId))
          .filter((c) => c.connection.id === connection.id)
          .map((c) => toConnectionView(c.connection, c.syncs, isStaff(principal)))[0]
      : null;
    return {
      productId: product.id,
      companyId: product.companyId,
      connection: connectionView ?? null,
      syncedAt: listing?.syncedAt.toISOString() ?? null,
      fields: google
        ? LISTING_FIELDS.map((field) => ({
            field,
            label: LISTING_FIELD_LABELS[field],
            google: displayField(field, google),
            ours: displayField(field, ours),
            status: compareField(field, google, ours),
            changedOnGoogle: changed.has(field),
          }))
        : [],
      changedFields: LISTING_FIELDS.filter((f) => changed.has(f)),
      lastPush: connection ? latestPush(await repo.pushWrites(connection.id)) : null,
    };
  }

  /** The listing as it stands, for a change: a connection and a synced listing. */
  async function current(principal: Principal, productId: number) {
    const { product, connection } = await scopeOf(principal, productId);
    if (!connection) throw conflict('Connect the Business Profile first.');
    const { ours, google } = await sides(product.companyId, connection.id);
    if (!google) throw conflict("Google's listing has not been synced yet. Try again shortly.");
    return { product, connection, ours, google };
  }

  /** Fields a person chose that the given side has no value for: refused with details. */
  function refuseEmpty(fields: ListingField[], empty: (f: ListingField) => boolean, why: string) {
    const bad = fields.filter(empty);
    if (bad.length) {
      throw badRequest(
        'Some fields cannot be used.',
        bad.map((f) => ({
          path: `body.fields.${fields.indexOf(f)}`,
          message: `${why} ${LISTING_FIELD_LABELS[f].toLowerCase()}.`,
        })),
      );
    }
  }

  return {
    get: view,

    /**
     * "Push our data": the chosen fields (default, all that differ or Google lacks) as
     * outbox writes: the location's fields in one (`locations.patch`, an update mask of
     * exactly those), attributes in another (Google keeps them apart). A key sent twice
     * makes no second push.
     */
    async push(
      principal: Principal,
      productId: number,
      input: { fields?: ListingField[]; idempotencyKey: string },
    ): Promise<ListingComparison> {
      const { product, connection, ours, google } = await current(principal, productId);
      const status = (f: ListingField) => compareField(f, google, ours);
      const fields =
        input.fields ??
        LISTING_FIELDS.filter((f) => ['differs', 'missing_on_google'].includes(status(f)));
      if (fields.length === 0) throw conflict('Nothing to push: the listing matches your profile.');
      refuseEmpty(fields, (f) => displayField(f, ours).length === 0, 'Pinpoint has no');
      const location = fields.filter((f) => f !== 'attributes');
      const values: Partial<ListingFields> = {};
      for (const f of location) Object.assign(values, { [f]: ours[f] });
      // Categories are written whole: the half not chosen keeps Google's value.
      if (location.some((f) => CATEGORY_FIELDS.includes(f))) {
        values.primaryCategory = (
          location.includes('primaryCategory') ? ours : google
        ).primaryCategory;
        values.additionalCategories = (
          location.includes('additionalCategories') ? ours : google
        ).additionalCategories;
      }
      const parts: ListingPatchPayload[] = [];
      const pushId = `${principal.userId}:${input.idempotencyKey}`;
      if (location.length) {
        parts.push({ pushId, part: 'location', fields: location, values, remove: [] });
      }
      if (fields.includes('attributes')) {
        const remove = Object.keys(google.attributes).filter((id) => !(id in ours.attributes));
        parts.push({
          pushId,
          part: 'attributes',
          fields: ['attributes'],
          values: { attributes: ours.attributes },
          remove,
        });
      }
      for (const payload of parts) {
        await deps.enqueueWrite({
          companyId: product.companyId,
          connectionId: connection.id,
          kind: LISTING_WRITE_KIND,
          // Keys are per user, so two people cannot collide on one by chance.
          idempotencyKey: `${LISTING_WRITE_KIND}:${pushId}:${payload.part}`,
          subjectType: LISTING_SUBJECT,
          subjectId: connection.id,
          payload,
          status: 'pending',
          createdBy: principal.userId,
        });
      }
      deps.publishChanged(product.companyId, connection.id, []);
      return view(principal, productId);
    },

    /** "Accept Google's": its values of these fields become the company's profile. */
    async accept(
      principal: Principal,
      productId: number,
      fields: ListingField[],
    ): Promise<ListingComparison> {
      const { product, connection, google } = await current(principal, productId);
      refuseEmpty(fields, (f) => displayField(f, google).length === 0, 'Google has no');
      await repo.acceptGoogle(product.companyId, connection.id, google, fields);
      deps.publishChanged(product.companyId, connection.id, []);
      return view(principal, productId);
    },

    /** The agency has seen Google's changes: the flags (and the alert line) clear. */
    async seen(principal: Principal, productId: number): Promise<ListingComparison> {
      const { product, connection } = await scopeOf(principal, productId);
      if (connection) {
        await repo.clearChanged(connection.id);
        deps.publishChanged(product.companyId, connection.id, []);
      }
      return view(principal, productId);
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
