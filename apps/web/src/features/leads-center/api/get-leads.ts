import {
  type DayRange,
  LEADS_PAGE_SIZE,
  type LeadSource,
  type LeadStatus,
  leadsPageSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LeadFilters {
  source?: LeadSource;
  status?: LeadStatus;
  q?: string;
  page: number;
}

/** Everything the list and the export are asked for, as a query string. */
export function leadsQuery(range: DayRange, timeZone: string | undefined, filters: LeadFilters) {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (timeZone) params.set('tz', timeZone);
  if (filters.source) params.set('source', filters.source);
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  return params;
}

export const leadsKey = (companyId: number) => ['leads-center', companyId] as const;

/** `GET /api/uni/client/leads/{id}`: one page of the company's leads with the range's counts. */
export function useLeads(
  companyId: number,
  range: DayRange,
  timeZone: string | undefined,
  filters: LeadFilters,
) {
  return useQuery({
    queryKey: [...leadsKey(companyId), 'list', range.from, range.to, timeZone, filters],
    queryFn: () => {
      const params = leadsQuery(range, timeZone, filters);
      params.set('page', String(filters.page));
      params.set('pageSize', String(LEADS_PAGE_SIZE));
      return apiRequest('GET', `/api/uni/client/leads/${companyId}?${params}`, leadsPageSchema);
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/uni/client/leads/{id}/export.csv`: a plain download link (not the JSON gateway). */
export function leadsExportUrl(
  companyId: number,
  range: DayRange,
  timeZone: string | undefined,
  filters: LeadFilters,
): string {
  return `/api/uni/client/leads/${companyId}/export.csv?${leadsQuery(range, timeZone, filters)}`;
}
