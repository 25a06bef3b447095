/**
 * Time budgets of the demo seed, for the machine they run on.
 *
 * The budgets (the demo seed's 30 s of DECISIONS, each area's share of it) were set on the
 * machines of the sessions that built those areas. They are asserted in the load tier only
 * (seed/seed-budgets.load.test.ts), which runs alone after the functional tiers: those
 * check what the seed writes, never how long it took. CI runs on whatever machine a session
 * has, and one of them (2026-11-28) ran every processor-bound figure about 2.2 times as
 * slowly: the whole seed in 42–45 s instead of ~20 s, 10,000 reviews synced in 4.4 s
 * instead of 1.9 s (docs/performance.md). An absolute budget fails there for the machine,
 * not for the code. So a budget is scaled by how much slower than the reference this
 * machine runs a fixed piece of work, measured in the test's own process right after the
 * timed part; on a machine as fast as the reference or faster it stays as written.
 */

/**
 * How long `referenceWork` takes on a machine of the budgets' speed, estimated: 52–55 ms
 * (the least of seven rounds, quiet or with the other core busy) on the 2026-11-28
 * machine, divided by that machine's slowdown of about 2.2 on the documented figures.
 */
export const REFERENCE_WORK_MS = 24;

/** Processor-bound work like a seed's: building rows, JSON both ways, string hashing. */
function referenceWork(): number {
  const rows = [];
  for (let i = 0; i < 20_000; i++) {
    rows.push({ id: i, name: `row ${i}`, at: new Date(1e12 + i * 864e5).toISOString() });
  }
  let hash = 0;
  for (const row of JSON.parse(JSON.stringify(rows)) as { name: string }[]) {
    for (let k = 0; k < row.name.length; k++) hash = (hash * 31 + row.name.charCodeAt(k)) | 0;
  }
  for (let i = 0; i < 3_000_000; i++) hash = (hash ^ Math.imul(i, 2654435761)) % 1_000_003;
  return hash;
}

/** `referenceWork` on this machine now: the least of seven rounds, in milliseconds. */
function timeReferenceWork(): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    referenceWork();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/** How much slower than the reference this machine is now (1 on one as fast or faster). */
export function measureSlowdown(): number {
  return Math.max(1, timeReferenceWork() / REFERENCE_WORK_MS);
}

/** A budget set on the reference machine, for this one. */
export function timeBudget(ms: number, slowdown = measureSlowdown()): number {
  return ms * slowdown;
}
