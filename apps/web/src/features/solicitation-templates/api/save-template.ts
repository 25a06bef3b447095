import { type SolicitationTemplateInput, solicitationTemplateSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { templatesKey, templatesPath } from '../../../lib/solicitation-api';

/**
 * `POST …/templates` (a new one, or a copy of a default) or `PUT …/templates/{id}` (one of
 * the company's own). Field problems come back as `body.name`, `body.smsBody`…
 */
export function useSaveTemplate(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SolicitationTemplateInput }) =>
      id === null
        ? apiRequest('POST', templatesPath(productId), solicitationTemplateSchema, { ...input })
        : apiRequest('PUT', `${templatesPath(productId)}/${id}`, solicitationTemplateSchema, {
            ...input,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey(productId) }),
  });
}
