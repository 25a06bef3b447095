import {
  clientTimelinesSchema,
  historyFiltersSchema,
  historyMonthSchema,
  historyOverviewSchema,
  scanQuotaSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How many recent scans each settings line's sparkline shows. */
export const SPARKLINE_POINTS = 12;

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
};

/** `GET /api/localrank/history/filters`: the keywords, months and configs with scans. */
export function useHistoryFilters(companyId: number | null) {
  return useQuery({
    queryKey: ['rank-history', 'filters', companyId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/localrank/history/filters?${query({ companyId: companyId ?? undefined })}`,
        historyFiltersSchema,
      ),
    enabled: companyId !== null,
  });
}

export interface HistoryMonthFilter {
  companyId: number;
  month: string;
  keyword?: string;
  configId?: number;
  /** From 0, as the route counts. */
  page: number;
}

/** `GET /api/localrank/history/month`: one page (20) of a month's scans, newest first. */
export function useHistoryMonth(filter: HistoryMonthFilter | null) {
  return useQuery({
    queryKey: ['rank-history', 'month', filter],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/localrank/history/month?${query({ ...(filter as HistoryMonthFilter) })}`,
        historyMonthSchema,
      ),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/localrank/history/overview`: per month and keyword, scans and mean metrics. */
export function useHistoryOverview(companyId: number | null) {
  return useQuery({
    queryKey: ['rank-history', 'overview', companyId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/localrank/history/overview?${query({ companyId: companyId ?? undefined })}`,
        historyOverviewSchema,
      ),
    enabled: companyId !== null,
  });
}

/** `GET /api/ranktimeline/find/client/{id}`: each settings line's recent scans. */
export function useSettingsLines(companyId: number | null) {
  return useQuery({
    queryKey: ['rank-history', 'lines', companyId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/ranktimeline/find/client/${companyId}?points=${SPARKLINE_POINTS}`,
        clientTimelinesSchema,
      ),
    enabled: companyId !== null,
  });
}

/**
 * A trial lead names no company: the quota route answers with their own trial company
 * (null until their first scan makes it), which the history routes then serve like any
 * company the caller is a member of.
 */
export function useTrialCompany(enabled: boolean) {
  return useQuery({
    queryKey: ['rank-history', 'trial-company'],
    queryFn: () => apiRequest('GET', '/api/localrank/quota', scanQuotaSchema),
    enabled,
    select: (quota) => quota.companyId,
  });
}
