import type { ReactNode } from 'react';
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { paths } from '../config/paths';
import { dashboardChildren, trialChildren } from './dashboard-routes';
import { pageLoader } from './routes/guards';

/**
 * What the tree renders around its pages: the error screen, the first load's text, and the
 * frame every page sits in (the navigation bar; none in the guard tests).
 */
export interface RouteElements {
  error: ReactNode;
  loading: ReactNode;
  frame?: ReactNode;
}

/**
 * The session checks load on the first navigation into a protected area: they bring the
 * session store and the contract schemas (zod), which the public pages do not need.
 */
const protectedArea = () => import('./routes/protected');
const requireDashboard = async (args: LoaderFunctionArgs) =>
  (await protectedArea()).requireDashboard(args);
const requireTrial = async (args: LoaderFunctionArgs) => (await protectedArea()).requireTrial(args);
const dashboardIndex = async (args: LoaderFunctionArgs) =>
  (await protectedArea()).dashboardIndex(args);

/** Re-run the session check on every navigation, not only when params change. */
const alwaysRevalidate = () => true;

/**
 * The route table (SPEC §2). Each page is a lazy module, so a visitor downloads only the
 * code of the pages they open. Errors inside a signed-in area render within its frame.
 */
export function routeTree(elements: RouteElements): RouteObject[] {
  return [
    {
      element: elements.frame,
      errorElement: elements.error,
      hydrateFallbackElement: elements.loading,
      children: [
        { path: paths.home.pattern, lazy: () => import('./routes/public/landing') },
        { path: paths.login.pattern, lazy: () => import('./routes/public/login') },
        { path: paths.signup.pattern, lazy: () => import('./routes/public/signup') },
        { path: paths.activate.pattern, lazy: () => import('./routes/public/activate') },
        {
          path: paths.forgotPassword.pattern,
          lazy: () => import('./routes/public/forgot-password'),
        },
        { path: paths.resetPassword.pattern, lazy: () => import('./routes/public/reset-password') },
        { path: paths.status.pattern, lazy: () => import('./routes/public/status') },
        { path: paths.myAlerts.pattern, lazy: () => import('./routes/public/my-alerts') },
        { path: paths.sharedScan.pattern, lazy: () => import('./routes/public/shared-scan-page') },
        {
          path: paths.prospectReport.pattern,
          lazy: () => import('./routes/public/prospect-report-page'),
        },
        {
          // SPEC §2: the product support page sits outside the dashboard layout, with its own
          // top bar; the session check's answer (the signed-in user) is its account menu's.
          id: 'product-page',
          path: paths.dashboard.productPage.pattern,
          loader: requireDashboard,
          shouldRevalidate: alwaysRevalidate,
          children: [
            {
              index: true,
              loader: pageLoader({ product: 'product_name', ids: ['product_id'] }),
              lazy: () => import('./routes/dashboard/product-page'),
            },
          ],
        },
        {
          id: 'dashboard',
          path: paths.dashboard.root.pattern,
          loader: requireDashboard,
          shouldRevalidate: alwaysRevalidate,
          lazy: () => import('./routes/dashboard/layout'),
          children: [
            {
              errorElement: elements.error,
              children: [{ index: true, loader: dashboardIndex }, ...dashboardChildren],
            },
          ],
        },
        {
          id: 'trial',
          path: paths.trial.root.pattern,
          loader: requireTrial,
          shouldRevalidate: alwaysRevalidate,
          lazy: () => import('./routes/trial/layout'),
          children: [
            {
              errorElement: elements.error,
              children: [
                { index: true, loader: () => redirect(paths.trial.overview.href()) },
                ...trialChildren,
              ],
            },
          ],
        },
        { path: '*', lazy: () => import('./routes/public/not-found') },
      ],
    },
  ];
}
