import { type CustomerLeadCreateInput, leadDetailSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { leadKey } from './get-lead';
import { leadsKey } from './get-leads';

/** `POST /api/uni/client/leads/{id}`: a customer entered by hand. */
export function useAddLead(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerLeadCreateInput) =>
      apiRequest('POST', `/api/uni/client/leads/${companyId}`, leadDetailSchema, { ...input }),
    onSuccess: (detail) => {
      queryClient.setQueryData(leadKey(companyId, detail.lead.id), detail);
      void queryClient.invalidateQueries({ queryKey: leadsKey(companyId) });
      // ROI counts leads too (its own feature's queries, by their key's first part).
      void queryClient.invalidateQueries({ queryKey: ['roi'] });
    },
  });
}
