import type { EventPublisher } from '../realtime/event-bus';

/**
 * A new approval request (a staff post or reply held for the client) tells the client's
 * open tabs at once, so the bell and an open panel show it without a reload. Decisions
 * are announced by the notifications service itself.
 */
export function announceApprovalRequest(
  events: EventPublisher,
  companyId: number,
  notificationId: number,
) {
  events.publish({
    type: 'notification.changed',
    payload: { id: notificationId, companyId, state: 'pending', actedAt: null, actedBy: null },
    audience: { client: companyId },
  });
}
