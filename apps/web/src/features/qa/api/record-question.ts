import { type QaRecordInput, qaQuestionSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { qaKeys, qaPath } from './qa-keys';

/** `POST …/googleqa/{productId}` (staff): a question copied from the profile. */
export function useRecordQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, input }: { productId: number; input: QaRecordInput }) =>
      apiRequest('POST', qaPath(productId), qaQuestionSchema, { ...input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qaKeys.all }),
  });
}
