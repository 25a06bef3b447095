import {
  type ListingAcceptInput,
  type ListingPushInput,
  listingComparisonSchema,
} from '@pinpoint/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

const base = (productId: number) => `/api/uni/products/listings/${productId}`;
const listingKeys = { all: ['listing'] as const };

/** `GET …/listings/{productId}`: Google's listing beside ours, field by field. */
export function useListing(productId: number) {
  return useQuery({
    queryKey: [...listingKeys.all, productId],
    queryFn: () => apiRequest('GET', base(productId), listingComparisonSchema),
    // While a push is on its way, look again now and then in case an event is missed.
    refetchInterval: (q) => (q.state.data?.lastPush?.status === 'pending' ? 5_000 : false),
  });
}

/** Refetches when the listing is synced, pushed or takes Google's value (any tab). */
export function useListingEvents(companyId: number | null) {
  const queryClient = useQueryClient();
  useRealtimeEvent('listing.changed', (event) => {
    if (companyId !== null && event.companyId !== companyId) return;
    void queryClient.invalidateQueries({ queryKey: listingKeys.all });
  });
}

function useListingAction<Input extends Record<string, unknown>>(productId: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      apiRequest('POST', `${base(productId)}/${path}`, listingComparisonSchema, input),
    onSuccess: (data) => queryClient.setQueryData([...listingKeys.all, productId], data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

/** `POST …/push`: our values of the fields go to Google through the outbox. */
export const usePushListing = (productId: number) =>
  useListingAction<ListingPushInput>(productId, 'push');

/** `POST …/accept`: Google's values of the fields become our profile's. */
export const useAcceptListing = (productId: number) =>
  useListingAction<ListingAcceptInput>(productId, 'accept');

/** `POST …/seen`: Google's changes are acknowledged. */
export const useListingSeen = (productId: number) =>
  useListingAction<Record<string, never>>(productId, 'seen');
