import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { migrationsDir } from '../lib/paths';
import { lockDataDir } from './data-dir-lock';
import { openDatabase } from './open-database';
import { rawRows } from './raw-rows';
import { appSettings } from './schema';

const onPostgres = Boolean(process.env.DATABASE_URL);
const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-db-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`each test file's own database (${onPostgres ? 'postgres' : 'pglite'})`, () => {
  it('starts migrated and empty, and is not shared with another copy', async () => {
    const started = performance.now();
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    const elapsed = performance.now() - started;
    try {
      await a.db.insert(appSettings).values({ key: 'probe', value: { n: 1 } });
      expect(await a.db.select().from(appSettings)).toHaveLength(1);
      expect(await b.db.select().from(appSettings)).toHaveLength(0);
      // Two copies in less than two fresh migration runs would take, measured now, so a
      // busy machine slows both sides alike.
      const fresh = await openDatabase({ kind: 'pglite', dataDir: null });
      const migrateStarted = performance.now();
      await fresh.migrate();
      const migrateMs = performance.now() - migrateStarted;
      await fresh.close();
      expect(elapsed).toBeLessThan(Math.max(5_000, 2 * migrateMs));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe.skipIf(onPostgres)('the embedded database (PGlite)', () => {
  it('keeps its data in the data folder across restarts', async () => {
    const dataDir = tmpDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.migrate();
    await first.db.insert(appSettings).values({ key: 'demo', value: { seeded: true } });
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.migrate();
    const rows = await second.db.select().from(appSettings).where(eq(appSettings.key, 'demo'));
    await second.close();
    expect(rows[0]?.value).toEqual({ seeded: true });
  });

  it('locks the data folder against a second live process, and takes over a dead one’s lock', async () => {
    const dataDir = tmpDir();
    const sleeper = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dataDir, 'pinpoint.lock'), String(sleeper.pid));
      expect(() => lockDataDir(dataDir)).toThrow(
        `in use by another Pinpoint process (pid ${sleeper.pid})`,
      );
    } finally {
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    const unlock = lockDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'pinpoint.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(dataDir, 'pinpoint.lock'))).toBe(false);
  });
});

describe.skipIf(!onPostgres)('PostgreSQL', () => {
  it('lets several processes migrate at once: one applies, the others find nothing to do', async () => {
    const target = await createTestDatabase();
    try {
      await target.db.execute(sql`drop schema drizzle cascade`);
      await target.db.execute(sql`drop schema public cascade`);
      await target.db.execute(sql`create schema public`);
      const url = target.url ?? '';
      const servers = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url }, { poolSize: 2 })),
      );
      await Promise.all(servers.map((s) => s.migrate()));
      await Promise.all(servers.map((s) => s.close()));
      const [row] = await rawRows<{ count: number }>(
        target.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(row?.count).toBe(readMigrationFiles({ migrationsFolder: migrationsDir }).length);
      await target.db.insert(appSettings).values({ key: 'after', value: 1 });
    } finally {
      await target.close();
    }
  });
});
