import type { AuthResponse } from '@pinpoint/contracts';
import { Outlet, useLoaderData } from 'react-router';
import { AppShell } from '../../../components/app-shell';
import { paths } from '../../../config/paths';

function Component() {
  const auth = useLoaderData() as AuthResponse;
  return (
    <AppShell
      auth={auth}
      badge="Trial"
      nav={[{ to: paths.trial.overview.href(), label: 'Overview' }]}
    >
      <Outlet />
    </AppShell>
  );
}

export { Component };
