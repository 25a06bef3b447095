import type { AuthResponse } from '@pinpoint/contracts';
import { Outlet, useLoaderData } from 'react-router';
import { paths } from '../../../config/paths';
import { AppShell } from '../../app-shell';

function Component() {
  const auth = useLoaderData() as AuthResponse;
  return (
    <AppShell
      auth={auth}
      badge="Trial"
      nav={[
        { to: paths.trial.overview.href(), label: 'Overview' },
        { to: paths.trial.live.href(), label: 'Live rank grid' },
        { to: paths.trial.history.href(), label: 'Rank grid history' },
        { to: paths.trial.myAlerts.href(), label: 'My alerts' },
        { to: paths.trial.profile.href(), label: 'Profile' },
      ]}
    >
      <Outlet />
    </AppShell>
  );
}

export { Component };
