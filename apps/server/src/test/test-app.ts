import { DEMO_PASSWORD } from '@pinpoint/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/config';
import { type BuildAppOptions, buildApp } from '../main/app';
import { createTestDatabase, type TestDatabase } from './test-database';
import { TEST_ORIGIN, testConfig } from './test-services';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
}

// Fixture files shared with the repo tier import these from test-services.ts (no app import).
export { sessionCookieOf, TEST_ORIGIN, testConfig } from './test-services';

/** The whole server on this file's own database, called with `app.inject` (no socket). */
export async function createTestApp(
  options: {
    config?: Partial<AppConfig>;
    extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
    logStream?: NodeJS.WritableStream;
    imageProxyFetcher?: BuildAppOptions['imageProxyFetcher'];
    /** A database made already (a seeded copy: createSeededTestDatabase); default: a fresh one. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    extraRoutes: options.extraRoutes,
    logStream: options.logStream,
    imageProxyFetcher: options.imageProxyFetcher,
  });
  return { app, database };
}

/** Signs in through the real login route and returns the `cookie` header value to send. */
export async function signInCookie(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  const token = res.cookies.find((c) => c.name === 'pinpoint_session')?.value;
  if (res.statusCode !== 200 || !token)
    throw new Error(`sign-in as ${email} failed: ${res.statusCode}`);
  return `pinpoint_session=${token}`;
}
