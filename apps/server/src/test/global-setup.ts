import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/open-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** How test files get their own database: a PGlite dump to load, or a PostgreSQL template. */
    testDatabaseTemplate:
      | { kind: 'pglite'; dumpPath: string }
      | { kind: 'postgres'; templateUrl: string };
  }
}

/**
 * Migrates one template database for the whole run, so each test file starts from a copy
 * in milliseconds instead of replaying migrations. With DATABASE_URL set, that database
 * is the template (CI creates and drops it); otherwise a migrated PGlite is dumped to a file.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = await openDatabase({ kind: 'postgres', url }, { poolSize: 2 });
    await template.migrate();
    // PostgreSQL copies a template only while nobody is connected to it.
    await template.close();
    project.provide('testDatabaseTemplate', { kind: 'postgres', templateUrl: url });
    const name = new URL(url).pathname.slice(1);
    process.stdout.write(`\n[server tests] database: PostgreSQL (${name})\n`);
    // The seeded demo agencies the files copied (test-database.ts), and their reports.
    return async () => {
      const server = new URL(url);
      server.pathname = '/postgres';
      const client = new pg.Client({ connectionString: server.toString() });
      await client.connect();
      try {
        const seeded = await client.query<{ datname: string }>(
          "select datname from pg_database where datname like $1 || '\\_seeded\\_%'",
          [name],
        );
        for (const { datname } of seeded.rows) {
          await client.query(`drop database if exists "${datname}" with (force)`);
          fs.rmSync(path.join(os.tmpdir(), `${datname}.json`), { force: true });
        }
      } finally {
        await client.end();
      }
    };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-test-template-'));
  const template = await openDatabase({ kind: 'pglite', dataDir: null });
  await template.migrate();
  const client = (template.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('none');
  await template.close();
  const dumpPath = path.join(dir, 'template.tar');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabaseTemplate', { kind: 'pglite', dumpPath });
  process.stdout.write('\n[server tests] database: PGlite (in-process, cloned per test file)\n');

  return () => fs.rmSync(dir, { recursive: true, force: true });
}
