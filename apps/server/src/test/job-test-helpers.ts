import type { JobDefinition } from '../kernel/jobs/define-job';
import type { JobsConfig } from '../kernel/jobs/jobs-config';
import { createTestApp } from './test-app';
import { WORKERS_ON } from './test-services';

// The queue's own helpers live with the repo tier's (no app import); `.api` files reach them here.
export { WORKERS_ON, waitFor } from './test-services';

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
