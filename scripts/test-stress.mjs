// `npm run test:stress`: the whole suite on a busy machine. A second process keeps one core
// busy (a plain CPU loop at normal priority, as another build or test run would) while
// `npm test` runs, and is stopped when the tests end, whatever their outcome.
//
// Another command can be run under the same load instead, after `--`:
//   npm run test:stress -- npx playwright test -c apps/web/playwright.config.ts --repeat-each=5
import { spawn } from 'node:child_process';

const command = process.argv.slice(2);
const [program, ...args] = command.length > 0 ? command : ['npm', 'test'];

const load = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
const stopLoad = () => {
  if (load.exitCode === null && load.signalCode === null) load.kill('SIGKILL');
};
console.warn(
  `test:stress: one core kept busy by process ${load.pid}; running ${program} ${args.join(' ')}`,
);

const started = Date.now();
const tests = spawn(program, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    tests.kill(signal);
    stopLoad();
  });
}
tests.on('exit', (code, signal) => {
  stopLoad();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.warn(
    `test:stress: ${program} ${args.join(' ')} ended (${signal ?? `exit ${code}`}) after ${seconds} s under load`,
  );
  process.exit(code ?? 1);
});
