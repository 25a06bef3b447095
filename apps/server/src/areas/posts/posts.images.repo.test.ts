import {
  GBP_POSTS_PEER_TOKEN,
  type RunningGbpPostsPeer,
  startGbpPostsPeer,
} from '@pinpoint/fake-vendors/gbp-posts-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedImages } from '../../kernel/db/schema';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import type { Principal } from '../../kernel/lib/access-policy';
import { createApprovalRequests } from '../../platform/approvals/approval-requests';
import { NO_EVENTS } from '../../platform/realtime/event-bus';
import type { StoredImageInfo, StoredImages } from '../../platform/stored-images/stored-images';
import { createVendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import { createOutboxRepository } from '../../platform/vendor-sync/outbox.repository';
import type { VendorSync } from '../../platform/vendor-sync/vendor-sync';
import { createGbpPostsLive } from '../../providers/google-business-profile/gbp-posts-live';
import type { TestDatabase } from '../../test/test-database';
import {
  createCatalogTestDatabase,
  createTestJobQueue,
  createTestVendorSync,
  WORKERS_OFF,
} from '../../test/test-services';
import { createPostsRepository } from './posts.repository';
import { createPostsService } from './posts.service';
import { createPostWrites, postMedia } from './posts.sync';
import { insertPostsRows, postBody } from './posts.test-setup';
import { createPostsSyncRepository } from './posts-sync.repository';

/**
 * A post's image: an upload must be the company's own, the browser gets our URL for it, and
 * a live vendor gets our signed public link (none without PUBLIC_URL). The stored images
 * module is another part of this issue: a small stand-in answers for it here.
 */
let database: TestDatabase;
let jobs: JobQueue;
let vendorSync: VendorSync;
let peer: RunningGbpPostsPeer;
const PIXEL = Buffer.from('89504e470d0a1a0a', 'hex');

// The posts service and write on this file's database, with the vendor frame (its queue
// takes jobs and runs none, as in the test app), without booting the app.
beforeAll(async () => {
  peer = await startGbpPostsPeer();
  database = await createCatalogTestDatabase();
  jobs = await createTestJobQueue(
    database,
    (queue) => {
      vendorSync = createTestVendorSync(database.db, queue);
    },
    { config: WORKERS_OFF },
  );
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await peer?.close();
});

const connectedLocation = (account: string, token: string) =>
  insertPostsRows(database.db, vendorSync.secrets, 'google-business-profile', account, token);

async function storedImageOf(companyId: number, tag: string): Promise<StoredImageInfo> {
  const [row] = await database.db
    .insert(storedImages)
    .values({
      companyId,
      contentType: 'image/png',
      bytes: PIXEL,
      byteSize: PIXEL.length,
      width: 1,
      height: 1,
      sha256: `posts-test-${tag}`,
    })
    .returning();
  if (!row) throw new Error('no image');
  const { bytes: _bytes, createdBy: _by, createdAt: _at, ...info } = row;
  return info;
}

function fakeImages(known: StoredImageInfo[]): StoredImages {
  return {
    store: async () => {
      throw new Error('not here');
    },
    info: async (id) => known.find((i) => i.id === id) ?? null,
    bytes: async () => null,
    browserUrl: (info) => `/api/test-images/${info.id}`,
    publicUrl: (id) => `https://pinpoint.example.com/api/test-images/${id}?sig=signed`,
  };
}

describe('post images', () => {
  it('takes an upload of the company only, and shows it from our own address', async () => {
    const f = await connectedLocation('accounts/81/locations/1', 'demo');
    const mine = await storedImageOf(f.companyId, 'mine');
    const theirs = await storedImageOf(f.companyId + 1, 'theirs');
    const db = database.db;
    const service = createPostsService({
      db,
      repo: createPostsRepository(db),
      outbox: createOutboxRepository(db),
      connections: createVendorConnectionsRepository(db),
      images: fakeImages([mine, theirs]),
      vendorSync,
      events: NO_EVENTS,
      approvals: createApprovalRequests(db, NO_EVENTS),
    });
    const [client] = await db.query.clientMembers.findMany({
      where: (m, { eq }) => eq(m.companyId, f.companyId),
    });
    const principal: Principal = {
      userId: client?.userId ?? 0,
      perm: false,
      admin: false,
      lead: false,
      memberOf: [f.companyId],
      assignedTo: [],
    };
    const refused = await service
      .create(principal, f.productId, 'google', postBody({ imageId: theirs.id }) as never)
      .catch((error: { statusCode: number; extra: { details: unknown } }) => error);
    expect(refused).toMatchObject({
      statusCode: 400,
      extra: { details: [expect.objectContaining({ path: 'body.imageId' })] },
    });
    const post = await service.create(
      principal,
      f.productId,
      'google',
      postBody({ imageId: mine.id }) as never,
    );
    expect(post).toMatchObject({ imageId: mine.id, imageUrl: `/api/test-images/${mine.id}` });
  });

  it('sends an upload to Google as our signed link, and refuses it without PUBLIC_URL', async () => {
    const f = await connectedLocation('accounts/81/locations/2', GBP_POSTS_PEER_TOKEN);
    const image = await storedImageOf(f.companyId, 'sent');
    const db = database.db;
    const repo = createPostsRepository(db);
    const { row: post } = await repo.insertOnce({
      companyId: f.companyId,
      connectionId: f.connectionId,
      source: 'google',
      summary: 'With our photo.',
      imageId: image.id,
      state: 'publishing',
    });
    const live = createGbpPostsLive({
      baseUrl: peer.base,
      timeoutMs: 2_000,
      recordCall: async () => {},
    });
    const writesWith = (publicUrl: string | null) =>
      createPostWrites({
        repo,
        syncRepo: createPostsSyncRepository(db),
        outbox: createOutboxRepository(db),
        providers: { google: live, facebook: live },
        events: NO_EVENTS,
        media: postMedia(fakeImages([image]), publicUrl),
      })[0];
    const connection = await createVendorConnectionsRepository(db).get(f.connectionId);
    if (!connection) throw new Error('no connection');
    const args = {
      row: { companyId: f.companyId } as never,
      payload: { postId: post.id },
      connection,
      access: { externalAccount: connection.externalAccount, accessToken: GBP_POSTS_PEER_TOKEN },
    };
    await expect(writesWith(null)?.send(args)).rejects.toThrow(/PUBLIC_URL/);
    expect(peer.writes).toHaveLength(0);
    await writesWith('https://pinpoint.example.com')?.send(args);
    expect(peer.writes[0]?.body).toMatchObject({
      media: [
        {
          mediaFormat: 'PHOTO',
          sourceUrl: `https://pinpoint.example.com/api/test-images/${image.id}?sig=signed`,
        },
      ],
    });
  });
});
