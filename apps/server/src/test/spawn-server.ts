import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../kernel/lib/paths';

export interface SpawnedServer {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the port once the start-up banner is printed. */
  ready: Promise<number>;
  exited: Promise<number | null>;
  /** The PGlite folder it runs on (unused when DATABASE_URL is set). */
  dataDir: string;
}

export interface SpawnOptions {
  /**
   * Run on this PGlite folder and leave it in place at exit, so a test can start a second
   * process on the same data (the caller removes it). Without it, a temp folder is made and
   * removed when the process exits.
   */
  dataDir?: string;
}

/**
 * Runs `server.ts` as its own process, the way `npm start` does, on a throw-away PGlite
 * folder unless the caller sets DATABASE_URL.
 */
export function spawnServer(
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): SpawnedServer {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pinpoint-spawn-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main/server.ts'], {
    cwd: repoRoot,
    // No demo agency unless asked (PINPOINT_DEMO=1): seeding it takes seconds per server.
    env: {
      ...inherited,
      PORT: '0',
      PINPOINT_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PINPOINT_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Pinpoint is running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before ready:\n${output}`)),
    );
  });
  ready.catch(() => {});
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    });
  });
  return { child, output: () => output, ready, exited, dataDir };
}
