import type { SalesContainer, SalesGrid } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { GridCard } from './grid-card';

/** The latest grid of each keyword, in the order the keywords were run. */
export function GridsSection({
  container,
  grids,
}: {
  container: SalesContainer;
  grids: SalesGrid[];
}) {
  const business = useMemo(
    () => ({ name: container.name, lat: container.lat, lng: container.lng }),
    [container.name, container.lat, container.lng],
  );
  return (
    <section aria-labelledby="sales-grids-title" className="mb-4">
      <h2 id="sales-grids-title" className="h5">
        Rank grids
      </h2>
      {grids.length === 0 ? (
        <p className="text-body-secondary" data-testid="sales-grids-empty">
          No grids yet. Add the prospect's top keywords above, check the cost and start: each
          keyword gets a grid of local searches around the business.
        </p>
      ) : (
        <div className="row g-3">
          {grids.map((grid) => (
            <div key={grid.scanId} className="col-12 col-xl-6">
              <GridCard grid={grid} business={business} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
