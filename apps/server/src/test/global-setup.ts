import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../kernel/db/open-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** How test files get their own database: a PGlite dump to load, or a PostgreSQL template. */
    testDatabaseTemplate:
      | { kind: 'pglite'; dumpPath: string }
      | { kind: 'postgres'; templateUrl: string };
  }
}

type Template = { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; templateUrl: string };
interface SharedTemplate {
  template: Template;
  cleanUp: () => Promise<void>;
}

/**
 * The database tiers (`repo`, `api`, `process`, `load`) are separate vitest projects, and
 * each runs its global setup, but they share one template per database kind: the first
 * project to ask makes it, and the last one to finish cleans it up.
 */
// On globalThis: each project may load this file as a module of its own.
type Shared = Map<Template['kind'], { made: Promise<SharedTemplate>; users: number }>;
const holder = globalThis as typeof globalThis & { __pinpointTestTemplates?: Shared };
holder.__pinpointTestTemplates ??= new Map();
const shared: Shared = holder.__pinpointTestTemplates;

/**
 * Migrates one template database for the whole run, so each test file starts from a copy
 * in milliseconds instead of replaying migrations. With DATABASE_URL set, that database
 * is the template (CI creates and drops it); otherwise a migrated PGlite is dumped to a file.
 * A project whose `env` sets DATABASE_URL to '' (the PGlite parity tier) gets PGlite.
 */
export default async function setup(project: TestProject) {
  const projectEnv = project.config.env as Record<string, string | undefined> | undefined;
  const url = (projectEnv?.DATABASE_URL ?? process.env.DATABASE_URL) || undefined;
  const kind = url ? 'postgres' : 'pglite';
  let entry = shared.get(kind);
  if (!entry) {
    entry = { made: url ? postgresTemplate(url) : pgliteTemplate(), users: 0 };
    shared.set(kind, entry);
  }
  entry.users += 1;
  const { template, cleanUp } = await entry.made;
  project.provide('testDatabaseTemplate', template);
  const current = entry;
  return async () => {
    current.users -= 1;
    if (current.users > 0) return;
    shared.delete(kind);
    await cleanUp();
  };
}

async function postgresTemplate(url: string): Promise<SharedTemplate> {
  const template = await openDatabase({ kind: 'postgres', url }, { poolSize: 2 });
  await template.migrate();
  // PostgreSQL copies a template only while nobody is connected to it.
  await template.close();
  const name = new URL(url).pathname.slice(1);
  process.stdout.write(`\n[server tests] database: PostgreSQL (${name})\n`);
  // The seeded demo agencies the files copied (test-database.ts), and their reports.
  const cleanUp = async () => {
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
  return { template: { kind: 'postgres', templateUrl: url }, cleanUp };
}

async function pgliteTemplate(): Promise<SharedTemplate> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-test-template-'));
  const template = await openDatabase({ kind: 'pglite', dataDir: null });
  await template.migrate();
  const client = (template.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('none');
  await template.close();
  const dumpPath = path.join(dir, 'template.tar');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  process.stdout.write('\n[server tests] database: PGlite (in-process, cloned per test file)\n');
  return {
    template: { kind: 'pglite', dumpPath },
    cleanUp: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
