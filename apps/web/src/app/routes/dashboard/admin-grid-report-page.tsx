import { GridReport } from '../../../features/grid-report/components/grid-report';

/** /dashboard/admin/grid-report: every client's rank grid movement over a period (admins). */
function Component() {
  return (
    <section>
      <h1 className="h3 mb-3">Grid report</h1>
      <GridReport />
    </section>
  );
}

export { Component };
