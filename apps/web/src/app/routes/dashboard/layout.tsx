import type { AuthResponse } from '@pinpoint/contracts';
import { Outlet, useLoaderData } from 'react-router';
import { AppShell, type NavItem } from '../../../components/app-shell';
import { paths } from '../../../config/paths';

function navFor(auth: AuthResponse): NavItem[] {
  const items: NavItem[] = [];
  if (auth.session.perm || auth.session.admin) {
    items.push(
      { to: paths.dashboard.employee.href(), label: 'Employee home' },
      { to: paths.dashboard.customRankRun.href(), label: 'Custom rank' },
      { to: paths.dashboard.employeeStatus.href(), label: 'System status' },
    );
  }
  if (auth.session.client || auth.session.admin) {
    items.push({ to: paths.dashboard.overview.href(), label: 'Overview' });
  }
  return items;
}

function Component() {
  const auth = useLoaderData() as AuthResponse;
  return (
    <AppShell auth={auth} nav={navFor(auth)}>
      <Outlet />
    </AppShell>
  );
}

export { Component };
