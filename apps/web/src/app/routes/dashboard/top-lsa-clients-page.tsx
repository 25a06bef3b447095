import { TopClientsScreen } from '../../../features/top-clients/components/top-clients-screen';

/**
 * /dashboard/employee/top-lsa-clients: the engine's lsa list (`/api/main/toprankings`), which
 * ranks the clients with an active Local Services Ads product by the mean of each keyword's newest
 * finished scan: lower ATRP first, then higher SoLV.
 */
function Component() {
  return (
    <section>
      <h1 className="h3 mb-1">Top LSA clients</h1>
      <p className="text-body-secondary">
        Your clients with an active Local Services Ads product, best first: by the mean ATRP of each
        keyword's newest finished rank grid scan (lower is better), then by SoLV. It ranks map-pack
        visibility from the rank grids, not the placement of the ads themselves.
      </p>
      <TopClientsScreen list="lsa" />
    </section>
  );
}

export { Component };
