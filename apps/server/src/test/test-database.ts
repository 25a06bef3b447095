import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../kernel/db/database';
import { closeOnce, openDatabase } from '../kernel/db/open-database';
import { syncProductCatalog } from '../platform/catalog/product-catalog';
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

/** Creates the lock directory; false when another file holds it. */
function claim(lockDir: string): boolean {
  try {
    fs.mkdirSync(lockDir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Seeds the agency into a fresh PGlite database and leaves its dump and report beside the
 * run's template. On failure the lock is removed again, so that a waiting file claims the
 * seed itself instead of waiting out its whole bound for a report that never comes.
 */
async function seedPgliteCopy(
  anchor: Date,
  files: { lockDir: string; dumpPath: string; reportPath: string },
): Promise<SeededTestDatabase> {
  const database = await createTestDatabase();
  try {
    await syncProductCatalog(database.db);
    const report = await seedDemoAgency(database.db, { anchor });
    const client = (
      database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
    ).$client;
    const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    fs.writeFileSync(`${files.dumpPath}.part`, dump);
    fs.renameSync(`${files.dumpPath}.part`, files.dumpPath);
    fs.writeFileSync(files.reportPath, JSON.stringify(report));
    return { database, report };
  } catch (error) {
    await database.close().catch(() => {});
    fs.rmSync(files.lockDir, { recursive: true, force: true });
    throw error;
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
    const files = {
      lockDir: path.join(dir, `${key}.lock`),
      dumpPath: path.join(dir, `${key}.tar`),
      reportPath: path.join(dir, `${key}.json`),
    };
    // The first file to create the lock seeds; the others wait for its report, written
    // last, and take the seed over if the seeding file gave up (its lock is gone).
    const deadline = Date.now() + SEED_WAIT_MS;
    while (!fs.existsSync(files.reportPath)) {
      if (claim(files.lockDir)) return await seedPgliteCopy(anchor, files);
      if (Date.now() > deadline) throw new Error('Timed out waiting for the seeded demo agency');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const report = JSON.parse(fs.readFileSync(files.reportPath, 'utf8')) as SeedReport;
    const database = await openDatabase(
      { kind: 'pglite', dataDir: null },
      { pgliteLoadDataDir: new Blob([fs.readFileSync(files.dumpPath)]) },
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
