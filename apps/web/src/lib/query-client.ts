import { QueryCache, QueryClient } from '@tanstack/react-query';

/** SPEC §8: a failed query is reported to the console under one recognisable label. */
export function reportQueryError(error: unknown): void {
  console.error('Top Level Catch', error);
}

/** SPEC §9: queries do not refetch when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportQueryError }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: 30_000, retry: 1 },
    },
  });
}
