import type { Prospect, ProspectBusiness } from '@pinpoint/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { BusinessSearch } from '../../../components/business-search';
import { paths } from '../../../config/paths';
import { useCreateProspect } from '../../../features/custom-rank/api/create-prospect';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';
import { LiveScanScreen } from '../../../features/rank-grid/components/live-scan-screen';

/**
 * /dashboard/employee/custom-rank/run: find any business (e.g. a prospect), then run a live
 * grid for it. The search stays mounted while the grid runs, so "another business" goes back
 * to the same results.
 */
function Component() {
  const [prospect, setProspect] = useState<Prospect | null>(null);
  const create = useCreateProspect();
  const viewHref = useEncodedScanHref(paths.dashboard.customRankView.href);

  const pick = (business: ProspectBusiness) =>
    create.mutate(
      {
        placeId: business.placeId,
        name: business.name,
        address: business.address ?? undefined,
        phone: business.phone ?? undefined,
        website: business.website ?? undefined,
        lat: business.lat,
        lng: business.lng,
      },
      { onSuccess: setProspect },
    );

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between mb-3">
        <h1 className="h3 mb-0">Custom rank grid</h1>
        <Link to={paths.dashboard.customRankCreated.href()}>Grids you created</Link>
      </div>
      <div hidden={prospect !== null}>
        <p className="text-body-secondary">
          Run a one-off grid for any business, such as a prospect: find it, then choose the keyword
          and the grid.
        </p>
        <BusinessSearch
          onPick={pick}
          picking={create.isPending ? (create.variables?.placeId ?? null) : null}
          pickError={create.error}
        />
      </div>
      {prospect && (
        <>
          <p className="mb-3">
            <span className="fw-semibold" data-testid="custom-rank-business">
              {prospect.name}
            </span>{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => setProspect(null)}>
              Choose another business
            </Button>
          </p>
          <LiveScanScreen
            key={prospect.companyId}
            companyId={prospect.companyId}
            defaultCentre={{ lat: prospect.lat, lng: prospect.lng }}
            businessName={prospect.name}
            viewHref={viewHref}
          />
        </>
      )}
    </section>
  );
}

export { Component };
