import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { productInstances } from './domain';
import { clientCompanies, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });

/**
 * A message template for review requests. `companyId` null: one of the agency's defaults,
 * offered to every company; a company's own templates are its copies and new ones.
 */
export const solicitationTemplates = pgTable(
  'solicitation_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => clientCompanies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** With {first_name}, {business} and {review_link} placeholders. */
    smsBody: text('sms_body').notNull(),
    emailSubject: text('email_subject').notNull(),
    emailBody: text('email_body').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    archivedAt: at('archived_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('solicitation_templates_company_idx').on(t.companyId)],
);

/**
 * A client's customer who was asked for a review. Phone in E.164, email lower-cased; a
 * contact is found again by either within its company (one request per 30 days counts per
 * contact). The recipient's zone decides the sending hours.
 */
export const solicitationContacts = pgTable(
  'solicitation_contacts',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    email: text('email'),
    timeZone: text('time_zone').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('solicitation_contacts_phone_key')
      .on(t.companyId, t.phone)
      .where(sql`phone is not null`),
    uniqueIndex('solicitation_contacts_email_key')
      .on(t.companyId, t.email)
      .where(sql`email is not null`),
  ],
);

/**
 * An opt-out, honoured on every channel and forever until the person opts in again
 * (`revokedAt`). `address` is an E.164 phone or a lower-cased email. `companyId` null: from
 * every company (a STOP to the agency's shared sending number).
 */
export const solicitationOptOuts = pgTable(
  'solicitation_opt_outs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => clientCompanies.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    /** 'sms-keyword' | 'email-one-click' | 'email-link' | 'client' */
    source: text('source').notNull(),
    /** The keyword or the request it came from, for the record. */
    detail: text('detail'),
    createdAt: at('created_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('solicitation_opt_outs_address_idx').on(t.address)],
);

/**
 * A bulk CSV upload: parsed and validated rows wait here (`status` 'draft') until the
 * client confirms the whole batch; nothing is sent before. 'confirmed' | 'cancelled'.
 */
export const solicitationBatches = pgTable('solicitation_batches', {
  id: serial('id').primaryKey(),
  companyId: companyId(),
  productId: integer('product_id')
    .notNull()
    .references(() => productInstances.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  status: text('status').notNull(),
  /** Column mapping: field → CSV header. */
  mapping: jsonb('mapping').$type<Record<string, string>>(),
  /** The options the batch is sent with (template, send type, schedule, consent). */
  options: jsonb('options').$type<Record<string, unknown>>(),
  rowCount: integer('row_count').notNull().default(0),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
  confirmedAt: at('confirmed_at'),
});

/** One CSV row of a batch, its line number in the file, and what is wrong with it. */
export const solicitationBatchRows = pgTable(
  'solicitation_batch_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => solicitationBatches.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    raw: jsonb('raw').$type<Record<string, string>>().notNull(),
    /** The normalised contact once mapped (E.164 phone, lower-cased email). */
    contact: jsonb('contact').$type<Record<string, string | null>>(),
    /** 'ok' | 'invalid' | 'duplicate' | 'opted-out' | 'recent' */
    state: text('state').notNull(),
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
  },
  (t) => [index('solicitation_batch_rows_batch_idx').on(t.batchId, t.line)],
);

/**
 * One review request to one contact. Its status is the furthest its messages got:
 * scheduled → queued → sent → delivered | failed → clicked → reviewed, or opted_out;
 * 'held' when no transport is configured (kept in the dev outbox, never delivered).
 * `token` is the request's review-link and unsubscribe token (random, unique).
 */
export const solicitationRequests = pgTable(
  'solicitation_requests',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    productId: integer('product_id')
      .notNull()
      .references(() => productInstances.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => solicitationContacts.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => solicitationTemplates.id, {
      onDelete: 'set null',
    }),
    batchId: integer('batch_id').references(() => solicitationBatches.id, { onDelete: 'set null' }),
    /** 'sms' | 'email' | 'both' */
    sendType: text('send_type').notNull(),
    status: text('status').notNull(),
    token: text('token').notNull(),
    scheduledFor: at('scheduled_for').notNull(),
    /** Consent, as recorded: when, how ('form' | 'csv'), and who confirmed it. */
    consentAt: at('consent_at').notNull(),
    consentSource: text('consent_source').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    clickedAt: at('clicked_at'),
    reviewedAt: at('reviewed_at'),
    reviewId: bigint('review_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('solicitation_requests_token_key').on(t.token),
    index('solicitation_requests_company_idx').on(t.companyId, t.createdAt),
    index('solicitation_requests_contact_idx').on(t.contactId, t.createdAt),
    index('solicitation_requests_product_idx').on(t.productId, t.createdAt),
  ],
);

/**
 * The outbox row of one request on one channel. `idempotencyKey` is `request:{id}:{channel}`
 * (unique): a retry, a second job or a restart finds the row and never sends twice.
 * status: scheduled | queued | sending | sent | delivered | failed | held | opted_out.
 */
export const solicitationMessages = pgTable(
  'solicitation_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => solicitationRequests.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    /** 'sms' | 'email' */
    channel: text('channel').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    toAddress: text('to_address').notNull(),
    status: text('status').notNull(),
    /** Not sent before this instant: the schedule, moved into the recipient's sending hours. */
    sendAfter: at('send_after').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The transport's id: the email's Message-ID, Twilio's message SID. */
    externalId: text('external_id'),
    failureReason: text('failure_reason'),
    /** When a send began (a row left 'sending' by a crash is found by it). */
    claimedAt: at('claimed_at'),
    sentAt: at('sent_at'),
    deliveredAt: at('delivered_at'),
    failedAt: at('failed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('solicitation_messages_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('solicitation_messages_external_key')
      .on(t.channel, t.externalId)
      .where(sql`external_id is not null`),
    index('solicitation_messages_due_idx').on(t.status, t.sendAfter),
    index('solicitation_messages_request_idx').on(t.requestId),
  ],
);

/** A request's timeline: every status change and what caused it. */
export const solicitationEvents = pgTable(
  'solicitation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => solicitationRequests.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }),
    /** 'created' | 'queued' | 'sent' | 'delivered' | 'failed' | 'clicked' | 'reviewed' | … */
    type: text('type').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('solicitation_events_request_idx').on(t.requestId, t.at)],
);
