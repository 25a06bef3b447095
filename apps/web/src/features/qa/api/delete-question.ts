import { qaDeleteResultSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { qaKeys, qaPath } from './qa-keys';

/** `POST …/{questionId}/delete` (staff): removes a question recorded by mistake. */
export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { productId: number; questionId: number }) =>
      apiRequest(
        'POST',
        qaPath(args.productId, args.questionId, 'delete'),
        qaDeleteResultSchema,
        {},
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qaKeys.all }),
  });
}
