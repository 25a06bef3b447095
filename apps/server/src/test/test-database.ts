import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../db/database';
import { closeOnce, openDatabase } from '../db/open-database';

/** `url` names this file's own PostgreSQL database (null on PGlite). */
export type TestDatabase = Database;

function withDatabaseName(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of this test file's own: a copy of the run's template.
 * Closing it also drops it (PostgreSQL); nothing is shared between files.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('testDatabaseTemplate');
  if (template.kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(template.dumpPath)]);
    const database = await openDatabase(
      { kind: 'pglite', dataDir: null },
      { pgliteLoadDataDir: dump },
    );
    return database;
  }

  const templateName = new URL(template.templateUrl).pathname.slice(1);
  const name = `${templateName}_${randomBytes(6).toString('hex')}`;
  await onServer(template.templateUrl, (client) =>
    client.query(`create database "${name}" template "${templateName}"`),
  );
  const url = withDatabaseName(template.templateUrl, name);
  const database = await openDatabase({ kind: 'postgres', url }, { poolSize: 4 });
  return {
    ...database,
    url,
    close: closeOnce(async () => {
      await database.close();
      await onServer(template.templateUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    }),
  };
}
