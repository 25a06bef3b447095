import { qaDraftSchema } from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { qaPath } from './qa-keys';

/**
 * `POST …/{questionId}/draft`: an AI suggestion for the answer box. Nothing is saved, so no
 * cache changes (DECISIONS.md "AI drafts").
 */
export function useDraftAnswer() {
  return useMutation({
    mutationFn: (args: { productId: number; questionId: number }) =>
      apiRequest('POST', qaPath(args.productId, args.questionId, 'draft'), qaDraftSchema, {}),
  });
}
