/**
 * Serial numbers for test fixtures (unique names, accounts, vendor ids), counted per
 * database. Test files share a worker's modules (`isolate: false`, docs/testing.md), so a
 * module-level counter would carry on from whatever file ran before in that worker, and a
 * fixture's names, and anything derived from them, would depend on the order files ran in.
 * Each test file has a database of its own, so its fixtures count from 1 wherever it runs.
 */
const serials = new WeakMap<object, number>();

/** The next serial number on this database: 1, 2, 3… */
export function nextSerial(database: object): number {
  const next = (serials.get(database) ?? 0) + 1;
  serials.set(database, next);
  return next;
}
