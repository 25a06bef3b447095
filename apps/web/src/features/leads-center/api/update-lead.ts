import { type LeadPatchInput, leadDetailSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { leadKey } from './get-lead';
import { leadsKey } from './get-leads';

/** `PATCH /api/uni/client/leads/{id}/lead/{leadId}`: status, value or a note. */
export function useUpdateLead(companyId: number, leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: LeadPatchInput) =>
      apiRequest('PATCH', `/api/uni/client/leads/${companyId}/lead/${leadId}`, leadDetailSchema, {
        ...patch,
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(leadKey(companyId, leadId), detail);
      void queryClient.invalidateQueries({ queryKey: [...leadsKey(companyId), 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['roi'] });
    },
  });
}
