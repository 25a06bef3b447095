import {
  type SupportReplyInput,
  type SupportRequest,
  type SupportRequestInput,
  type SupportRequestList,
  supportStatusSchema,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type {
  SupportRequestRow,
  SupportRequestsRepository,
  SupportStatusFilter,
} from './support-requests.repository';

const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

export function toSupportRequest(row: SupportRequestRow): SupportRequest {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    productId: row.productId,
    productSlug: row.productSlug,
    productName: row.productName,
    subject: row.subject,
    message: row.message,
    // Plain text column; anything unknown is treated as still needing an answer.
    status: supportStatusSchema.catch('open').parse(row.status),
    authorName: fullName(row.authorFirstName, row.authorLastName),
    reply: row.reply,
    repliedBy: fullName(row.replierFirstName, row.replierLastName),
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const isStaff = (principal: Principal) => principal.perm || principal.admin;
const noSuchRequest = () => notFound('No such support request.');

export interface SupportRequestsServiceDeps {
  repo: SupportRequestsRepository;
  events: EventPublisher;
  clock?: () => Date;
}

/**
 * Clients ask for help about one product; the employees assigned to the company (and
 * admins) answer and close. Every change is announced to the company's audience, which
 * reaches its members, its assigned employees and admins.
 */
export function createSupportRequestsService({
  repo,
  events,
  clock = () => new Date(),
}: SupportRequestsServiceDeps) {
  /** The route's productOf guard already ran; the service checks again, as every one does. */
  async function productOf(principal: Principal, productId: number) {
    const product = await repo.product(productId);
    if (!product) throw notFound('No such product.');
    if (!canAccessClient(principal, product.companyId)) throw accessDenied();
    return product;
  }

  async function read(requestId: number): Promise<SupportRequest> {
    const row = await repo.get(requestId);
    if (!row) throw noSuchRequest();
    return toSupportRequest(row);
  }

  function announce(request: SupportRequest, change: 'created' | 'replied' | 'status') {
    events.publish({
      type: 'support-request.changed',
      payload: {
        companyId: request.companyId,
        productId: request.productId,
        requestId: request.id,
        status: request.status,
        change,
      },
      audience: { client: request.companyId },
    });
  }

  return {
    async create(
      principal: Principal,
      productId: number,
      input: SupportRequestInput,
    ): Promise<SupportRequest> {
      const product = await productOf(principal, productId);
      const id = await repo.insert({
        companyId: product.companyId,
        productInstanceId: product.id,
        authorId: principal.userId,
        subject: input.subject,
        message: input.message,
      });
      const created = await read(id);
      announce(created, 'created');
      return created;
    },

    async listForProduct(principal: Principal, productId: number): Promise<SupportRequestList> {
      await productOf(principal, productId);
      // A product gathers few requests; the page shows them all (bounded all the same).
      const page = await repo.list({ productId }, 'all', { limit: 100, offset: 0 });
      return { items: page.items.map(toSupportRequest), total: page.total };
    },

    /** Staff: the requests of the companies they look after (admins: every company). */
    async listForStaff(
      principal: Principal,
      query: { status: SupportStatusFilter; limit: number; offset: number },
    ): Promise<SupportRequestList> {
      if (!isStaff(principal)) throw accessDenied();
      const companyIds = principal.admin ? null : principal.assignedTo;
      if (companyIds?.length === 0) return { items: [], total: 0 };
      const page = await repo.list({ companyIds }, query.status, query);
      return { items: page.items.map(toSupportRequest), total: page.total };
    },

    /**
     * Staff reply, close or reopen. A request of a company the caller does not look after
     * is "not found", so the answer says nothing about which ids exist.
     */
    async answer(
      principal: Principal,
      requestId: number,
      input: SupportReplyInput,
    ): Promise<SupportRequest> {
      if (!isStaff(principal)) throw accessDenied();
      const before = await repo.get(requestId);
      if (!before || !canAccessClient(principal, before.companyId)) throw noSuchRequest();
      const now = clock();
      const reply = input.reply ? input.reply : undefined;
      const statusChanged = input.status !== undefined && input.status !== before.status;
      // Closing a closed request (a second click, another tab) changes and announces nothing.
      if (reply === undefined && !statusChanged) return toSupportRequest(before);
      await repo.update(requestId, {
        ...(reply !== undefined && { reply, repliedBy: principal.userId, repliedAt: now }),
        ...(statusChanged && {
          status: input.status,
          closedAt: input.status === 'closed' ? now : null,
        }),
      });
      const after = await read(requestId);
      announce(after, reply !== undefined ? 'replied' : 'status');
      return after;
    },
  };
}

export type SupportRequestsService = ReturnType<typeof createSupportRequestsService>;
