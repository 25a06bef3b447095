import { RunGrids } from '../../../features/admin-grids/components/run-grids';

/** /dashboard/admin/run-grids: run every active grid of chosen clients as one batch (admins). */
function Component() {
  return (
    <section>
      <h1 className="h3 mb-3">Run grids</h1>
      <RunGrids />
    </section>
  );
}

export { Component };
