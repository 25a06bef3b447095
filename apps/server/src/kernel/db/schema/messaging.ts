import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clientCompanies, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Messages kept instead of sent (DECISIONS "Messages to a client's customers"): with no
 * SMTP_URL an email lands here, with the demo SMS provider a text does. Staff read them on
 * the dev outbox page; nothing here was delivered to anyone, and no page says it was.
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'email' | 'sms' */
    channel: text('channel').notNull(),
    /** 'review-request' | 'account-activation' | 'password-reset' | … */
    purpose: text('purpose').notNull(),
    companyId: integer('company_id').references(() => clientCompanies.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** Headers as sent (List-Unsubscribe, Message-ID…). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_created_idx').on(t.createdAt)],
);

/**
 * Single-use links sent by email: account activation and password reset. Only the SHA-256
 * of the token is stored, so a copy of this table opens nothing.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'activation' | 'reset' */
    purpose: text('purpose').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);
