import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's tests are chosen by file suffix (vitest.config.ts): a file with none would
 * never run, and a `.unit` file that reached the app or a database would run where neither
 * is set up. docs/testing.md says which tier a test belongs in.
 */
const SRC = path.join(import.meta.dirname, '..');
const TIERS = ['unit', 'repo', 'api', 'process', 'load'];
// Whatever boots the app, opens a database or spawns a server (a local setup module does one).
const NOT_IN_UNIT =
  /from '[^']*(\/app'|test\/test-app|test\/test-database|test\/spawn-server|db\/open-database|test-setup|fixtures?')/;

// Whatever builds the whole app.
const BOOTS_APP = /from '[^']*(\/app'|test\/test-app')|createTestApp\(|buildApp\(/;

const testFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .sort();

describe('test tiers', () => {
  it('names every server test file by its tier', () => {
    expect(testFiles.length).toBeGreaterThan(150);
    const untiered = testFiles.filter(
      (file) => !TIERS.some((tier) => file.endsWith(`.${tier}.test.ts`)),
    );
    expect(untiered).toEqual([]);
  });

  it('keeps the app out of the repo tier', () => {
    const booting = testFiles
      .filter((file) => file.endsWith('.repo.test.ts'))
      .filter((file) => BOOTS_APP.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(booting).toEqual([]);
  });

  it('keeps the app, databases and servers out of the unit tier', () => {
    const misplaced = testFiles
      .filter((file) => file.endsWith('.unit.test.ts'))
      .filter((file) => NOT_IN_UNIT.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(misplaced).toEqual([]);
  });
});
