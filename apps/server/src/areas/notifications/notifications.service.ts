import {
  type Notification,
  type NotificationDecision,
  type NotificationList,
  type NotificationState,
  type NotificationsReadResponse,
  notificationStateSchema,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, conflict, notFound } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

export const NOTIFICATION_NOT_FOUND = 'No such notification.';

/** The column is plain text; a state this version does not know reads as plain information. */
function stateOf(value: string): NotificationState {
  const parsed = notificationStateSchema.safeParse(value);
  return parsed.success ? parsed.data : 'info';
}

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind,
    title: row.title,
    body: row.body,
    state: stateOf(row.state),
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    actedAt: row.actedAt?.toISOString() ?? null,
    actedBy:
      row.actedBy === null ? null : { id: row.actedBy, name: row.actorName ?? 'A former user' },
  };
}

/** "2025-03-12 14:05 UTC": unambiguous in a message whatever the reader's time zone. */
function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Why a notification cannot be decided, in words the user can act on. */
function notDecidableMessage(row: NotificationRow): string {
  const state = stateOf(row.state);
  if (state === 'info')
    return 'This notification is for information only; there is nothing to approve.';
  const who = row.actedBy === null ? 'someone' : (row.actorName ?? 'a former user');
  const when = row.actedAt ? ` on ${formatUtc(row.actedAt)}` : '';
  return `This request was already ${state} by ${who}${when}.`;
}

export interface NotificationsServiceDeps {
  repo: NotificationsRepository;
  events: EventPublisher;
  clock?: () => Date;
  /**
   * A decided approval that holds a vendor write (`outbox_id`): release or drop the write;
   * a decline's comment goes with it, back to whoever wrote it.
   */
  onWriteDecided?: (
    outboxId: number,
    decision: NotificationDecision,
    userId: number,
    comment?: string,
  ) => Promise<unknown>;
}

/** A client's notifications: the bell's list, approvals with who and when, read marks. */
export function createNotificationsService({
  repo,
  events,
  clock = () => new Date(),
  onWriteDecided,
}: NotificationsServiceDeps) {
  /** The route's `clientOf` guard already ran; the service checks again, as every service does. */
  async function requireCompany(principal: Principal, companyId: number): Promise<void> {
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    if (!(await repo.companyExists(companyId))) throw notFound('No such client.');
  }

  return {
    async list(
      principal: Principal,
      companyId: number,
      filter: { limit: number; offset: number; pending?: 'true' | 'false' },
    ): Promise<NotificationList> {
      await requireCompany(principal, companyId);
      const page = await repo.list({
        companyId,
        pendingOnly: filter.pending === 'true',
        limit: filter.limit,
        offset: filter.offset,
      });
      return {
        ...page,
        items: page.items.map(toNotification),
        limit: filter.limit,
        offset: filter.offset,
      };
    },

    /**
     * Approves or declines a pending notification. The route only knows the caller is
     * signed in: a notification they may not see answers exactly like a missing one (404),
     * so its id cannot be probed. Two deciders at once get one 200 and one 409.
     */
    async decide(
      principal: Principal,
      notificationId: number,
      decision: NotificationDecision,
      comment?: string,
    ): Promise<Notification> {
      const existing = await repo.findById(notificationId);
      if (!existing || !canAccessClient(principal, existing.companyId)) {
        throw notFound(NOTIFICATION_NOT_FOUND);
      }
      if (existing.state !== 'pending') throw conflict(notDecidableMessage(existing));
      // A reply or post that staff drafted waits for the client: staff cannot approve their own.
      if (existing.outboxId !== null && !principal.memberOf.includes(existing.companyId)) {
        throw accessDenied('Only the client can approve this.');
      }

      const decided = await repo.decide(notificationId, decision, principal.userId, clock());
      if (!decided) {
        // Someone else decided between our read and our update: say who.
        const now = await repo.findById(notificationId);
        if (!now) throw notFound(NOTIFICATION_NOT_FOUND);
        throw conflict(notDecidableMessage(now));
      }
      if (decided.outboxId !== null) {
        await onWriteDecided?.(decided.outboxId, decision, principal.userId, comment);
      }
      const actorName = await repo.userName(principal.userId);
      const result = toNotification({ ...decided, actorName });
      events.publish({
        type: 'notification.changed',
        payload: {
          id: result.id,
          companyId: result.companyId,
          state: result.state,
          actedAt: result.actedAt,
          actedBy: result.actedBy?.name ?? null,
        },
        audience: { client: result.companyId },
      });
      return result;
    },

    /** Marks a company's notifications read: the given ones, or all when none are given. */
    async markRead(
      principal: Principal,
      companyId: number,
      ids: number[] | undefined,
    ): Promise<NotificationsReadResponse> {
      await requireCompany(principal, companyId);
      const marked = await repo.markRead(companyId, ids ?? null, clock());
      const unreadCount = await repo.unreadCount(companyId);
      // Read marks are the company's, not the user's: every open tab's bell follows.
      if (marked > 0) {
        events.publish({
          type: 'notifications.read',
          payload: { companyId, unreadCount },
          audience: { client: companyId },
        });
      }
      return { marked, unreadCount };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
