import { createBrowserRouter } from 'react-router';
import { RouteErrorScreen } from './route-error';
import { routeTree } from './route-tree';

/** The app's routes (SPEC §2, built in ./route-tree), with its error screen and loading text. */
export const routes = routeTree({
  error: <RouteErrorScreen />,
  loading: <p className="p-4 text-body-secondary">Loading…</p>,
});

export function createRouter() {
  return createBrowserRouter(routes);
}
