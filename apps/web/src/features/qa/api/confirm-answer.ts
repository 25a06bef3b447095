import { qaQuestionSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { qaKeys, qaPath } from './qa-keys';

/**
 * `POST …/{questionId}/confirm` (staff): the answer is live on Google. `answeredAt` names the
 * version on screen, so an edit made meanwhile is refused rather than marked live.
 */
export function useConfirmAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { productId: number; questionId: number; answeredAt: string }) =>
      apiRequest('POST', qaPath(args.productId, args.questionId, 'confirm'), qaQuestionSchema, {
        answeredAt: args.answeredAt,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qaKeys.all }),
  });
}
