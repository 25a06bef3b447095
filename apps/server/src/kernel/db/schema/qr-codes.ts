import {
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { productInstances } from './domain';
import { clientCompanies, users } from './identity';
import { vendorConnections } from './vendor-data';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A QR code of ours: the printed image encodes our short redirect `/q/{code}`, so the
 * target can change without reprinting. `archived` codes answer the redirect with 404 and
 * keep their scans for the analytics.
 */
export const qrCodes = pgTable(
  'qr_codes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    productInstanceId: integer('product_instance_id')
      .notNull()
      .references(() => productInstances.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** http(s) only, checked when stored and again at each redirect. */
    targetUrl: text('target_url').notNull(),
    /** The short random path segment of the redirect (unguessable, URL-safe). */
    code: text('code').notNull(),
    /** 'active' | 'archived' */
    status: text('status').notNull().default('active'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qr_codes_code_idx').on(t.code),
    index('qr_codes_product_idx').on(t.productInstanceId, t.createdAt),
  ],
);

/**
 * One scan through our redirect. No IP is stored: `visitor` is an HMAC of IP, user agent
 * and UTC day under a server secret, so unique visitors are counted per day.
 */
export const qrScans = pgTable(
  'qr_scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    qrCodeId: integer('qr_code_id')
      .notNull()
      .references(() => qrCodes.id, { onDelete: 'cascade' }),
    scannedAt: at('scanned_at').notNull(),
    os: text('os').notNull(),
    browser: text('browser').notNull(),
    /** 'mobile' | 'tablet' | 'desktop' | 'other' */
    deviceType: text('device_type').notNull(),
    visitor: text('visitor').notNull(),
    city: text('city'),
  },
  (t) => [index('qr_scans_code_time_idx').on(t.qrCodeId, t.scannedAt)],
);

/** A QR code on the vendor's side (Uniqode/Beaconstac), synced on the `beaconstac` connection. */
export const bstacQrCodes = pgTable(
  'bstac_qr_codes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => vendorConnections.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    /** The vendor's short URL the printed code encodes. */
    shortUrl: text('short_url').notNull(),
    targetUrl: text('target_url'),
    /** The vendor's state: 'A' active, 'P' paused, … */
    state: text('state').notNull(),
    vendorCreatedAt: at('vendor_created_at').notNull(),
    vendorUpdatedAt: at('vendor_updated_at').notNull(),
    syncedAt: at('synced_at').notNull(),
  },
  (t) => [uniqueIndex('bstac_qr_codes_ext_idx').on(t.connectionId, t.externalId)],
);

/**
 * The vendor's scan analytics of one code and day by dimension: `visitors` (label '':
 * scans and unique visitors), `os`, `city`, `location` (label = place, with coordinates).
 */
export const bstacScanDays = pgTable(
  'bstac_scan_days',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => vendorConnections.id, { onDelete: 'cascade' }),
    qrExternalId: text('qr_external_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    label: text('label').notNull(),
    scans: integer('scans').notNull(),
    visitors: integer('visitors').notNull().default(0),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [
    uniqueIndex('bstac_scan_days_key_idx').on(
      t.connectionId,
      t.qrExternalId,
      t.day,
      t.dimension,
      t.label,
    ),
  ],
);
