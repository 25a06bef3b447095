import type { DatabaseKind, HealthResponse, ReadinessResponse } from '@pinpoint/contracts';
import type { SystemRepository } from './system.repository';

export interface SystemService {
  health(): HealthResponse;
  readiness(): Promise<ReadinessResponse>;
}

export function createSystemService(deps: {
  repository: SystemRepository;
  databaseKind: DatabaseKind;
  startedAt?: number;
}): SystemService {
  const startedAt = deps.startedAt ?? Date.now();
  return {
    health: () => ({ status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) }),

    async readiness() {
      const expected = deps.repository.countKnownMigrations();
      let reachable = true;
      let applied = 0;
      try {
        await deps.repository.ping();
        applied = await deps.repository.countAppliedMigrations();
      } catch {
        reachable = false;
      }
      return {
        status: reachable && applied >= expected ? 'ready' : 'not_ready',
        database: {
          kind: deps.databaseKind,
          reachable,
          migrationsApplied: applied,
          migrationsExpected: expected,
        },
      };
    },
  };
}
