import { gifSeriesSchema, type RankGif, rankGifSchema } from '@pinpoint/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

const gifKey = (gifId: number) => ['rank-gif', gifId] as const;
/** While a GIF renders, the status is polled this often in case the socket is down. */
const POLL_MS = 2000;

/** `GET /api/localrank/gif/series/{scanId}`: how many scans a GIF of this scan could show. */
export function useGifSeries(scanId: number) {
  return useQuery({
    queryKey: ['rank-gif-series', scanId],
    queryFn: () => apiRequest('GET', `/api/localrank/gif/series/${scanId}`, gifSeriesSchema),
  });
}

/** `POST /api/localrank/gif`: stores the request and queues the render. */
export function useCreateGif() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { scanId: number; frames: number }) =>
      apiRequest('POST', '/api/localrank/gif', rankGifSchema, input),
    onSuccess: (gif) => queryClient.setQueryData(gifKey(gif.id), gif),
  });
}

const finished = (gif: RankGif | undefined) => gif?.status === 'done' || gif?.status === 'failed';

/**
 * `GET /api/localrank/gif/{id}`, kept live: `rank-gif.progress` events update it at once,
 * and polling every two seconds covers a dropped socket until the GIF is done or failed.
 */
export function useRankGif(gifId: number | null) {
  const queryClient = useQueryClient();
  useRealtimeEvent('rank-gif.progress', (event) => {
    if (event.gifId !== gifId) return;
    queryClient.setQueryData<RankGif>(gifKey(event.gifId), (gif) =>
      gif && !finished(gif)
        ? { ...gif, framesDone: event.done, framesTotal: event.total, status: event.status }
        : gif,
    );
    // The final state (file ready, or the reason it failed) comes from the server.
    if (event.status === 'done' || event.status === 'failed') {
      void queryClient.invalidateQueries({ queryKey: gifKey(event.gifId) });
    }
  });
  return useQuery({
    queryKey: gifKey(gifId ?? 0),
    queryFn: () => apiRequest('GET', `/api/localrank/gif/${gifId}`, rankGifSchema),
    enabled: gifId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : POLL_MS),
  });
}

/** The file is bytes, not JSON: the browser fetches it directly with the session cookie. */
export function gifFileUrl(gifId: number): string {
  return `/api/localrank/gif/${gifId}/file`;
}
