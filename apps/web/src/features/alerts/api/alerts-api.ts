import {
  type AlertLinkDays,
  alertListSchema,
  alertSchema,
  alertShareLinkSchema,
  alertsMarkedReadSchema,
  sharedAlertsSchema,
  userClientsResponseSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OVERVIEW_LIST_SIZE } from '../../../components/overview-panel';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const ALERTS_PAGE_SIZE = 10;

export interface AlertsFilter {
  companyId: number;
  unreadOnly: boolean;
  page: number;
}

function listUrl(filter: AlertsFilter): string {
  const params = new URLSearchParams({
    limit: String(ALERTS_PAGE_SIZE),
    offset: String((filter.page - 1) * ALERTS_PAGE_SIZE),
  });
  if (filter.unreadOnly) params.set('unread', 'true');
  return `/api/alerts/${filter.companyId}?${params}`;
}

/** `GET /api/alerts/{companyId}`: one page of a company's alerts, newest first. */
export function useCompanyAlerts(filter: AlertsFilter) {
  return useQuery({
    queryKey: ['alerts', filter],
    queryFn: () => apiRequest('GET', listUrl(filter), alertListSchema),
    placeholderData: keepPreviousData,
  });
}

/** Every alerts list (this page's, the overview's open alerts) shows the new read state. */
function useRefreshAlerts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['alerts'] });
}

/** `POST /api/alerts/{companyId}/{alertId}/read`. */
export function useMarkAlertRead() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: ({ companyId, alertId }: { companyId: number; alertId: number }) =>
      apiRequest('POST', `/api/alerts/${companyId}/${alertId}/read`, alertSchema),
    onSettled: refresh,
  });
}

/** `POST /api/alerts/{companyId}/read-all`. */
export function useMarkAllAlertsRead() {
  const refresh = useRefreshAlerts();
  return useMutation({
    mutationFn: (companyId: number) =>
      apiRequest('POST', `/api/alerts/${companyId}/read-all`, alertsMarkedReadSchema),
    onSettled: refresh,
  });
}

/** `POST /api/alerts/{companyId}/share-link`: a read-only link that expires after `days`. */
export function useCreateShareLink() {
  return useMutation({
    mutationFn: ({ companyId, days }: { companyId: number; days: AlertLinkDays }) =>
      apiRequest('POST', `/api/alerts/${companyId}/share-link`, alertShareLinkSchema, { days }),
  });
}

/**
 * The companies an admin may pick from: the session descriptor lists memberships and
 * assignments only, so admins (who see every client) ask the server.
 */
export function useAllClients(enabled: boolean) {
  return useQuery({
    queryKey: ['user-clients'],
    queryFn: () => apiRequest('GET', '/api/uni/user/clients', userClientsResponseSchema),
    enabled,
  });
}

/**
 * `GET /api/public/alerts?token=…`: what a shared link opens. The token stays in memory
 * (the address bar and the query cache), never in local or session storage. A refused link
 * is final, so it is not retried.
 */
export function useSharedAlerts(token: string | null) {
  return useQuery({
    queryKey: ['shared-alerts', token],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/public/alerts?${new URLSearchParams({ token: token ?? '' })}`,
        sharedAlertsSchema,
      ),
    enabled: Boolean(token),
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}

/** The latest unread alerts; keyed under 'alerts' so marking one read refreshes this too. */
export function useOpenAlerts(companyId: number) {
  return useQuery({
    queryKey: ['alerts', 'open', companyId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/alerts/${companyId}?${new URLSearchParams({ limit: String(OVERVIEW_LIST_SIZE), unread: 'true' })}`,
        alertListSchema,
      ),
  });
}
