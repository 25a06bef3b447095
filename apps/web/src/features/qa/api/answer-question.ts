import { qaQuestionSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { qaKeys, qaPath } from './qa-keys';

/**
 * `POST …/googleqa/{productId}/{questionId}/answer`: writes or edits the answer, which then
 * waits, "To publish on Google", until staff confirm it is on the profile.
 */
export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { productId: number; questionId: number; text: string }) =>
      apiRequest('POST', qaPath(args.productId, args.questionId, 'answer'), qaQuestionSchema, {
        text: args.text,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qaKeys.all }),
  });
}
