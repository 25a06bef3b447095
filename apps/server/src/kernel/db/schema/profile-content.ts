import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientCompanies, users } from './identity';
import { vendorConnections } from './vendor-data';

/** Raw bytes; both drivers hand bytea back as a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });
const connectionId = () =>
  integer('connection_id')
    .notNull()
    .references(() => vendorConnections.id, { onDelete: 'cascade' });
const userRef = (name: string) =>
  integer(name).references(() => users.id, { onDelete: 'set null' });

/**
 * An image a person uploaded (a post's picture, a profile photo), as stored: its type checked,
 * its dimensions read and its GPS metadata removed before it was written here. The bytes live
 * in the database so every server process can serve and send them.
 */
export const storedImages = pgTable(
  'stored_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    /** 'image/jpeg' | 'image/png' | 'image/webp' */
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Hex SHA-256 of the stored bytes (ETag, and one row for one upload sent twice). */
    sha256: text('sha256').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stored_images_company_sha_key').on(t.companyId, t.sha256)],
);

/**
 * A post on a client's Google Business Profile (local post) or Facebook page. Synced posts
 * have the vendor's id; ours carry their own state until the vendor has them: `draft`,
 * `awaiting_approval`, `scheduled` (the outbox sends it at `scheduled_for`), `publishing`,
 * `published`, `failed` (with the vendor's reason), `declined` (with the client's comment),
 * `deleted`.
 */
export const posts = pgTable(
  'posts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    connectionId: connectionId(),
    /** 'google' | 'facebook' */
    source: text('source').notNull(),
    /** The vendor's id (`accounts/…/localPosts/…`, a Graph post id); null until it has one. */
    externalId: text('external_id'),
    /** Google's topicType: 'STANDARD' | 'EVENT' | 'OFFER' (Facebook posts are 'STANDARD'). */
    topicType: text('topic_type').notNull().default('STANDARD'),
    summary: text('summary').notNull().default(''),
    /** Google's callToAction.actionType and url. */
    ctaType: text('cta_type'),
    ctaUrl: text('cta_url'),
    /** EVENT and OFFER: the title and the schedule (start and end instants). */
    eventTitle: text('event_title'),
    eventStart: at('event_start'),
    eventEnd: at('event_end'),
    /** OFFER's coupon code, redeem link and terms. */
    offer: jsonb('offer').$type<{ couponCode?: string; redeemUrl?: string; terms?: string }>(),
    /** Our stored image (an upload), or the vendor's media URL for a synced post. */
    imageId: bigint('image_id', { mode: 'number' }).references(() => storedImages.id, {
      onDelete: 'set null',
    }),
    mediaUrl: text('media_url'),
    state: text('state').notNull(),
    /** When a scheduled post goes out (an instant; the form takes it in the company's zone). */
    scheduledFor: at('scheduled_for'),
    publishedAt: at('published_at'),
    failureReason: text('failure_reason'),
    declineComment: text('decline_comment'),
    /** The vendor's link to the live post. */
    searchUrl: text('search_url'),
    /** Where the vendor gives them (Google's local post insights, Facebook's post insights). */
    views: integer('views'),
    clicks: integer('clicks'),
    vendorUpdatedAt: at('vendor_updated_at'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_external_key').on(t.connectionId, t.externalId),
    index('posts_company_created_idx').on(t.companyId, t.createdAt),
    index('posts_connection_created_idx').on(t.connectionId, t.createdAt),
    index('posts_state_idx').on(t.state, t.scheduledFor),
  ],
);

/**
 * A photo on a client's Business Profile (Google's media items), synced, or uploaded here and
 * sent through the outbox: `live`, `uploading`, `failed` (with the reason), `deleting`,
 * `deleted`.
 */
export const photos = pgTable(
  'photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    connectionId: connectionId(),
    /** The vendor's media item name; null until it has one. */
    externalId: text('external_id'),
    /** Google's locationAssociation.category: COVER, PROFILE, LOGO, EXTERIOR, INTERIOR, … */
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    /** Our stored copy (uploads); synced photos have only the vendor's URLs. */
    imageId: bigint('image_id', { mode: 'number' }).references(() => storedImages.id, {
      onDelete: 'set null',
    }),
    googleUrl: text('google_url'),
    thumbnailUrl: text('thumbnail_url'),
    width: integer('width'),
    height: integer('height'),
    views: integer('views'),
    state: text('state').notNull(),
    failureReason: text('failure_reason'),
    /** When the vendor says it was added (createTime), or when it was uploaded here. */
    takenAt: at('taken_at').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('photos_external_key').on(t.connectionId, t.externalId),
    index('photos_company_category_idx').on(t.companyId, t.category, t.takenAt),
    index('photos_connection_taken_idx').on(t.connectionId, t.takenAt),
  ],
);

/**
 * A question asked on a client's Business Profile. Google retired the Q&A API on 3 November
 * 2025, so these live here: the demo history and what the agency records from the profile.
 * An answer written here is `to_publish` until staff confirm it is live on Google (`live`).
 */
export const qaQuestions = pgTable(
  'qa_questions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    connectionId: connectionId(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    askedAt: at('asked_at').notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    /** 'demo' | 'recorded' */
    origin: text('origin').notNull(),
    recordedBy: userRef('recorded_by'),
    answerText: text('answer_text'),
    /** 'none' | 'to_publish' | 'live' */
    answerState: text('answer_state').notNull().default('none'),
    answeredBy: userRef('answered_by'),
    answeredAt: at('answered_at'),
    confirmedBy: userRef('confirmed_by'),
    confirmedAt: at('confirmed_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('qa_questions_company_idx').on(t.companyId, t.answerState, t.askedAt)],
);

/** A business profile's fields as compared field by field (contracts: ListingFields). */
export type ListingFieldsJson = Record<string, unknown>;

/**
 * The listing as Google has it (Business Information API), one row per Business Profile
 * connection, with what the last sync saw, so a change made on Google's side is noticed.
 */
export const googleListings = pgTable('google_listings', {
  connectionId: integer('connection_id')
    .primaryKey()
    .references(() => vendorConnections.id, { onDelete: 'cascade' }),
  companyId: companyId(),
  fields: jsonb('fields').$type<ListingFieldsJson>().notNull(),
  /** Fields Google changed on its side since the agency last looked (the alert's subject). */
  changedFields: text('changed_fields').array().notNull().default([]),
  syncedAt: at('synced_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The parts of a company's profile in Pinpoint that the company table does not hold
 * (categories beyond the primary one, hours, attributes): what "Push our data" sends.
 */
export const businessProfiles = pgTable('business_profiles', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => clientCompanies.id, { onDelete: 'cascade' }),
  additionalCategories: text('additional_categories').array().notNull().default([]),
  regularHours: jsonb('regular_hours').$type<ListingFieldsJson[]>().notNull().default([]),
  specialHours: jsonb('special_hours').$type<ListingFieldsJson[]>().notNull().default([]),
  attributes: jsonb('attributes').$type<ListingFieldsJson>().notNull().default({}),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
