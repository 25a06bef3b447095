import { asc, eq, inArray } from 'drizzle-orm';
import {
  clientCompanies,
  clientMembers,
  notifications,
  outbox,
  posts,
  syncStates,
  users,
  vendorConnections,
} from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, type SeedContext } from '../../kernel/demo/seed-context';
import { createFbPostsDemo } from '../../providers/facebook-page/fb-posts-demo';
import { createGbpPostsDemo } from '../../providers/google-business-profile/gbp-posts-demo';
import type { PostsProvider } from '../../providers/kernel/posts-port';
import { loadDemoHints } from '../reviews';
import { approvalText } from './posts.input';
import { ownKey } from './posts.repository';
import { POST_WRITE_KINDS } from './posts.sync';
import { createPostsSyncRepository } from './posts-sync.repository';

const HOUR_MS = 3_600_000;

/**
 * 18 months of each demo location's and page's posts from the demo adapters, stored as the
 * sync stores them (same upsert, same cursor: the server's first sync adds only what came
 * after the seed), and a few of the agency's own in other states. The overview's seeded
 * activity already has its post lines (seed/activity.ts), so none are added here.
 */
export async function seedPosts(ctx: SeedContext, _products: SeededProduct[]) {
  const { tx } = ctx;
  const connections = await tx
    .select()
    .from(vendorConnections)
    .where(inArray(vendorConnections.vendor, ['google-business-profile', 'facebook-page']))
    .orderBy(asc(vendorConnections.id));
  if (connections.length === 0) return { posts: 0 };
  const hints = await loadDemoHints(tx);
  const options = { now: () => ctx.anchor, describe: (account: string) => hints.get(account) };
  const providers: Record<string, PostsProvider> = {
    'google-business-profile': createGbpPostsDemo(options),
    'facebook-page': createFbPostsDemo(options),
  };
  const repo = createPostsSyncRepository(tx);
  const states: (typeof syncStates.$inferInsert)[] = [];
  let total = 0;
  for (const connection of connections) {
    const provider = providers[connection.vendor];
    if (!provider) continue;
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    const source = connection.vendor === 'facebook-page' ? 'facebook' : 'google';
    let pageToken: string | null = null;
    let highWater = 0;
    let stored = 0;
    do {
      const page = await provider.listPosts(access, { pageToken, pageSize: 1000 });
      for (const post of page.posts) highWater = Math.max(highWater, post.updatedAt.getTime());
      stored += (await repo.upsertPage(tx, connection, source, page.posts)).written;
      pageToken = page.nextPageToken;
    } while (pageToken);
    const run = { state: 'idle', startedAt: ctx.anchor, finishedAt: ctx.anchor };
    states.push(
      {
        connectionId: connection.id,
        dataset: 'posts',
        cursor: highWater ? { highWater: new Date(highWater).toISOString() } : {},
        itemsSeen: stored,
        itemsWritten: stored,
        ...run,
      },
      {
        connectionId: connection.id,
        dataset: 'post-insights',
        cursor: { highWater: ctx.anchor.toISOString() },
        ...run,
      },
    );
    total += stored;
  }
  if (states.length > 0) await tx.insert(syncStates).values(states);
  return { posts: total + (await seedOwnPosts(ctx, connections)) };
}

type Connection = typeof vendorConnections.$inferSelect;

/** A draft, a scheduled post, a failed one and, where the client asks, one awaiting approval. */
async function seedOwnPosts(ctx: SeedContext, connections: Connection[]): Promise<number> {
  const { tx, anchor } = ctx;
  const people = await tx
    .select({ id: users.id, email: users.email, companyId: clientMembers.companyId })
    .from(users)
    .leftJoin(clientMembers, eq(clientMembers.userId, users.id))
    .where(
      inArray(users.email, [
        'client@demo.pinpoint.local',
        'owner@demo.pinpoint.local',
        'employee@demo.pinpoint.local',
      ]),
    );
  const staff = people.find((p) => p.email === 'employee@demo.pinpoint.local')?.id;
  const client = people.find((p) => p.email === 'client@demo.pinpoint.local');
  const [approving] = await tx
    .select({ id: clientCompanies.id, timeZone: clientCompanies.timeZone })
    .from(clientCompanies)
    .where(eq(clientCompanies.approvalRequired, true))
    .orderBy(asc(clientCompanies.id))
    .limit(1);
  if (!staff || !client?.companyId) return 0;
  const postsOf = (companyId: number | undefined) =>
    connections.find((c) => c.companyId === companyId && c.vendor === 'google-business-profile') ??
    connections.find((c) => c.companyId === companyId);
  const summit = postsOf(client.companyId);
  const bayside = postsOf(approving?.id);
  let made = 0;

  const add = async (
    connection: Connection,
    createdBy: number,
    key: string,
    post: Partial<typeof posts.$inferInsert> & { summary: string; state: string },
    write?: Partial<typeof outbox.$inferInsert> & { status: string },
  ) => {
    const createdAt = post.createdAt ?? new Date(anchor.getTime() - DAY_MS);
    const [row] = await tx
      .insert(posts)
      .values({
        companyId: connection.companyId,
        connectionId: connection.id,
        source: connection.vendor === 'facebook-page' ? 'facebook' : 'google',
        externalId: ownKey(createdBy, key),
        createdBy,
        ...post,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    made++;
    if (!row || !write) return row;
    const [written] = await tx
      .insert(outbox)
      .values({
        companyId: row.companyId,
        connectionId: row.connectionId,
        kind: POST_WRITE_KINDS.publish,
        idempotencyKey: `${POST_WRITE_KINDS.publish}:${createdBy}:${key}`,
        subjectType: 'post',
        subjectId: row.id,
        payload: { postId: row.id },
        createdBy,
        createdAt,
        updatedAt: createdAt,
        ...write,
      })
      .returning();
    return written ? { ...row, outboxId: written.id } : row;
  };

  if (summit) {
    await add(summit, client.id, 'seed-draft', {
      summary: 'Spring checklist: five things to look at before the busy season starts.',
      state: 'draft',
    });
    const at = new Date(anchor.getTime() + 3 * DAY_MS + 15 * HOUR_MS);
    await add(
      summit,
      staff,
      'seed-scheduled',
      {
        summary:
          'We are open this Saturday from 9 to 2. Call ahead and we will have your slot ready.',
        state: 'scheduled',
        scheduledFor: at,
        ctaType: summit.vendor === 'facebook-page' ? null : 'CALL',
      },
      { status: 'pending', sendAfter: at },
    );
    const reason =
      'Google Business Profile refused the request (HTTP 400: Request contains an invalid argument.).';
    await add(
      summit,
      staff,
      'seed-failed',
      {
        summary: 'Last call for our winter special: book by Friday.',
        state: 'failed',
        failureReason: reason,
        createdAt: new Date(anchor.getTime() - 2 * DAY_MS),
      },
      { status: 'failed', lastError: reason, attempts: 1 },
    );
  }
  if (bayside && approving) {
    const at = new Date(anchor.getTime() + 5 * DAY_MS + 14 * HOUR_MS);
    const summary =
      'New patients welcome! Book a cleaning this month and get a free electric toothbrush.';
    const row = await add(
      bayside,
      staff,
      'seed-approval',
      { summary, state: 'awaiting_approval', scheduledFor: at },
      { status: 'awaiting_approval', sendAfter: at },
    );
    if (row && 'outboxId' in row) {
      const source = bayside.vendor === 'facebook-page' ? 'facebook' : 'google';
      const text = approvalText(source, summary, at, approving.timeZone);
      await tx.insert(notifications).values({
        companyId: bayside.companyId,
        kind: 'post',
        ...text,
        state: 'pending',
        outboxId: row.outboxId,
        createdAt: new Date(anchor.getTime() - DAY_MS),
      });
    }
  }
  return made;
}
