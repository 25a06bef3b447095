import { leadDetailSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { leadsKey } from './get-leads';

export const leadKey = (companyId: number, leadId: number) =>
  [...leadsKey(companyId), 'lead', leadId] as const;

/** `GET /api/uni/client/leads/{id}/lead/{leadId}`: the lead and its timeline. */
export function useLead(companyId: number, leadId: number | null) {
  return useQuery({
    queryKey: leadKey(companyId, leadId ?? 0),
    queryFn: () =>
      apiRequest('GET', `/api/uni/client/leads/${companyId}/lead/${leadId}`, leadDetailSchema),
    enabled: leadId !== null,
  });
}
