import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { productInstances } from './domain';
import { clientCompanies, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').notNull().defaultNow();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });

/**
 * A client company's link to one vendor account (DECISIONS.md "Vendor data"): a Business
 * Profile location, a Facebook page, an ads account… Secrets (OAuth tokens, API keys) are
 * one AES-256-GCM sealed JSON blob (lib/secret-box.ts); they never leave the server.
 */
export const vendorConnections = pgTable(
  'vendor_connections',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    /** 'google-business-profile' | 'facebook-page' | … (contracts VENDORS) */
    vendor: text('vendor').notNull(),
    /** The vendor's id of the account: `accounts/1/locations/2`, a page id, … */
    externalAccount: text('external_account').notNull(),
    displayName: text('display_name').notNull().default(''),
    /** 'connected' | 'needs_attention' | 'disconnected' */
    status: text('status').notNull().default('connected'),
    secretsSealed: text('secrets_sealed'),
    lastSyncedAt: at('last_synced_at'),
    lastError: text('last_error'),
    lastErrorAt: at('last_error_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendor_connections_account_key').on(t.companyId, t.vendor, t.externalAccount),
    index('vendor_connections_vendor_idx').on(t.vendor),
  ],
);

/** Where one (connection, dataset) sync stands: its cursor and its last run. */
export const syncStates = pgTable(
  'sync_states',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => vendorConnections.id, { onDelete: 'cascade' }),
    /** 'reviews', 'posts', … */
    dataset: text('dataset').notNull(),
    /** The vendor's position to resume from (a page token and a high-water mark), JSON. */
    cursor: jsonb('cursor').$type<Record<string, unknown>>(),
    /** 'idle' | 'running' | 'failed' */
    state: text('state').notNull().default('idle'),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    itemsSeen: integer('items_seen').notNull().default(0),
    itemsWritten: integer('items_written').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.dataset] })],
);

/**
 * Writes to vendors (DECISIONS.md "Writes go through an outbox"). The idempotency key makes
 * a repeated request one row; `status` moves pending → sent | failed, and a row waiting
 * for the client's approval is `awaiting_approval` (or `declined`).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => vendorConnections.id, { onDelete: 'cascade' }),
    /** 'review.reply' | 'review.delete-reply' | … */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the write is about, for its history on that object: 'review' and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    /** Not sent before this instant (a scheduled post); null: as soon as it is pending. */
    sendAfter: at('send_after'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('outbox_idempotency_key').on(t.idempotencyKey),
    index('outbox_subject_idx').on(t.subjectType, t.subjectId),
    index('outbox_status_idx').on(t.status),
  ],
);

/** A review of a client's business, synced from Google or Facebook. */
export const reviews = pgTable(
  'reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => vendorConnections.id, { onDelete: 'cascade' }),
    /** 'google' | 'facebook' */
    source: text('source').notNull(),
    externalId: text('external_id').notNull(),
    reviewerName: text('reviewer_name').notNull(),
    /** 1–5 stars; null for a Facebook recommendation without a star rating. */
    rating: smallint('rating'),
    /** Facebook: 'positive' | 'negative'. */
    recommendation: text('recommendation'),
    comment: text('comment').notNull().default(''),
    publishedAt: at('published_at').notNull(),
    vendorUpdatedAt: at('vendor_updated_at').notNull(),
    /** The reply the vendor shows now (ours once sent, or the owner's own). */
    replyText: text('reply_text'),
    replyUpdatedAt: at('reply_updated_at'),
    /** The vendor's id of the reply where it has one (a Facebook comment id). */
    replyExternalId: text('reply_external_id'),
    syncedAt: at('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_external_key').on(t.connectionId, t.externalId),
    index('reviews_company_published_idx').on(t.companyId, t.publishedAt),
    index('reviews_connection_published_idx').on(t.connectionId, t.publishedAt),
  ],
);

/** A client's request for help about one product, answered by its assigned employees. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    productInstanceId: integer('product_instance_id')
      .notNull()
      .references(() => productInstances.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** 'open' | 'closed' */
    status: text('status').notNull().default('open'),
    reply: text('reply'),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    repliedAt: at('replied_at'),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_requests_company_idx').on(t.companyId, t.createdAt),
    index('support_requests_status_idx').on(t.status, t.createdAt),
  ],
);
