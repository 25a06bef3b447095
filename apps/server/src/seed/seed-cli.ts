// `npm run seed`: fills an empty database with the demo agency (the server does the same
// at its first start). `npm run seed -- --reset` deletes every client, user and their data
// first and rebuilds it; on PostgreSQL that also needs `--yes`.
import { ConfigError, loadConfig } from '../config/config';
import { openDatabase } from '../kernel/db/open-database';
import { syncProductCatalog } from '../platform/catalog/product-catalog';
import { clearDemoAgency, seedDemoAgency } from './demo-agency';

function out(line: string) {
  process.stdout.write(`${line}\n`);
}

const reset = process.argv.includes('--reset');

try {
  const config = loadConfig();
  if (reset && config.database.kind === 'postgres' && !process.argv.includes('--yes')) {
    const target = new URL(config.database.url);
    out(`This deletes every client and user in ${target.host}${target.pathname}.`);
    out('Run it again as `npm run seed -- --reset --yes` to confirm.');
    process.exit(1);
  }
  // PGlite refuses a data folder a running server holds, with a message saying so.
  const database = await openDatabase(config.database, { poolSize: 2 });
  try {
    await database.migrate();
    await syncProductCatalog(database.db);
    if (reset) {
      await clearDemoAgency(database.db);
      out('Removed the previous clients, users and their data.');
    }
    const report = await seedDemoAgency(database.db);
    if (!report.seeded) {
      out(`Nothing seeded: ${report.skipped}. Use \`npm run seed -- --reset\` to rebuild it.`);
    } else {
      out(`Seeded the demo agency in ${(report.ms / 1000).toFixed(1)} s (${database.kind}):`);
      for (const [table, rows] of Object.entries(report.counts))
        out(`  ${table.padEnd(22)} ${String(rows).padStart(6)}`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
