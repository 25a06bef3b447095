import { type ProspectCreate, prospectSchema } from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/sales/prospect`: the employee's prospect company for the business picked (made
 * once per employee and place; picking it again reuses it).
 */
export function useCreateProspect() {
  return useMutation({
    mutationFn: (business: ProspectCreate) =>
      apiRequest('POST', '/api/sales/prospect', prospectSchema, { ...business }),
  });
}
