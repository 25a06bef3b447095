import { useAppConfig } from '../../../lib/use-app-config';

/** How a trial lead reaches the agency, as the operator configured it (PINPOINT_AGENCY_*). */
export function useAgencyContact() {
  return useAppConfig((config) => config.agency);
}
