import closeWithGrace from 'close-with-grace';
import { type AppConfig, ConfigError, loadConfig } from '../config/config';
import { DEMO_ACCOUNTS } from '../platform/identity/demo-accounts';
import { buildApp } from './app';

function fail(message: string): never {
  process.stderr.write(`\nPinpoint could not start.\n${message}\n\n`);
  process.exit(1);
}

function describeDatabase(config: AppConfig): string {
  if (config.database.kind === 'pglite') return `PGlite (embedded) in ${config.database.dataDir}`;
  const url = new URL(config.database.url);
  // The host and database name only: never the password.
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

function banner(config: AppConfig, address: string): string {
  const base = config.publicUrl ?? address;
  return [
    '',
    `  Pinpoint is running at ${base}`,
    `  Log in:    ${new URL('/login', base)}`,
    `  API docs:  ${new URL('/api/docs', base)}`,
    `  Database:  ${describeDatabase(config)}`,
    ...(config.demoAccounts
      ? [
          // The password is in the README, never in a log line (logs are shipped and kept).
          '  Demo sign-ins (their password is in the README, "The demo agency and its accounts"):',
          ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(30)} ${a.role}`),
        ]
      : []),
    '  Stop with Ctrl+C.',
    '',
  ].join('\n');
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const app = await buildApp({ config }).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error)),
);

// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database
// (the app's onClose hooks), then exit. A second signal or the grace delay forces the exit.
closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an unexpected error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  app.log.info('shutdown complete');
});

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  await app.close().catch(() => {});
  fail(error instanceof Error ? error.message : String(error));
}

const port = (app.server.address() as { port: number }).port;
const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
process.stdout.write(`${banner(config, `http://${host}:${port}`)}\n`);
