import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../db/database';
import { closeOnce, openDatabase } from '../db/open-database';
import { syncProductCatalog } from '../modules/catalog/product-catalog';
import { type SeedReport, seedDemoAgency, startOfUtcDay } from '../seed/demo-agency';

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

/** A copy of the demo agency, seeded once per run and anchor, and the report of that seed. */
export interface SeededTestDatabase {
  database: TestDatabase;
  report: SeedReport;
}

const SEED_WAIT_MS = 10 * 60_000;

async function waitForFile(file: string, what: string): Promise<void> {
  const deadline = Date.now() + SEED_WAIT_MS;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The seeded demo agency for a test file of its own. Seeding the whole agency takes 20–70 s;
 * a dozen files check it (each area's demo story), so the first file to ask seeds it once
 * and every file, in any worker, starts from a copy: a PGlite dump beside the run's
 * template, or a PostgreSQL database used as a template. The seed's own report (areas'
 * timings) comes with it.
 */
export async function createSeededTestDatabase(anchor: Date): Promise<SeededTestDatabase> {
  const template = inject('testDatabaseTemplate');
  const key = `seeded_${startOfUtcDay(anchor).getTime()}`;
  if (template.kind === 'pglite') {
    const dir = path.dirname(template.dumpPath);
    const dumpPath = path.join(dir, `${key}.tar`);
    const reportPath = path.join(dir, `${key}.json`);
    let claimed = false;
    try {
      fs.mkdirSync(path.join(dir, `${key}.lock`));
      claimed = true;
    } catch {
      // Another file is seeding it (or has): wait for its report, written last.
    }
    if (claimed) {
      const database = await createTestDatabase();
      await syncProductCatalog(database.db);
      const report = await seedDemoAgency(database.db, { anchor });
      const client = (
        database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
      ).$client;
      const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      fs.writeFileSync(`${dumpPath}.part`, dump);
      fs.renameSync(`${dumpPath}.part`, dumpPath);
      fs.writeFileSync(reportPath, JSON.stringify(report));
      return { database, report };
    }
    await waitForFile(reportPath, 'the seeded demo agency');
    const report = JSON.parse(fs.readFileSync(reportPath, 'utf8')) as SeedReport;
    const database = await openDatabase(
      { kind: 'pglite', dataDir: null },
      { pgliteLoadDataDir: new Blob([fs.readFileSync(dumpPath)]) },
    );
    return { database, report };
  }

  const templateName = new URL(template.templateUrl).pathname.slice(1);
  const seededName = `${templateName}_${key}`;
  const reportPath = path.join(os.tmpdir(), `${seededName}.json`);
  // One seeder per server: the advisory lock is held while it seeds; the others then find
  // the database and its report.
  const lock = new pg.Client({
    connectionString: withDatabaseName(template.templateUrl, 'postgres'),
  });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [seededName]);
    const exists = await lock.query('select 1 from pg_database where datname = $1', [seededName]);
    if (exists.rowCount === 0 || !fs.existsSync(reportPath)) {
      await lock.query(`drop database if exists "${seededName}" with (force)`);
      await lock.query(`create database "${seededName}" template "${templateName}"`);
      const seeding = await openDatabase(
        { kind: 'postgres', url: withDatabaseName(template.templateUrl, seededName) },
        { poolSize: 4 },
      );
      try {
        await syncProductCatalog(seeding.db);
        const report = await seedDemoAgency(seeding.db, { anchor });
        fs.writeFileSync(reportPath, JSON.stringify(report));
      } finally {
        await seeding.close();
      }
    }
  } finally {
    await lock.query('select pg_advisory_unlock(hashtext($1))', [seededName]).catch(() => {});
    await lock.end();
  }
  const report = JSON.parse(fs.readFileSync(reportPath, 'utf8')) as SeedReport;
  const name = `${seededName}_${randomBytes(6).toString('hex')}`;
  await onServer(template.templateUrl, (client) =>
    client.query(`create database "${name}" template "${seededName}"`),
  );
  const url = withDatabaseName(template.templateUrl, name);
  const database = await openDatabase({ kind: 'postgres', url }, { poolSize: 4 });
  return {
    database: {
      ...database,
      url,
      close: closeOnce(async () => {
        await database.close();
        await onServer(template.templateUrl, (client) =>
          client.query(`drop database if exists "${name}" with (force)`),
        );
      }),
    },
    report,
  };
}
