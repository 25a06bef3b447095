import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...overrides,
  };
}

/** The whole server on this file's own database, called with `app.inject` (no socket). */
export async function createTestApp(
  options: {
    config?: Partial<AppConfig>;
    extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    extraRoutes: options.extraRoutes,
  });
  return { app, database };
}
