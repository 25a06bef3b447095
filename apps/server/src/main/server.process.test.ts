import { afterEach, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from '../test/spawn-server';

let server: SpawnedServer | null = null;
afterEach(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  server = null;
});

// These servers run on their own PGlite folders whatever DATABASE_URL says (spawnServer
// drops it), so they run the same in either environment.
// A server starting on a fresh folder loads the app and migrates: 5–10 s on an idle machine,
// over 30 s with every core busy (`npm run test:stress`). The tests wait for its banner and
// its exit, never for a time; the bound only stops a server that never starts.
const START_BOUND_MS = 120_000;
describe('the server process', () => {
  it(
    'exits non-zero with a clear message when a setting is wrong',
    async () => {
      server = spawnServer({ PORT: 'eighty' });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('Invalid configuration');
      expect(server.output()).toContain('PORT must be a number (got "eighty")');
    },
    START_BOUND_MS,
  );

  it(
    'starts, answers, and on SIGTERM finishes in-flight work, closes the database, exits 0',
    async () => {
      server = spawnServer();
      const port = await server.ready;
      const health = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(health.status).toBe(200);
      expect(server.output()).toContain(`Log in:    http://localhost:${port}/login`);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"shutting down"');
      expect(server.output()).toContain('"msg":"database closed"');
      expect(server.output()).toContain('"msg":"shutdown complete"');
    },
    START_BOUND_MS,
  );

  it(
    'refuses to open a data folder another live server holds',
    async () => {
      server = spawnServer();
      await server.ready;
      const dataDir = /PGlite \(embedded\) in (\S+)/.exec(server.output())?.[1];
      expect(dataDir).toBeDefined();
      const second = spawnServer({ PINPOINT_DATA_DIR: dataDir ?? '' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('is in use by another Pinpoint process');
    },
    START_BOUND_MS,
  );
});
