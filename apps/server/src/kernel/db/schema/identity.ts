import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * A client company of the agency: who it is, where it is (geocoded, for rank grids), what
 * it does (category and vertical) and whether the agency still serves it.
 */
export const clientCompanies = pgTable('client_companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  label: text('label').notNull(),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  county: text('county'),
  state: text('state'),
  postalCode: text('postal_code'),
  country: text('country').notNull().default('US'),
  /** The place picked through the places search (Country, State, County or City). */
  placeId: text('place_id'),
  /** The business's own Google place id: rank grids find it among the results by it. */
  googlePlaceId: text('google_place_id'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  primaryCategory: text('primary_category'),
  /** `verticals.id`; no foreign key here, to keep identity free of the domain tables. */
  verticalId: integer('vertical_id'),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  /** 'active' | 'onboarding' | 'paused' | 'cancelled' | 'prospect' (COMPANY_STATUSES) */
  status: text('status').notNull().default('active'),
  /** Replies and posts drafted by staff wait for the client's approval before they go out. */
  approvalRequired: boolean('approval_required').notNull().default(false),
  createdAt: createdAt(),
});

/** Everyone who signs in: clients, employees (`perm`), admins and trial leads. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** Null for an account created through a social provider and never given a password. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneExt: text('phone_ext'),
    perm: boolean('perm').notNull().default(false),
    admin: boolean('admin').notNull().default(false),
    lead: boolean('lead').notNull().default(false),
    /** Invited by staff and has not set a password yet (SPEC §3 `needsActivation`). */
    needsActivation: boolean('needs_activation').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** A user linked to a client company: one row per (user, company). */
function companyLink(name: string) {
  return pgTable(
    name,
    {
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      companyId: integer('company_id')
        .notNull()
        .references(() => clientCompanies.id, { onDelete: 'cascade' }),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
  );
}

/** A client user's membership of a client company. */
export const clientMembers = companyLink('client_members');

/** An employee assigned to look after a client company. */
export const employeeAssignments = companyLink('employee_assignments');

/**
 * Server sessions. Only the SHA-256 of the cookie's token is stored, so a copy of this
 * table signs nobody in.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authType: text('auth_type').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every sign-in attempt, kept for throttling and the live login reports. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    method: text('method').notNull(),
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_events_email_at_idx').on(t.email, t.at),
    index('sign_in_events_ip_at_idx').on(t.ip, t.at),
    index('sign_in_events_failures_idx').on(t.at).where(sql`outcome = 'bad_credentials'`),
  ],
);

/** A trial (freemium) lead's sign-up record: the lead creation payload of SPEC §3. */
export const leads = pgTable('leads', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  company: text('company').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number'),
  altPhoneNumber: text('alt_phone_number'),
  streetAddress: text('street_address'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  country: text('country'),
  webAddress: text('web_address'),
  createdAt: createdAt(),
});

/** A social identity linked to a user: found again by (provider, subject), never by email. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('social_accounts_user_idx').on(t.userId),
  ],
);

/**
 * A social sign-in in progress: PKCE verifier, nonce and state from the start until the
 * callback; then, when an existing account must confirm with its password, the identity
 * waiting to be linked (looked up by the hash of a one-time link token).
 */
export const oauthFlows = pgTable('oauth_flows', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  linkTokenHash: text('link_token_hash'),
  linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
  subject: text('subject'),
  email: text('email'),
  createdAt: createdAt(),
});
