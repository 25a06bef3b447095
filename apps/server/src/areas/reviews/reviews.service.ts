import {
  type ReviewDetail,
  type ReviewList,
  type ReviewReplyInput,
  type ReviewSummary,
  rangeInstants,
  type reviewListQuerySchema,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { AppError, accessDenied, conflict, notFound } from '../../kernel/lib/app-error';
import type { ApprovalRequests } from '../../platform/approvals/approval-requests';
import { rangeTimeZone } from '../../platform/product-access/company-time-zone';
import { productAccess, withSubPage } from '../../platform/product-access/product-access';
import type { VendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import { toConnectionView } from '../../platform/vendor-connections/vendor-connections.service';
import type {
  NewOutboxRow,
  OutboxRepository,
  OutboxRow,
} from '../../platform/vendor-sync/outbox.repository';
import type { LlmProvider } from '../../providers/llm/port';
import type { ReviewFilters, ReviewScope, ReviewsRepository } from './reviews.repository';
import { REVIEW_WRITE_KINDS } from './reviews.sync';
import { toReplyWrite, toReview } from './reviews.view';

type ListQuery = z.output<typeof reviewListQuerySchema>;

export interface ReviewsServiceDeps {
  db: Db;
  repo: ReviewsRepository;
  outbox: OutboxRepository;
  connections: VendorConnectionsRepository;
  llm: LlmProvider;
  /** Asks the client to approve a staff reply held for them. */
  approvals: ApprovalRequests;
  enqueueWrite(row: NewOutboxRow): Promise<{ row: OutboxRow; created: boolean }>;
}

/** A scope of reviews and which product each connection's reviews are shown under. */
interface Scoped {
  scope: ReviewScope;
  productOf(connectionId: number): { id: number; slug: string };
  timeZone: string;
  companyName: string;
  approvalRequired: boolean;
}

const isStaff = (p: Principal) => p.perm || p.admin;

/** Reviews of a product or a company: reads from our tables; replies go through the outbox. */
export function createReviewsService(deps: ReviewsServiceDeps) {
  const { repo } = deps;

  async function companyOf(companyId: number) {
    const company = await repo.company(companyId);
    if (!company) throw notFound('No such client.');
    return company;
  }

  async function productScope(principal: Principal, productId: number): Promise<Scoped> {
    const { product } = await productAccess(deps.db, principal, productId, {
      accepts: withSubPage('reviews'),
      noReport: 'This product has no reviews.',
    });
    const company = await companyOf(product.companyId);
    return {
      scope: {
        companyId: product.companyId,
        connectionIds: product.connectionId ? [product.connectionId] : [],
      },
      productOf: () => ({ id: product.id, slug: product.slug }),
      timeZone: company.timeZone,
      companyName: company.name,
      approvalRequired: company.approvalRequired,
    };
  }

  async function companyScope(principal: Principal, companyId: number): Promise<Scoped> {
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    const company = await companyOf(companyId);
    const products = await repo.reviewProducts(companyId);
    const byConnection = new Map<number, { id: number; slug: string }>();
    for (const p of products) {
      if (p.connectionId && !byConnection.has(p.connectionId)) byConnection.set(p.connectionId, p);
    }
    const fallback = products[0] ?? { id: 0, slug: '' };
    return {
      scope: { companyId, connectionIds: [...byConnection.keys()] },
      productOf: (connectionId) => byConnection.get(connectionId) ?? fallback,
      timeZone: company.timeZone,
      companyName: company.name,
      approvalRequired: company.approvalRequired,
    };
  }

  function filtersOf(query: Partial<ListQuery>, timeZone: string): ReviewFilters {
    return {
      stars: query.stars?.split(',').map(Number),
      replied: query.replied,
      q: query.q || undefined,
      range:
        query.from && query.to
          ? rangeInstants({ from: query.from, to: query.to }, rangeTimeZone(query.tz, timeZone))
          : undefined,
    };
  }

  async function writesOf(reviewIds: number[]) {
    const rows = await deps.outbox.forSubject('review', reviewIds);
    const names = await repo.userNames([
      ...new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy]))),
    ]);
    return rows.map((row) => ({ row, view: toReplyWrite(row, names) }));
  }

  async function list(scoped: Scoped, query: ListQuery): Promise<ReviewList> {
    const { items, total } = await repo.list(
      scoped.scope,
      filtersOf(query, scoped.timeZone),
      query.sort,
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    const ids = items.map((r) => r.id);
    const [writes, requested] = await Promise.all([writesOf(ids), repo.fromRequests(ids)]);
    return {
      items: items.map((row) =>
        toReview(
          row,
          scoped.productOf(row.connectionId),
          writes.find((w) => w.row.subjectId === row.id)?.view ?? null,
          requested.has(row.id),
        ),
      ),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async function summary(scoped: Scoped, query: Partial<ListQuery>): Promise<ReviewSummary> {
    const { range } = filtersOf(query, scoped.timeZone);
    const zone = rangeTimeZone(query.tz, scoped.timeZone);
    const [totals, months, connections] = await Promise.all([
      repo.summary(scoped.scope, range),
      repo.months(scoped.scope, zone, range),
      deps.connections.listForCompany(scoped.scope.companyId),
    ]);
    const inScope = connections.filter(({ connection }) =>
      scoped.scope.connectionIds?.includes(connection.id),
    );
    return {
      count: totals.count,
      average: totals.average,
      distribution: totals.distribution,
      recommendations: { positive: totals.positive, negative: totals.negative },
      responseRate: totals.count ? totals.replied / totals.count : null,
      medianReplyMinutes: totals.medianReplyMinutes,
      months,
      connections: inScope.map(({ connection, syncs }) =>
        toConnectionView(connection, syncs, false),
      ),
    };
  }

  async function reviewIn(scoped: Scoped, reviewId: number) {
    const review = await repo.get(reviewId);
    if (
      !review ||
      review.companyId !== scoped.scope.companyId ||
      !scoped.scope.connectionIds?.includes(review.connectionId)
    ) {
      throw notFound('No such review.');
    }
    return review;
  }

  async function write(
    principal: Principal,
    productId: number,
    reviewId: number,
    kind: string,
    input: { idempotencyKey: string; text?: string },
  ) {
    const scoped = await productScope(principal, productId);
    const review = await reviewIn(scoped, reviewId);
    if (kind === REVIEW_WRITE_KINDS.deleteReply && review.replyText === null) {
      throw conflict('This review has no reply to delete.');
    }
    // Staff's replies wait for the client where the client asked to approve them.
    const waits = isStaff(principal) && scoped.approvalRequired;
    const { row, created } = await deps.enqueueWrite({
      companyId: review.companyId,
      connectionId: review.connectionId,
      kind,
      // Keys are per user, so two people cannot collide on one by chance.
      idempotencyKey: `${kind}:${principal.userId}:${input.idempotencyKey}`,
      subjectType: 'review',
      subjectId: review.id,
      payload: { reviewId: review.id, ...(input.text !== undefined && { text: input.text }) },
      status: waits ? 'awaiting_approval' : 'pending',
      createdBy: principal.userId,
    });
    if (!created && (row.subjectId !== review.id || row.kind !== kind)) {
      throw conflict('This request key was already used for something else.');
    }
    if (created && waits) {
      await deps.approvals.request({
        companyId: review.companyId,
        kind: 'review_reply',
        outboxId: row.id,
        title:
          kind === REVIEW_WRITE_KINDS.reply
            ? `Approve a reply to ${review.reviewerName}'s review`
            : `Approve deleting the reply to ${review.reviewerName}'s review`,
        body: input.text ?? '',
      });
    }
    const names = await repo.userNames([principal.userId]);
    return { write: toReplyWrite(row, names) };
  }

  return {
    productList: async (p: Principal, productId: number, q: ListQuery) =>
      list(await productScope(p, productId), q),
    productSummary: async (p: Principal, productId: number, q: Partial<ListQuery>) =>
      summary(await productScope(p, productId), q),
    companyList: async (p: Principal, companyId: number, q: ListQuery) =>
      list(await companyScope(p, companyId), q),
    companySummary: async (p: Principal, companyId: number, q: Partial<ListQuery>) =>
      summary(await companyScope(p, companyId), q),

    async detail(principal: Principal, productId: number, reviewId: number): Promise<ReviewDetail> {
      const scoped = await productScope(principal, productId);
      const review = await reviewIn(scoped, reviewId);
      const history = (await writesOf([review.id])).map((w) => w.view);
      const requested = await repo.fromRequests([review.id]);
      return {
        review: toReview(
          review,
          scoped.productOf(review.connectionId),
          history[0] ?? null,
          requested.has(review.id),
        ),
        history,
        approvalRequired: scoped.approvalRequired,
      };
    },

    reply: (p: Principal, productId: number, reviewId: number, input: ReviewReplyInput) =>
      write(p, productId, reviewId, REVIEW_WRITE_KINDS.reply, input),
    deleteReply: (p: Principal, productId: number, reviewId: number, key: string) =>
      write(p, productId, reviewId, REVIEW_WRITE_KINDS.deleteReply, { idempotencyKey: key }),

    /** A suggestion from the LLM provider, from this review and this business only. */
    async draft(principal: Principal, productId: number, reviewId: number) {
      const scoped = await productScope(principal, productId);
      const review = await reviewIn(scoped, reviewId);
      try {
        const text = await deps.llm.draftReviewReply({
          businessName: scoped.companyName,
          reviewerName: review.reviewerName,
          rating: review.rating,
          recommendation:
            review.recommendation === 'positive' || review.recommendation === 'negative'
              ? review.recommendation
              : null,
          comment: review.comment,
          source: review.source === 'facebook' ? 'facebook' : 'google',
        });
        return { text, provider: deps.llm.name };
      } catch {
        throw new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          'The drafting service did not answer. Write the reply yourself, or try again.',
        );
      }
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
