import { createBrowserRouter } from 'react-router';
import { NavigationProgress } from '../components/navigation-progress';
import { RouteErrorScreen } from './route-error';
import { routeTree } from './route-tree';

/**
 * The app's routes (SPEC §2, built in ./route-tree), with its error screen, loading text and
 * the navigation bar every page sits under.
 */
export const routes = routeTree({
  error: <RouteErrorScreen />,
  loading: <p className="p-4 text-body-secondary">Loading…</p>,
  frame: <NavigationProgress />,
});

export function createRouter() {
  return createBrowserRouter(routes);
}
