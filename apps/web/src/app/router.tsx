import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RouteErrorScreen } from './error-screen';
import { requireSession } from './routes/protected';

/**
 * The route table. Each page is a lazy module, so a visitor downloads only the code of
 * the pages they open. Route modules export `Component` (and, later, `loader`).
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: paths.home.pattern, lazy: () => import('./routes/public/landing') },
      { path: paths.login.pattern, lazy: () => import('./routes/public/login') },
      { path: paths.signup.pattern, lazy: () => import('./routes/public/signup') },
      {
        path: `${paths.dashboard.root.pattern}/*`,
        loader: requireSession,
        lazy: () => import('./routes/public/not-found'),
      },
      {
        path: `${paths.trial.root.pattern}/*`,
        loader: requireSession,
        lazy: () => import('./routes/public/not-found'),
      },
      { path: '*', lazy: () => import('./routes/public/not-found') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
