import {
  isErrorBody,
  type Photo,
  type PhotoUploadInput,
  photoListSchema,
  photoSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

const base = (productId: number) => `/api/uni/products/googlephotos/${productId}`;
export const PHOTOS_PAGE_SIZE = 24;
const photoKeys = { all: ['photos'] as const };

/** `GET …/googlephotos/{productId}`: one page of the gallery, in a category or all. */
export function usePhotos(productId: number, category: string, page: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PHOTOS_PAGE_SIZE) });
  if (category) query.set('category', category);
  return useQuery({
    queryKey: [...photoKeys.all, productId, category, page],
    queryFn: () => apiRequest('GET', `${base(productId)}?${query}`, photoListSchema),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((p) => p.state === 'uploading' || p.state === 'deleting')
        ? 5_000
        : false,
  });
}

/** Refetches the gallery when a photo of the company changes (sent, failed, synced). */
export function usePhotoEvents() {
  const queryClient = useQueryClient();
  useRealtimeEvent('photo.changed', () => {
    void queryClient.invalidateQueries({ queryKey: photoKeys.all });
  });
}

/**
 * `POST …/googlephotos/{productId}/upload`: straight to the route, not through the gateway,
 * whose JSON limit (1 MB) is below a photo's size.
 */
export function useUploadPhoto(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PhotoUploadInput): Promise<Photo> => {
      const response = await fetch(`${base(productId)}/upload`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(input),
      }).catch(() => {
        throw new ApiError(0, null);
      });
      const payload: unknown = await response.json().catch(() => null);
      if (!response.ok) throw new ApiError(response.status, isErrorBody(payload) ? payload : null);
      return photoSchema.parse(payload);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: photoKeys.all }),
  });
}

/** `POST …/googlephotos/{productId}/{photoId}/delete`: removed from the profile by the outbox. */
export function useDeletePhoto(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, key }: { photoId: number; key: string }) =>
      apiRequest('POST', `${base(productId)}/${photoId}/delete`, photoSchema, {
        idempotencyKey: key,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: photoKeys.all }),
  });
}

/** The file as base64 (the upload's JSON body). */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
