import { z } from 'zod';

/** Settings the web app needs at run time (no secrets): `GET /api/app-config`. */
export const appConfigSchema = z.object({
  /** The production host (from PUBLIC_URL), where browser error logging runs; null if unset. */
  productionHost: z.string().nullable(),
});
export type AppConfigResponse = z.infer<typeof appConfigSchema>;
