// `npm run db:reset`: deletes all Pinpoint data so the next start begins from an empty,
// freshly migrated database. On PostgreSQL it needs `-- --yes`, since it drops every table.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config/config';
import { lockDataDir } from '../kernel/db/data-dir-lock';
import { openDatabase } from '../kernel/db/open-database';

function out(line: string) {
  process.stdout.write(`${line}\n`);
}

try {
  const config = loadConfig();
  if (config.database.kind === 'pglite') {
    const { dataDir } = config.database;
    if (!dataDir || !fs.existsSync(dataDir)) {
      out(`Nothing to reset: ${dataDir} does not exist.`);
    } else {
      // Refuses while a server holds the folder; deleting it under PGlite would corrupt it.
      const unlock = lockDataDir(dataDir);
      unlock();
      fs.rmSync(dataDir, { recursive: true, force: true });
      out(`Deleted ${dataDir}. The next start creates a fresh database.`);
    }
  } else {
    const target = new URL(config.database.url);
    if (!process.argv.includes('--yes')) {
      out(`This drops every Pinpoint table in ${target.host}${target.pathname}.`);
      out('Run it again as `npm run db:reset -- --yes` to confirm.');
      process.exit(1);
    }
    const database = await openDatabase(config.database, { poolSize: 1 });
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`create schema public`);
    await database.close();
    out(`Dropped all Pinpoint tables in ${target.host}${target.pathname}.`);
  }
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
