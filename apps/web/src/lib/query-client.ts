import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** SPEC §8: a failed query is reported to the console under one recognisable label. */
export function reportQueryError(error: unknown): void {
  console.error('Top Level Catch', error);
}

/**
 * One more try for a failure that may pass (the network, a 5xx, 408, 429), none for an
 * answer that will not change: a refusal, a missing object or bad input (403, 404, 400…)
 * would only keep the page on its loading state a second longer.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof ApiError)) return true;
  const { status } = error;
  return status === 0 || status >= 500 || status === 408 || status === 429;
}

/** SPEC §9: queries do not refetch when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportQueryError }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: 30_000, retry: retryQuery },
    },
  });
}
