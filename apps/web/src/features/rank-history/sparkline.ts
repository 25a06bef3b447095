/**
 * A sparkline of ATRP values, oldest first. Lower ATRP is better, so the scale is turned
 * over: the best value is drawn at the top, and a line that climbs is a client that climbs.
 * A scan without an ATRP breaks the line rather than being drawn as 0.
 */
export interface SparklineGeometry {
  /** SVG path data (`M x y L x y …`), empty when there is nothing to draw. */
  path: string;
  /** The last value's position, for a dot. */
  last: { x: number; y: number } | null;
}

export function sparklineGeometry(
  values: readonly (number | null)[],
  width: number,
  height: number,
  padding = 2,
): SparklineGeometry {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return { path: '', last: null };
  const min = Math.min(...known);
  const max = Math.max(...known);
  const span = max - min;
  const stepX = values.length > 1 ? (width - 2 * padding) / (values.length - 1) : 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  let path = '';
  let penDown = false;
  let last: SparklineGeometry['last'] = null;
  values.forEach((value, i) => {
    if (value === null) {
      penDown = false;
      return;
    }
    const x = values.length > 1 ? padding + i * stepX : width / 2;
    // A flat line sits in the middle; otherwise the lowest (best) ATRP is at the top.
    const y = span === 0 ? height / 2 : padding + ((value - min) / span) * (height - 2 * padding);
    path += `${path ? ' ' : ''}${penDown ? 'L' : 'M'}${round(x)} ${round(y)}`;
    penDown = true;
    last = { x: round(x), y: round(y) };
  });
  return { path, last };
}

/** What the sparkline shows, in words, for its accessible name. */
export function describeTrend(values: readonly (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null);
  const first = known[0];
  const last = known.at(-1);
  if (first === undefined || last === undefined) return 'No finished scans with an ATRP yet.';
  const scans = `${known.length} scan${known.length === 1 ? '' : 's'}`;
  if (known.length === 1) return `ATRP ${last.toFixed(1)} in 1 scan.`;
  const change = last - first;
  const trend =
    Math.abs(change) < 0.05 ? 'unchanged' : change < 0 ? 'better (lower)' : 'worse (higher)';
  return `ATRP over the last ${scans}: from ${first.toFixed(1)} to ${last.toFixed(1)}, ${trend}.`;
}
