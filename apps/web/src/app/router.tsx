import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { paths } from '../config/paths';
import { RouteErrorScreen } from './error-screen';
import {
  alwaysRevalidate,
  dashboardIndex,
  requireDashboard,
  requireTrial,
} from './routes/protected';

const section = (path: string, title: string): RouteObject => ({
  path,
  handle: { title },
  lazy: () => import('./routes/section-unavailable'),
});

/**
 * The route table. Each page is a lazy module, so a visitor downloads only the code of
 * the pages they open. Route modules export `Component`.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: paths.home.pattern, lazy: () => import('./routes/public/landing') },
      { path: paths.login.pattern, lazy: () => import('./routes/public/login') },
      { path: paths.signup.pattern, lazy: () => import('./routes/public/signup') },
      {
        path: paths.dashboard.root.pattern,
        loader: requireDashboard,
        shouldRevalidate: alwaysRevalidate,
        lazy: () => import('./routes/dashboard/layout'),
        children: [
          { index: true, loader: dashboardIndex },
          section('overview', 'Overview'),
          section('employee', 'Employee home'),
          section('employee/custom-rank/run', 'Custom rank grid'),
          { path: '*', lazy: () => import('./routes/public/not-found') },
        ],
      },
      {
        path: paths.trial.root.pattern,
        loader: requireTrial,
        shouldRevalidate: alwaysRevalidate,
        lazy: () => import('./routes/trial/layout'),
        children: [
          { index: true, loader: () => redirect(paths.trial.overview.href()) },
          section('overview', 'Trial overview'),
          { path: '*', lazy: () => import('./routes/public/not-found') },
        ],
      },
      { path: '*', lazy: () => import('./routes/public/not-found') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
