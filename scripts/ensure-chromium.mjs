// Browser tests drive Debian's Chromium (no browser download is possible on our machines).
// Installs it with apt-get when it is missing, so `npm test` needs nothing done by hand.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? [] : ['sudo', '-n'];
console.warn(`Chromium is not at ${chromium}; installing Debian's chromium package…`);
try {
  const run = (args) =>
    execFileSync(sudo[0] ?? args[0], [...sudo.slice(1), ...(sudo.length ? args : args.slice(1))], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'chromium']);
} catch {
  console.error(
    'Could not install Chromium. Install it with `apt-get install chromium` (as root),\n' +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary, then run the tests again.',
  );
  process.exit(1);
}
if (!fs.existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}
