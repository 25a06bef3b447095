import {
  type NotificationChanged,
  type NotificationDecision,
  notificationListSchema,
  notificationSchema,
  notificationsReadResponseSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

export const NOTIFICATIONS_PAGE_SIZE = 10;

const notificationsKey = (companyId: number) => ['notifications', companyId] as const;

export interface NotificationsFilter {
  page: number;
  /** Only those waiting for a decision. */
  pendingOnly: boolean;
}

/** `GET /api/uni/client/notifications/{companyId}`: one page, newest first, with counts. */
export function useNotifications(companyId: number, filter: NotificationsFilter) {
  return useQuery({
    queryKey: [...notificationsKey(companyId), filter],
    queryFn: () => {
      const params = new URLSearchParams({
        limit: String(NOTIFICATIONS_PAGE_SIZE),
        offset: String((filter.page - 1) * NOTIFICATIONS_PAGE_SIZE),
      });
      if (filter.pendingOnly) params.set('pending', 'true');
      return apiRequest(
        'GET',
        `/api/uni/client/notifications/${companyId}?${params}`,
        notificationListSchema,
      );
    },
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/uni/client/notifications/{notificationId}/approve` with the decision. */
export function useDecideNotification(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      comment,
    }: {
      id: number;
      decision: NotificationDecision;
      /** A decline's reason, passed back to whoever wrote the held work. */
      comment?: string;
    }) =>
      apiRequest('POST', `/api/uni/client/notifications/${id}/approve`, notificationSchema, {
        decision,
        ...(comment ? { comment } : {}),
      }),
    // Refetch after a success and after a 409 alike: either way the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(companyId) }),
  });
}

/** `POST /api/uni/client/notifications/{companyId}/read`: all of the company's, read. */
export function useMarkAllRead(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(
        'POST',
        `/api/uni/client/notifications/${companyId}/read`,
        notificationsReadResponseSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(companyId) }),
  });
}

/**
 * Live updates: a decision or a read mark in any tab (or by anyone else on the client's
 * account) refetches this company's notifications. The event is a hint; the list shown is
 * always what the server stored.
 */
export function useNotificationEvents(
  companyId: number,
  onDecision?: (event: NotificationChanged) => void,
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: notificationsKey(companyId) });
  useRealtimeEvent('notification.changed', (event) => {
    if (event.companyId !== companyId) return;
    onDecision?.(event);
    refresh();
  });
  useRealtimeEvent('notifications.read', (event) => {
    if (event.companyId === companyId) refresh();
  });
}
