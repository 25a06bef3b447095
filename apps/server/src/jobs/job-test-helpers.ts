import type { JobsConfig } from '../config';
import { createTestApp } from '../test/test-app';
import { WORKERS_ON } from '../test/test-services';
import type { JobDefinition } from './define-job';

// The queue's own helpers live with the repo tier's (no app import); `.api` files reach them here.
export { WORKERS_ON, waitFor } from '../test/test-services';

/** A test app whose queue knows `definitions` (registered while the app loads, as modules do). */
export async function appWithJobs(
  definitions: JobDefinition[],
  options: { jobs?: JobsConfig; logStream?: NodeJS.WritableStream; shutdownGraceMs?: number } = {},
) {
  return createTestApp({
    config: {
      jobs: options.jobs ?? WORKERS_ON,
      ...(options.shutdownGraceMs !== undefined && { shutdownGraceMs: options.shutdownGraceMs }),
      ...(options.logStream && { logLevel: 'info' as const }),
    },
    logStream: options.logStream,
    extraRoutes: (scope) => {
      for (const definition of definitions) scope.jobs.register(definition);
    },
  });
}
