import { trialMeSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/trial/me`: the lead's profile and trial company (null before their first scan). */
export function useTrialMe() {
  return useQuery({
    queryKey: ['trial', 'me'],
    queryFn: () => apiRequest('GET', '/api/trial/me', trialMeSchema),
  });
}
