import { useLoaderData } from 'react-router';
import { Workspace } from '../../../features/power-tool/components/workspace';

/** /dashboard/employee/omg-power-tool/{id}: one prospect workspace (the id decoded by the loader). */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const id = ids.id as number;
  return (
    <section>
      <Workspace key={id} containerId={id} />
    </section>
  );
}

export { Component };
