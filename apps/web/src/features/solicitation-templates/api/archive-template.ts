import { okResponseSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { templatesKey, templatesPath } from '../../../lib/solicitation-api';

/** `DELETE …/templates/{id}`: archives one of the company's own (requests sent keep it). */
export function useArchiveTemplate(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) =>
      apiRequest('DELETE', `${templatesPath(productId)}/${templateId}`, okResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey(productId) }),
  });
}
