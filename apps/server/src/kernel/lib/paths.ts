import { fileURLToPath } from 'node:url';

/** Absolute locations inside the repository, independent of the working directory. */
// This file is apps/server/src/kernel/lib/paths.ts.
export const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
export const serverRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const migrationsDir = fileURLToPath(new URL('../db/migrations', import.meta.url));
export const defaultWebDistDir = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
