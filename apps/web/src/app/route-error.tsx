import { lazy, Suspense } from 'react';

// The error screen brings the sign-out and error-report clients (and through them the
// contract schemas); it loads only when a route has failed.
const ErrorScreen = lazy(() =>
  import('./error-screen').then((module) => ({ default: module.RouteErrorScreen })),
);

/** The routes' error element: the fallback screen of SPEC §2, loaded when it is needed. */
export function RouteErrorScreen() {
  return (
    <Suspense fallback={<p className="p-4 text-body-secondary">Loading…</p>}>
      <ErrorScreen />
    </Suspense>
  );
}
