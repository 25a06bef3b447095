import type { ClientRecord, ProfileUpdateParsed } from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, badRequest, notFound } from '../../kernel/lib/app-error';
import type { ClientsRepository } from '../clients';
import type { PlacesService } from '../places';
import type { ProfilePatch, ProfileRepository } from './profile.repository';

export const PLACE_NOT_FOUND =
  'This place could not be found. Search again and pick it from the list.';

const CONTACT_FIELDS = [
  'phone',
  'email',
  'website',
  'addressLine1',
  'addressLine2',
  'postalCode',
] as const;

/**
 * A company's own profile: its contact fields and its location. The body was checked and
 * normalised by the strict contract schema (unknown fields refused); here the caller's
 * access is checked again and the picked place is looked up anew, so the stored city,
 * county, state and position come from the provider, never from the browser.
 */
export function createProfileService(deps: {
  clients: ClientsRepository;
  profiles: ProfileRepository;
  places: PlacesService;
}) {
  return {
    async update(
      principal: Principal,
      companyId: number,
      input: ProfileUpdateParsed,
    ): Promise<ClientRecord> {
      if (!canAccessClient(principal, companyId)) throw accessDenied();
      const current = await deps.clients.findById(companyId);
      if (!current) throw notFound('No such client.');

      const patch: ProfilePatch = {};
      for (const field of CONTACT_FIELDS) {
        const value = input[field];
        if (value !== undefined) patch[field] = value;
      }
      if (input.placeId !== undefined) {
        const place = await deps.places.lookup(input.placeId);
        if (!place) {
          throw badRequest('Some fields are missing or invalid.', [
            { path: 'body.placeId', message: PLACE_NOT_FOUND },
          ]);
        }
        Object.assign(patch, {
          placeId: place.place_id,
          country: place.country,
          state: place.state,
          county: place.county,
          city: place.city,
          latitude: place.lat ?? null,
          longitude: place.lng ?? null,
        } satisfies ProfilePatch);
      }

      if (Object.keys(patch).length === 0) return current;
      if (!(await deps.profiles.update(companyId, patch))) throw notFound('No such client.');
      const updated = await deps.clients.findById(companyId);
      if (!updated) throw notFound('No such client.');
      return updated;
    },
  };
}
