import { Outlet, useLocation, useNavigation } from 'react-router';

/**
 * The frame around every page: a thin bar at the top of the window while the router opens
 * the next page (its code and its loaders' checks), so a click on a slow connection shows
 * that something is happening. `data-path` is the address of the page on screen, which
 * changes only once the next page is there: the browser tests wait on it.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== 'idle';
  return (
    <>
      <div
        className="navigation-progress"
        role="progressbar"
        aria-label="Opening the page"
        aria-hidden={!busy}
        data-testid="navigation-progress"
        data-busy={busy}
        data-path={location.pathname + location.search}
      />
      <Outlet />
    </>
  );
}
