import { BULK_MAX_CHARS, bulkBatchSchema, isErrorBody } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { bulkKey, bulkPath } from './bulk-scope';

/** What is wrong with a picked file before it is read, or null. */
export function csvFileProblem(file: File): string | null {
  if (!/\.(csv|txt)$/i.test(file.name)) {
    return 'Choose a .csv file. In Excel or Google Sheets, use "Save as" or "Download" → CSV.';
  }
  if (file.size === 0) return 'The file is empty.';
  if (file.size > BULK_MAX_CHARS)
    return 'The file is larger than 5 MB; split it into smaller files.';
  return null;
}

/**
 * `POST …/reviewsolicitation/{productId}/bulk`: the file's text becomes a draft upload
 * (nothing is sent). Straight to the route, not through the gateway: a 10,000-row file is
 * larger than the gateway's 1 MB limit.
 */
export function useUploadCsv(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const csv = await file.text();
      const response = await fetch(bulkPath(productId), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ fileName: file.name, csv }),
      }).catch(() => {
        throw new ApiError(0, null);
      });
      const payload: unknown = await response.json().catch(() => null);
      if (!response.ok) throw new ApiError(response.status, isErrorBody(payload) ? payload : null);
      return bulkBatchSchema.parse(payload);
    },
    onSuccess: (batch) => {
      queryClient.setQueryData([...bulkKey(productId), batch.id, 1, null], batch);
    },
  });
}
