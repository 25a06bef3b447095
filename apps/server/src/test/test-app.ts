import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The origin `app.inject` requests come from by default (host `localhost:80`). */
export const TEST_ORIGIN = 'http://localhost';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PINPOINT_DEMO: '0',
    }),
    ...overrides,
  };
}

/** The whole server on this file's own database, called with `app.inject` (no socket). */
export async function createTestApp(
  options: {
    config?: Partial<AppConfig>;
    extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    extraRoutes: options.extraRoutes,
    logStream: options.logStream,
  });
  return { app, database };
}
