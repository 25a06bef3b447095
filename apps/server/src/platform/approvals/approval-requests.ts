import type { Db } from '../../kernel/db/database';
import { notifications } from '../../kernel/db/schema';
import type { EventPublisher } from '../realtime/event-bus';

/** What a held write asks the client to approve: a post, or a reply to a review. */
export type ApprovalKind = 'post' | 'review_reply';

export interface ApprovalRequest {
  companyId: number;
  kind: ApprovalKind;
  /** The vendor write (`outbox.id`) that waits: deciding the approval releases or drops it. */
  outboxId: number;
  title: string;
  body: string;
}

/**
 * Asking the client to approve a staff write held for them (posts and review replies,
 * where the client asked to approve staff's words): a pending approval among their
 * notifications, announced to their open tabs at once so the bell and an open panel show
 * it without a reload. Decisions are the notifications area's, which announces them itself.
 */
export function createApprovalRequests(db: Db, events: EventPublisher) {
  return {
    /** Stores and announces the request; answers the notification's id. */
    async request(request: ApprovalRequest): Promise<number> {
      const { companyId, kind, outboxId, title, body } = request;
      const [row] = await db
        .insert(notifications)
        .values({ companyId, kind, title, body, state: 'pending', outboxId })
        .returning({ id: notifications.id });
      if (!row) throw new Error('the approval request was not stored');
      events.publish({
        type: 'notification.changed',
        payload: { id: row.id, companyId, state: 'pending', actedAt: null, actedBy: null },
        audience: { client: companyId },
      });
      return row.id;
    },
  };
}

export type ApprovalRequests = ReturnType<typeof createApprovalRequests>;
