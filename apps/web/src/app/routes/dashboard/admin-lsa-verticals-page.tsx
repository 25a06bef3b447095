import { VerticalsAdmin } from '../../../features/verticals/components/verticals-admin';

/** /dashboard/admin/lsa-verticals: list, create and update LSA verticals (admins). */
function Component() {
  return (
    <section>
      <h1 className="h3 mb-3">LSA verticals</h1>
      <VerticalsAdmin />
    </section>
  );
}

export { Component };
