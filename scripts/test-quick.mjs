// `npm run test:quick`: the edit loop's tests, in a few minutes.
//   1. the unit tier and the contracts;
//   2. the unit, repo, web and contracts tests that import a file changed in the work tree
//      (vitest's --changed follows the import graph);
//   3. the api and process tests in the folders of the changed files. These import the
//      whole app, so --changed would pick every one of them for any change to the server.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

const vitest = (args) => {
  const run = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
};

const git = (args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...git(['diff', '--name-only', 'HEAD']),
  ...git(['ls-files', '--others', '--exclude-standard']),
];

vitest(['--project', 'unit', '--project', 'contracts']);
vitest([
  '--changed',
  '--passWithNoTests',
  ...['unit', 'repo', 'web', 'contracts'].flatMap((name) => ['--project', name]),
]);

const serverSrc = 'apps/server/src/';
const folders = [
  ...new Set(
    changed.filter((file) => file.startsWith(serverSrc)).map((file) => path.dirname(file)),
  ),
];
if (folders.length > 0) {
  // A folder filter matches the test files under it (vitest filters by path).
  vitest([
    '--project',
    'api',
    '--project',
    'process',
    '--passWithNoTests',
    ...folders.map((folder) => `${folder}/`),
  ]);
}
