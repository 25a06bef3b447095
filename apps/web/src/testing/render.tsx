import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Renders a component as the app would hold it: a fresh query client (no retries, so an
 * error answer shows at once) and a router at `path`, for components that read the
 * address or render links. `loaderData` is what the route's loader returns (the session,
 * for components that read it with `useRouteLoaderData`).
 */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', loaderData }: { path?: string; loaderData?: unknown } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [{ id: 'root', path: '*', loader: () => loaderData ?? null, element: ui }],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}
