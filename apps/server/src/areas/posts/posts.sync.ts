import type { PostState } from '@pinpoint/contracts';
import { instantToLocalDateTime } from '@pinpoint/contracts';
import { z } from 'zod';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { StoredImages } from '../../platform/stored-images/stored-images';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { defineOutboxWrite, type OutboxWriteDefinition } from '../../platform/vendor-sync/outbox';
import type { OutboxRepository, OutboxRow } from '../../platform/vendor-sync/outbox.repository';
import type {
  PostDraft,
  PostsProvider,
  VendorPost,
  VendorPostTopic,
} from '../../providers/kernel/posts-port';
import { VendorError } from '../../providers/kernel/vendor-errors';
import { atVendor, type NewPostRow, type PostRow, type PostsRepository } from './posts.repository';
import type { PostSourceName, PostsSyncRepository } from './posts-sync.repository';

export interface PostProviders {
  google: PostsProvider;
  facebook: PostsProvider;
}

export const POST_WRITE_KINDS = { publish: 'post.publish', delete: 'post.delete' } as const;

/** Google's list takes up to 100 a page, as does the Graph feed. */
const SOURCES = [
  { source: 'google', vendor: 'google-business-profile' },
  { source: 'facebook', vendor: 'facebook-page' },
] as const;

/** The insights sync refreshes the views and clicks of posts this recent. */
export const INSIGHTS_DAYS = 90;

export function postSourceOfVendor(vendor: string): PostSourceName | null {
  return SOURCES.find((s) => s.vendor === vendor)?.source ?? null;
}

export interface PostSyncDeps {
  repo: PostsRepository;
  syncRepo: PostsSyncRepository;
  outbox: OutboxRepository;
  providers: PostProviders;
  events: EventPublisher;
  /** How the provider can reach a post's image (our signed public link, or a vendor URL). */
  media(post: PostRow, provider: PostsProvider): PostDraft['media'];
}

/**
 * How a vendor reaches a post's image: an upload through our signed public link (the demo
 * takes it as it is; without PUBLIC_URL a live adapter refuses it with the reason), a
 * profile photo by its own URL.
 */
export function postMedia(
  images: Pick<StoredImages, 'publicUrl'> | null,
  publicUrl: string | null,
): PostSyncDeps['media'] {
  return (post, provider) => {
    if (post.imageId !== null) {
      if (provider.mode === 'demo' || !publicUrl || !images) return { imageId: post.imageId };
      return { url: images.publicUrl(post.imageId) };
    }
    return post.mediaUrl ? { url: post.mediaUrl } : null;
  };
}

export function announcePost(
  events: EventPublisher,
  companyId: number,
  postId: number | null,
  state: PostState | null,
) {
  events.publish({
    type: 'post.changed',
    payload: { companyId, postId, state },
    audience: { client: companyId },
  });
}

/**
 * The posts syncs, one pair per vendor: `posts` (hourly, newest change first, stops at the
 * last run's newest change) and `post-insights` (daily: the views and clicks of the last
 * INSIGHTS_DAYS days' posts, which grow without the post itself changing).
 */
export function createPostSyncs(deps: PostSyncDeps): SyncDefinition[] {
  const definitions: SyncDefinition[] = [];
  for (const { source, vendor } of SOURCES) {
    definitions.push(
      defineSync<VendorPost>({
        vendor,
        dataset: 'posts',
        everyMinutes: 60,
        fetchPage: async ({ access, signal }, pageToken) => {
          const page = await deps.providers[source].listPosts(
            access,
            { pageToken, pageSize: 100 },
            signal,
          );
          return { items: page.posts, nextPageToken: page.nextPageToken };
        },
        changedAt: (post) => post.updatedAt,
        writePage: (tx, connection, items) =>
          deps.syncRepo.upsertPage(tx, connection, source, items),
        afterRun: async (connection) => announcePost(deps.events, connection.companyId, null, null),
      }) as SyncDefinition,
      defineSync<{ post: VendorPost; seenAt: Date }>({
        vendor,
        dataset: 'post-insights',
        everyMinutes: 24 * 60,
        fetchPage: async ({ access, signal }, pageToken) => {
          const seenAt = new Date();
          const since = seenAt.getTime() - INSIGHTS_DAYS * 86_400_000;
          const page = await deps.providers[source].listPosts(
            access,
            { pageToken, pageSize: 100 },
            signal,
          );
          const recent = page.posts.filter((p) => p.createdAt.getTime() >= since);
          return {
            // Every item is "changed" as of this fetch: each run refreshes them all.
            items: recent.map((post) => ({ post, seenAt })),
            nextPageToken: recent.length < page.posts.length ? null : page.nextPageToken,
          };
        },
        changedAt: (item) => item.seenAt,
        writePage: async (tx, connection, items) => ({
          written: await deps.syncRepo.updateInsights(
            tx,
            connection.id,
            items.map((i) => i.post),
          ),
          createdIds: [],
        }),
      }) as SyncDefinition,
    );
  }
  return definitions;
}

const publishPayload = z.object({ postId: z.number().int() });
const deletePayload = z.object({ postId: z.number().int(), externalId: z.string() });
const publishedResult = z.object({
  externalId: z.string(),
  searchUrl: z.string().nullable(),
  publishedAt: z.string(),
  state: z.enum(['published', 'publishing']),
  mediaUrl: z.string().nullable(),
});

/** What a post's state becomes when its publish write moves (null: nothing to change). */
export function stateForWrite(row: OutboxRow, now = Date.now()): Partial<NewPostRow> | null {
  switch (row.status) {
    case 'awaiting_approval':
      return { state: 'awaiting_approval' };
    case 'pending':
      return row.sendAfter && row.sendAfter.getTime() > now
        ? { state: 'scheduled', scheduledFor: row.sendAfter }
        : { state: 'publishing' };
    case 'failed':
      return { state: 'failed', failureReason: row.lastError ?? 'The post could not be sent.' };
    case 'declined':
      return { state: 'declined', declineComment: row.lastError };
    default:
      // sent: applySent recorded it; cancelled: the service that withdrew it set the state.
      return null;
  }
}

/** Publishing and deleting posts, as outbox writes: one vendor call each, recorded when sent. */
export function createPostWrites(deps: PostSyncDeps): OutboxWriteDefinition[] {
  const providerOf = (connection: ConnectionRow) => {
    const source = postSourceOfVendor(connection.vendor);
    if (!source) throw new Error(`No posts provider for ${connection.vendor}`);
    return deps.providers[source];
  };

  async function follow(row: OutboxRow) {
    const post = await deps.repo.get(row.subjectId);
    if (!post || post.companyId !== row.companyId) return;
    let state = post.state as PostState;
    if (row.kind === POST_WRITE_KINDS.publish && post.state !== 'deleted') {
      // An edit may have replaced this write with another: only the latest one speaks.
      const latest = (await deps.outbox.forSubject('post', [post.id])).find(
        (r) => r.kind === POST_WRITE_KINDS.publish,
      );
      const changes = latest?.id === row.id ? stateForWrite(row) : null;
      if (changes) {
        const updated = await deps.repo.updateUnlessDone(post.id, changes);
        state = (updated?.state ?? state) as PostState;
      }
    }
    announcePost(deps.events, post.companyId, post.id, state);
  }

  return [
    defineOutboxWrite({
      kind: POST_WRITE_KINDS.publish,
      payload: publishPayload,
      send: async ({ row, payload, connection, access }) => {
        // Read at send time: edits until now count, and a post deleted meanwhile is not sent.
        const post = await deps.repo.get(payload.postId);
        if (!post || post.companyId !== row.companyId || post.state === 'deleted') {
          return { skipped: true };
        }
        if (atVendor(post)) return { skipped: true };
        const provider = providerOf(connection);
        const zone = await deps.syncRepo.timeZoneOf(post.companyId);
        const local = (at: Date | null) => (at ? instantToLocalDateTime(at, zone) : '');
        const draft: PostDraft = {
          topicType: post.topicType as VendorPostTopic,
          summary: post.summary,
          ctaType: post.ctaType,
          ctaUrl: post.ctaUrl,
          event:
            post.eventStart && post.eventEnd
              ? {
                  title: post.eventTitle ?? '',
                  start: local(post.eventStart),
                  end: local(post.eventEnd),
                }
              : null,
          offer: post.offer,
          media: deps.media(post, provider),
        };
        const published = await provider.createPost(access, draft);
        return { ...published, publishedAt: published.publishedAt.toISOString() };
      },
      applySent: async (tx, _row, payload, result) => {
        const sent = publishedResult.safeParse(result);
        if (!sent.success) return;
        await deps.syncRepo.applyPublished(tx, payload.postId, {
          ...sent.data,
          publishedAt: new Date(sent.data.publishedAt),
        });
      },
      onChange: follow,
    }),
    defineOutboxWrite({
      kind: POST_WRITE_KINDS.delete,
      payload: deletePayload,
      send: async ({ payload, connection, access }) => {
        try {
          await providerOf(connection).deletePost(access, payload.externalId);
        } catch (error) {
          // Already gone at the vendor (deleted there, or by an earlier attempt): done.
          if (!(error instanceof VendorError && error.code === 'not_found')) throw error;
        }
        return {};
      },
      applySent: (tx, _row, payload) => deps.syncRepo.applyDeleted(tx, payload.postId),
      onChange: follow,
    }),
  ];
}
