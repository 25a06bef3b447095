import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientCompanies, users } from './identity';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });

/** Local Services Ads verticals, managed by admins (SPEC §6). */
export const verticals = pgTable('verticals', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The LSA category id the vertical maps to. */
  lsaCategory: text('lsa_category'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The product catalog (SPEC §2), kept in step with `PRODUCTS` of packages/contracts at every
 * start, so instances can reference a slug by foreign key.
 */
export const products = pgTable('products', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  apiName: text('api_name').notNull(),
  subPages: text('sub_pages').array().notNull().default([]),
  sortOrder: integer('sort_order').notNull(),
});

/** A product the agency runs for a client, with its price and the vendor accounts behind it. */
export const productInstances = pgTable(
  'product_instances',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    productSlug: text('product_slug')
      .notNull()
      .references(() => products.slug),
    /** 'active' | 'paused' | 'on_hold' | 'cancelled' */
    status: text('status').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    /** Vendor account ids (Google Ads customer id, Facebook page id, …). */
    externalRefs: jsonb('external_refs').$type<Record<string, string>>().notNull().default({}),
    /** The vendor account the product's synced data comes from (`vendor_connections.id`). */
    vendorConnectionId: integer('vendor_connection_id'),
    createdAt: createdAt(),
  },
  (t) => [index('product_instances_company_idx').on(t.companyId)],
);

/** A client's business locations (the first is the primary one). */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    name: text('name').notNull(),
    addressLine1: text('address_line1').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('locations_company_idx').on(t.companyId)],
);

/** Search terms tracked for a client (rank grids use them). */
export const keywords = pgTable(
  'keywords',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    keyword: text('keyword').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('keywords_company_keyword_key').on(t.companyId, t.keyword)],
);

/** Businesses near a client that compete in its local results (the simulated search uses them). */
export const competitors = pgTable(
  'competitors',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    name: text('name').notNull(),
    placeId: text('place_id').notNull(),
    category: text('category').notNull(),
    address: text('address').notNull(),
    phone: text('phone'),
    website: text('website'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    rating: doublePrecision('rating').notNull(),
    reviewCount: integer('review_count').notNull(),
    /** When it opened (null: long established); the simulated search ignores it before. */
    openedOn: date('opened_on', { mode: 'string' }),
    /** When it closed (null: still open); the simulated search ignores it from then on. */
    closedOn: date('closed_on', { mode: 'string' }),
  },
  (t) => [index('competitors_company_idx').on(t.companyId)],
);

/** What the agency did for a client (SPEC: activity), typed. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    /** 'post_published' | 'review_replied' | 'listing_updated' | 'scan_run' | … (contracts) */
    type: text('type').notNull(),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    productInstanceId: integer('product_instance_id').references(() => productInstances.id, {
      onDelete: 'set null',
    }),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('activity_company_occurred_idx').on(t.companyId, t.occurredAt)],
);

/**
 * Notifications to a client. Some need the client's approval (a post to publish, an ad
 * change): those move from pending to approved or declined, recording who acted and when.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** 'info' (nothing to decide) | 'pending' | 'approved' | 'declined' */
    state: text('state').notNull(),
    actedBy: integer('acted_by').references(() => users.id, { onDelete: 'set null' }),
    actedAt: timestamp('acted_at', { withTimezone: true, mode: 'date' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** A vendor write (`outbox.id`) that waits for this approval: approving releases it. */
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_company_created_idx').on(t.companyId, t.createdAt)],
);
