import { z } from 'zod';

export const databaseKindSchema = z.enum(['pglite', 'postgres']);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

/** `GET /healthz`: the process is up and serving. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /readyz`: the database answers and every migration is applied. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.object({
    kind: databaseKindSchema,
    reachable: z.boolean(),
    migrationsApplied: z.number().int().nonnegative(),
    migrationsExpected: z.number().int().nonnegative(),
  }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
