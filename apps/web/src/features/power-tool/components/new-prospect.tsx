import { encodeId, type ProspectBusiness } from '@pinpoint/contracts';
import { useNavigate } from 'react-router';
import { BusinessSearch } from '../../../components/business-search';
import { paths } from '../../../config/paths';
import { useCreateContainer } from '../api/containers';

/**
 * "New prospect": the places search of custom rank (a business name or trade, near a city),
 * then the business picked becomes a workspace, which opens.
 */
export function NewProspect() {
  const create = useCreateContainer();
  const navigate = useNavigate();

  const pick = (business: ProspectBusiness) =>
    create.mutate(
      {
        business: {
          placeId: business.placeId,
          name: business.name,
          address: business.address ?? undefined,
          phone: business.phone ?? undefined,
          website: business.website ?? undefined,
          lat: business.lat,
          lng: business.lng,
          rating: business.rating,
          reviewCount: business.reviewCount,
        },
      },
      {
        onSuccess: (container) =>
          navigate(paths.dashboard.powerToolWorkspace.href(encodeId(container.id))),
      },
    );

  return (
    <section aria-labelledby="new-prospect-title" className="card mb-4">
      <div className="card-body">
        <h2 id="new-prospect-title" className="h5">
          New prospect
        </h2>
        <p className="small text-body-secondary">
          Find the business as its customers would, then open a workspace for it: its grids,
          listings, page speed and recommendations stay together there.
        </p>
        <BusinessSearch
          onPick={pick}
          picking={create.isPending ? (create.variables?.business.placeId ?? null) : null}
          pickError={create.error}
          pickLabel="Open a workspace"
        />
      </div>
    </section>
  );
}
