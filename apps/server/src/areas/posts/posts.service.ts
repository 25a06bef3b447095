import {
  POST_STATES,
  type Post,
  type PostDetail,
  type PostList,
  type PostSource,
  type postListQuerySchema,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { badRequest, conflict, notFound } from '../../kernel/lib/app-error';
import type { ApprovalRequests } from '../../platform/approvals/approval-requests';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { StoredImages } from '../../platform/stored-images/stored-images';
import type { VendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import { toConnectionView } from '../../platform/vendor-connections/vendor-connections.service';
import type { OutboxRepository, OutboxRow } from '../../platform/vendor-sync/outbox.repository';
import type { VendorSync } from '../../platform/vendor-sync/vendor-sync.plugin';
import { approvalText, checkPostInput, type PostInputData } from './posts.input';
import {
  atVendor,
  type NewPostRow,
  ownKey,
  type PostRow,
  type PostsRepository,
} from './posts.repository';
import { createPostScopes, type ProductScoped, type Scoped } from './posts.scope';
import { announcePost, POST_WRITE_KINDS } from './posts.sync';
import { EDITABLE_STATES, toPost, toPostWrite } from './posts.view';

type ListQuery = z.output<typeof postListQuerySchema>;

export interface PostsServiceDeps {
  db: Db;
  repo: PostsRepository;
  outbox: OutboxRepository;
  connections: VendorConnectionsRepository;
  /** Null until stored images exist in this build: posts then take no uploads. */
  images: StoredImages | null;
  vendorSync: Pick<VendorSync, 'enqueueWrite' | 'amend'>;
  events: EventPublisher;
  /** Asks the client to approve a staff post held for them. */
  approvals: ApprovalRequests;
  clock?: () => Date;
}

const isStaff = (p: Principal) => p.perm || p.admin;
const TOO_LATE = 'It is being published now; it can no longer be changed.';

/** Posts of a product or a company: read from our tables; published through the outbox. */
export function createPostsService(deps: PostsServiceDeps) {
  const { repo } = deps;
  const clock = deps.clock ?? (() => new Date());
  const { productScope, companyScope } = createPostScopes(deps);

  async function present(scoped: Scoped, rows: PostRow[]): Promise<Post[]> {
    const names = await repo.userNames([
      ...new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy]))),
    ]);
    const context = {
      timeZone: scoped.timeZone,
      names,
      imageUrl: (id: number, companyId: number) =>
        deps.images ? deps.images.browserUrl({ id, companyId }) : null,
      now: clock().getTime(),
    };
    return rows.map((row) => toPost(row, scoped.productOf(row.connectionId), context));
  }

  async function list(principal: Principal, scoped: Scoped, query: ListQuery): Promise<PostList> {
    const states = query.state?.split(',');
    const unknown = states?.filter((s) => !(POST_STATES as readonly string[]).includes(s));
    if (unknown?.length) {
      throw badRequest('Check the highlighted fields.', [
        { path: 'querystring.state', message: `Unknown state: ${unknown.join(', ')}.` },
      ]);
    }
    const [{ items, total }, stateCounts, connections] = await Promise.all([
      repo.list(scoped.scope, { states, topic: query.topic, q: query.q || undefined }, query.sort, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      }),
      repo.stateCounts(scoped.scope),
      deps.connections.listForCompany(scoped.scope.companyId),
    ]);
    return {
      items: await present(scoped, items),
      total,
      page: query.page,
      pageSize: query.pageSize,
      stateCounts,
      timeZone: scoped.timeZone,
      approvalRequired: scoped.approvalRequired,
      connections: connections
        .filter(({ connection }) => scoped.scope.connectionIds.includes(connection.id))
        .map(({ connection, syncs }) => toConnectionView(connection, syncs, isStaff(principal))),
    };
  }

  async function postIn(scoped: Scoped, postId: number): Promise<PostRow> {
    const post = await repo.get(postId);
    if (
      !post ||
      post.companyId !== scoped.scope.companyId ||
      !scoped.scope.connectionIds.includes(post.connectionId)
    ) {
      throw notFound('No such post.');
    }
    return post;
  }

  /** The publish write that may still change (awaiting approval, or pending), if any. */
  async function liveWrite(postId: number): Promise<OutboxRow | null> {
    const rows = await deps.outbox.forSubject('post', [postId]);
    return (
      rows.find(
        (r) =>
          r.kind === POST_WRITE_KINDS.publish &&
          (r.status === 'awaiting_approval' || r.status === 'pending'),
      ) ?? null
    );
  }

  async function connectionFor(scoped: ProductScoped) {
    const id = scoped.product.connectionId;
    const connection = id ? await deps.connections.get(id) : null;
    if (!connection || connection.status === 'disconnected') {
      throw conflict(
        'No account is connected for this product yet: the agency connects it on the company profile.',
      );
    }
    return connection;
  }

  async function checkImage(companyId: number, imageId: number | null) {
    if (imageId === null) return;
    const info = deps.images ? await deps.images.info(imageId) : null;
    if (!info || info.companyId !== companyId) {
      throw badRequest('Check the highlighted fields.', [
        { path: 'body.imageId', message: 'Choose an image uploaded for this company.' },
      ]);
    }
  }

  /** Queues the post's publish write; the post's state is set before, so the job cannot race it. */
  async function queuePublish(
    principal: Principal,
    post: PostRow,
    key: string,
    sendAfter: Date | null,
    waits: boolean,
    scoped: Scoped,
    source: PostSource,
  ) {
    const { row, created } = await deps.vendorSync.enqueueWrite({
      companyId: post.companyId,
      connectionId: post.connectionId,
      kind: POST_WRITE_KINDS.publish,
      // Keys are per user, so two people cannot collide on one by chance.
      idempotencyKey: `${POST_WRITE_KINDS.publish}:${principal.userId}:${key}`,
      subjectType: 'post',
      subjectId: post.id,
      payload: { postId: post.id },
      status: waits ? 'awaiting_approval' : 'pending',
      sendAfter,
      createdBy: principal.userId,
    });
    if (!created && row.subjectId !== post.id) {
      throw conflict('This request key was already used for another post.');
    }
    if (created && waits) {
      const text = approvalText(source, post.summary, sendAfter, scoped.timeZone);
      await deps.approvals.request({
        companyId: post.companyId,
        kind: 'post',
        outboxId: row.id,
        title: text.title,
        body: text.body,
      });
    }
  }

  const stateOf = (input: PostInputData, waits: boolean, sendAfter: Date | null) =>
    input.action === 'draft'
      ? 'draft'
      : waits
        ? 'awaiting_approval'
        : sendAfter
          ? 'scheduled'
          : 'publishing';

  async function create(
    principal: Principal,
    productId: number,
    source: PostSource,
    input: PostInputData,
  ): Promise<Post> {
    const scoped = await productScope(principal, productId, source);
    const connection = await connectionFor(scoped);
    const { fields, sendAfter } = checkPostInput(source, input, {
      timeZone: scoped.timeZone,
      now: clock(),
    });
    // A resent create: the post its key made, published or not.
    const earlier = await repo.writeByKey(
      `${POST_WRITE_KINDS.publish}:${principal.userId}:${input.idempotencyKey}`,
    );
    const known = earlier?.subjectType === 'post' ? await repo.get(earlier.subjectId) : null;
    if (known && known.companyId === scoped.scope.companyId) {
      return (await present(scoped, [known]))[0] as Post;
    }
    await checkImage(connection.companyId, fields.imageId ?? null);
    // Staff's posts wait for the client where the client asked to approve them.
    const waits = input.action !== 'draft' && isStaff(principal) && scoped.approvalRequired;
    const { row, created } = await repo.insertOnce({
      companyId: connection.companyId,
      connectionId: connection.id,
      source,
      externalId: ownKey(principal.userId, input.idempotencyKey),
      ...fields,
      state: stateOf(input, waits, sendAfter),
      scheduledFor: sendAfter,
      createdBy: principal.userId,
    });
    if (created && input.action !== 'draft') {
      await queuePublish(principal, row, input.idempotencyKey, sendAfter, waits, scoped, source);
    }
    announcePost(deps.events, row.companyId, row.id, row.state as Post['state']);
    return (await present(scoped, [(await repo.get(row.id)) ?? row]))[0] as Post;
  }

  async function edit(
    principal: Principal,
    productId: number,
    postId: number,
    source: PostSource,
    input: PostInputData,
  ): Promise<Post> {
    const scoped = await productScope(principal, productId, source);
    const post = await postIn(scoped, postId);
    if (post.state === 'deleted') throw notFound('No such post.');
    if (post.state === 'published' || atVendor(post)) {
      throw conflict('A published post cannot be changed. Delete it and publish a new one.');
    }
    if (!EDITABLE_STATES.has(post.state)) throw conflict(TOO_LATE);
    const { fields, sendAfter } = checkPostInput(source, input, {
      timeZone: scoped.timeZone,
      now: clock(),
    });
    await checkImage(post.companyId, fields.imageId ?? null);
    const waits = input.action !== 'draft' && isStaff(principal) && scoped.approvalRequired;
    const wanted = input.action === 'draft' ? null : waits ? 'awaiting_approval' : 'pending';
    const writes = (await deps.outbox.forSubject('post', [post.id])).filter(
      (r) => r.kind === POST_WRITE_KINDS.publish,
    );
    const live = writes.find((r) => r.status === 'awaiting_approval' || r.status === 'pending');
    const keep = live !== undefined && live.status === wanted;
    if (live) {
      // Still waiting, 30 s or more from its time? Then no send can start while we change
      // the post (a kept write's payload only names the post, so the row is the edit).
      const waiting = keep
        ? await deps.vendorSync.amend(live.id, {})
        : await deps.vendorSync.amend(live.id, { cancel: true });
      if (!waiting) throw conflict(TOO_LATE);
      if (!keep) await repo.withdrawApproval(live.id);
    }
    const changes: Partial<NewPostRow> = {
      ...fields,
      state: stateOf(input, waits, sendAfter),
      scheduledFor: sendAfter,
      failureReason: null,
      declineComment: null,
    };
    const updated = (await repo.updateUnlessDone(post.id, changes)) ?? post;
    if (keep && live) {
      // Moved to its new time (now: queued at once) only after the post holds the edit.
      await deps.vendorSync.amend(live.id, { sendAfter });
      if (waits) {
        const text = approvalText(source, updated.summary, sendAfter, scoped.timeZone);
        await repo.updateApproval(live.id, text.title, text.body);
      }
    } else if (wanted) {
      // A resent edit finds its write live above; a new attempt after a failure gets its own key.
      const key = `${input.idempotencyKey}:${writes.length}`;
      await queuePublish(principal, updated, key, sendAfter, waits, scoped, source);
    }
    announcePost(deps.events, post.companyId, post.id, updated.state as Post['state']);
    return (await present(scoped, [(await repo.get(post.id)) ?? updated]))[0] as Post;
  }

  async function remove(
    principal: Principal,
    productId: number,
    postId: number,
    source: PostSource,
    key: string,
  ): Promise<Post> {
    const scoped = await productScope(principal, productId, source);
    const post = await postIn(scoped, postId);
    if (post.state !== 'deleted') {
      if (atVendor(post)) {
        // At the vendor: a delete write; the post stays until the vendor has deleted it.
        await deps.vendorSync.enqueueWrite({
          companyId: post.companyId,
          connectionId: post.connectionId,
          kind: POST_WRITE_KINDS.delete,
          idempotencyKey: `${POST_WRITE_KINDS.delete}:${principal.userId}:${key}`,
          subjectType: 'post',
          subjectId: post.id,
          payload: { postId: post.id, externalId: post.externalId },
          status: 'pending',
          createdBy: principal.userId,
        });
      } else {
        if (post.state === 'publishing') throw conflict(TOO_LATE);
        const live = await liveWrite(post.id);
        if (live) {
          if (!(await deps.vendorSync.amend(live.id, { cancel: true }))) throw conflict(TOO_LATE);
          await repo.withdrawApproval(live.id);
        }
        await repo.update(post.id, { state: 'deleted' });
      }
      announcePost(deps.events, post.companyId, post.id, 'deleted');
    }
    return (await present(scoped, [(await repo.get(post.id)) ?? post]))[0] as Post;
  }

  return {
    productList: async (p: Principal, productId: number, source: PostSource, q: ListQuery) =>
      list(p, await productScope(p, productId, source), q),
    companyList: async (p: Principal, companyId: number, q: ListQuery) =>
      list(p, await companyScope(p, companyId), q),

    async detail(
      principal: Principal,
      productId: number,
      postId: number,
      source: PostSource,
    ): Promise<PostDetail> {
      const scoped = await productScope(principal, productId, source);
      const post = await postIn(scoped, postId);
      const rows = await deps.outbox.forSubject('post', [post.id]);
      const names = await repo.userNames([
        ...new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy]))),
      ]);
      return {
        post: (await present(scoped, [post]))[0] as Post,
        writes: rows.map((row) => toPostWrite(row, names)),
        timeZone: scoped.timeZone,
      };
    },

    create,
    edit,
    remove,
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
