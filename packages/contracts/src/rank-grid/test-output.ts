/*
 * Contracts are typed without DOM or Node globals (they run in both), so `console` is not in
 * their types; the property tests still print how many cases they generated.
 */
declare const console: { info(message: string): void };

/** One line in the test run's output (vitest shows it under the test file). */
export function printTestLine(message: string): void {
  console.info(message);
}
