import { TopClientsScreen } from '../../../features/top-clients/components/top-clients-screen';

/**
 * /dashboard/employee/top-gbp-clients: the engine's gbp list (`/api/main/toprankings`), which
 * ranks the clients with an active Google Business Pro product by the mean of each keyword's newest
 * finished scan: lower ATRP first, then higher SoLV.
 */
function Component() {
  return (
    <section>
      <h1 className="h3 mb-1">Top GBP clients</h1>
      <p className="text-body-secondary">
        Your clients with an active Google Business Pro product, best first: by the mean ATRP of
        each keyword's newest finished rank grid scan (lower is better), then by SoLV.
      </p>
      <TopClientsScreen list="gbp" />
    </section>
  );
}

export { Component };
