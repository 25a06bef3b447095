import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, outbox, posts } from '../../kernel/db/schema';
import type { SecretBox } from '../../kernel/lib/secret-box';
import {
  callAs,
  insertReviewsRows,
  type ReviewsFixture,
  type ReviewsRows,
  reviewsFixture,
} from '../reviews/reviews.test-setup';

export { callAs };

export interface PostsFixture extends ReviewsFixture {
  /** `/api/uni/products/socialposts/{productId}` or `…/facebook/{productId}`. */
  base: string;
}

/** The posts fixture's company settings (America/Chicago, approval on or off). */
async function postsCompany(db: Db, companyId: number, approvalRequired = false) {
  await db
    .update(clientCompanies)
    .set({ timeZone: 'America/Chicago', approvalRequired })
    .where(eq(clientCompanies.id, companyId));
}

/** The rows of postsFixture (no app, no cookies): the reviews rows in America/Chicago. */
export async function insertPostsRows(
  db: Db,
  secrets: SecretBox,
  vendor: 'google-business-profile' | 'facebook-page',
  account: string,
  token: string,
  options: { approvalRequired?: boolean } = {},
): Promise<ReviewsRows> {
  const rows = await insertReviewsRows(db, secrets, vendor, account, token);
  await postsCompany(db, rows.companyId, options.approvalRequired);
  return rows;
}

/**
 * A company in America/Chicago with one connected location or page and a product showing
 * its posts (the reviews fixture, which builds the same), its client, an outsider and an
 * assigned employee.
 */
export async function postsFixture(
  app: FastifyInstance,
  vendor: 'google-business-profile' | 'facebook-page',
  account: string,
  token: string,
  options: { approvalRequired?: boolean } = {},
): Promise<PostsFixture> {
  const fixture = await reviewsFixture(app, vendor, account, token);
  await postsCompany(app.database.db, fixture.companyId, options.approvalRequired);
  const root = '/api/uni/products/socialposts';
  return {
    ...fixture,
    base:
      vendor === 'facebook-page'
        ? `${root}/facebook/${fixture.productId}`
        : `${root}/${fixture.productId}`,
  };
}

let keys = 0;
/** A fresh idempotency key per compose session. */
export const newKey = () => `test-key-${++keys}-${Date.now()}`;

/** A post body with the defaults the form would send. */
export function postBody(overrides: Record<string, unknown> = {}) {
  return {
    topicType: 'STANDARD',
    summary: 'Spring tune-ups are here: book yours this week.',
    ctaType: null,
    ctaUrl: null,
    event: null,
    offer: null,
    imageId: null,
    mediaUrl: null,
    action: 'draft',
    scheduledFor: null,
    idempotencyKey: newKey(),
    ...overrides,
  };
}

/** The post's publish (or delete) writes, newest first. */
export async function writesOf(app: FastifyInstance, postId: number) {
  const rows = await app.database.db.select().from(outbox).where(eq(outbox.subjectId, postId));
  return rows.filter((r) => r.subjectType === 'post').sort((a, b) => b.id - a.id);
}

export async function postRow(app: FastifyInstance, postId: number) {
  const [row] = await app.database.db.select().from(posts).where(eq(posts.id, postId));
  return row;
}

/** Moves a waiting write's time (and its post's) as if the clock had moved on. */
export async function moveSendTime(app: FastifyInstance, outboxId: number, at: Date) {
  const [row] = await app.database.db
    .update(outbox)
    .set({ sendAfter: at })
    .where(eq(outbox.id, outboxId))
    .returning();
  if (row) {
    await app.database.db
      .update(posts)
      .set({ scheduledFor: at })
      .where(eq(posts.id, row.subjectId));
  }
}

/** A local date-time in America/Chicago `minutes` from now, as the form gives it. */
export function chicagoIn(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}
