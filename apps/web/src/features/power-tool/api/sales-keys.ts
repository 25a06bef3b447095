/**
 * The power tool's cache keys. Every answer about sales workspaces sits under `['sales']`, so
 * a change anywhere (a grid finished, a recommendation saved) can refresh what depends on it.
 */
export const salesKeys = {
  all: ['sales'] as const,
  lists: () => ['sales', 'containers'] as const,
  data: (containerId: number) => ['sales', 'data', containerId] as const,
  history: (containerId: number) => ['sales', 'history', containerId] as const,
};

/** `/api/sales/containers/{id}` and what hangs off it. */
export const containerPath = (containerId: number, suffix = '') =>
  `/api/sales/containers/${containerId}${suffix}`;

/**
 * The staff PDF of the report: fetched by the browser directly (bytes, not through the JSON
 * gateway), with the session cookie.
 */
export const reportPdfPath = (containerId: number) => containerPath(containerId, '/report.pdf');
