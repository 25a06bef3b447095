import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { productInstances } from './domain';
import { clientCompanies, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const productId = () =>
  integer('product_id')
    .notNull()
    .references(() => productInstances.id, { onDelete: 'cascade' });

/**
 * SEO Pro (dev-only, issue 21): a keyword's position in the organic results per day, as
 * the SEO provider reported it (null: not in the top 100 that day).
 */
export const seoKeywordPositions = pgTable(
  'seo_keyword_positions',
  {
    productId: productId(),
    keyword: text('keyword').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    position: integer('position'),
    /** The page of the client's site that ranked. */
    url: text('url'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.keyword, t.day] })],
);

/** SEO Pro: the client's pages that rank, per keyword, at the last sync. */
export const seoRankingPages = pgTable(
  'seo_ranking_pages',
  {
    productId: productId(),
    url: text('url').notNull(),
    keyword: text('keyword').notNull(),
    position: integer('position').notNull(),
    previousPosition: integer('previous_position'),
    syncedAt: at('synced_at').notNull(),
    /** Which provider answered ('demo', 'live'). */
    provider: text('provider').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.url, t.keyword] })],
);

/**
 * InSite blogs (dev-only): the posts the agency writes for clients' sites, moving
 * draft → in_review → scheduled → published (INSITE_BLOG_TRANSITIONS).
 */
export const insiteBlogPosts = pgTable(
  'insite_blog_posts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** INSITE_BLOG_STATES */
    state: text('state').notNull().default('draft'),
    body: text('body').notNull().default(''),
    scheduledFor: at('scheduled_for'),
    publishedAt: at('published_at'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('insite_blog_posts_company_idx').on(t.companyId, t.state),
    index('insite_blog_posts_state_idx').on(t.state, t.updatedAt),
  ],
);

/**
 * Why a product is on hold or paused, and since when (product_instances has the status
 * only). One row per held product; a product back to active keeps no row.
 */
export const productHolds = pgTable('product_holds', {
  productId: productId().primaryKey(),
  reason: text('reason').notNull(),
  since: date('since', { mode: 'string' }).notNull(),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
});
