import {
  buildGrid,
  computeQuadrantCoverage,
  GRID_QUADRANT_LABELS,
  type GridAlertData,
  type GridAlertRule,
  type GridQuadrant,
  lostQuadrants,
  type PointOutcome,
  type QuadrantCoverage,
} from '@pinpoint/contracts';

/**
 * When a finished scan is worth an alert, and how to say it to a small-business owner. Pure:
 * the service loads the two scans and their points, and stores what this finds.
 */

/** The parts of a stored scan the rules read. */
export interface ScanForAlerts {
  id: number;
  keyword: string;
  size: number;
  radius: number;
  unit: string;
  shape: string;
  centerLat: number;
  centerLng: number;
  disabledPoints: number[];
  atrp: number | null;
  solv: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface PointForAlerts {
  pointIndex: number;
  state: string;
  rank: number | null;
}

export interface AlertThresholds {
  /** Places ATRP may worsen by before it is an alert. */
  atrp: number;
  /** Percentage points SoLV may drop by before it is an alert. */
  solv: number;
}

export interface AlertFinding {
  rule: GridAlertRule;
  before: number;
  after: number;
  quadrant: GridQuadrant | null;
  threshold: number | null;
}

/** 4.2 → 5.2 is 1.0000000000000009 in floating point: "more than 1" must not catch it. */
const EPSILON = 1e-9;

function outcomesOf(points: readonly PointForAlerts[]): PointOutcome[] {
  return points.map((point) => {
    const state =
      point.state === 'found' || point.state === 'not_found' || point.state === 'error'
        ? point.state
        : 'unmeasured';
    return { index: point.pointIndex, state, rank: state === 'found' ? point.rank : null };
  });
}

/** Top-3 coverage per side of the grid; null if the stored settings no longer make a grid. */
export function quadrantCoverageOf(
  scan: ScanForAlerts,
  points: readonly PointForAlerts[],
): QuadrantCoverage[] | null {
  try {
    const grid = buildGrid({
      size: scan.size,
      radius: scan.radius,
      unit: scan.unit === 'km' ? 'km' : 'mi',
      shape: scan.shape === 'circle' ? 'circle' : 'square',
      centre: { lat: scan.centerLat, lng: scan.centerLng },
      disabledPoints: scan.disabledPoints,
    });
    return computeQuadrantCoverage(grid.points, outcomesOf(points));
  } catch {
    return null;
  }
}

/** Every rule the current scan breaks against the previous one of the same settings. */
export function findGridAlerts(input: {
  previous: ScanForAlerts;
  current: ScanForAlerts;
  previousPoints: readonly PointForAlerts[];
  currentPoints: readonly PointForAlerts[];
  thresholds: AlertThresholds;
}): AlertFinding[] {
  const { previous, current, thresholds } = input;
  const findings: AlertFinding[] = [];
  // ATRP: higher is worse.
  if (
    previous.atrp !== null &&
    current.atrp !== null &&
    current.atrp - previous.atrp > thresholds.atrp + EPSILON
  ) {
    findings.push({
      rule: 'atrp_worse',
      before: previous.atrp,
      after: current.atrp,
      quadrant: null,
      threshold: thresholds.atrp,
    });
  }
  if (
    previous.solv !== null &&
    current.solv !== null &&
    previous.solv - current.solv > thresholds.solv + EPSILON
  ) {
    findings.push({
      rule: 'solv_drop',
      before: previous.solv,
      after: current.solv,
      quadrant: null,
      threshold: thresholds.solv,
    });
  }
  const before = quadrantCoverageOf(previous, input.previousPoints);
  const now = quadrantCoverageOf(current, input.currentPoints);
  if (before && now) {
    for (const quadrant of lostQuadrants(before, now)) {
      findings.push({
        rule: 'quadrant_lost',
        before: before.find((entry) => entry.quadrant === quadrant)?.coverage ?? 0,
        after: now.find((entry) => entry.quadrant === quadrant)?.coverage ?? 0,
        quadrant,
        threshold: null,
      });
    }
  }
  return findings;
}

/** "12 Nov" in the company's own time zone (UTC if the stored zone is not a real one). */
function dayOf(at: Date, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: zone }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

const oneDecimal = (n: number) => n.toFixed(1);
const percent = (n: number) => `${Math.round(n)}%`;

/** What the alert says, for the business owner; the numbers are the scans' own. */
export function alertText(
  finding: AlertFinding,
  scan: ScanForAlerts,
  timeZone: string,
): { title: string; body: string } {
  const keyword = `“${scan.keyword}”`;
  const unit = scan.unit === 'km' ? 'km' : 'mi';
  const context = `(${scan.size}×${scan.size}, ${scan.radius} ${unit} grid, scan of ${dayOf(
    scan.finishedAt ?? scan.createdAt,
    timeZone,
  )})`;
  switch (finding.rule) {
    case 'atrp_worse':
      return {
        title: `Your average rank fell for ${keyword}`,
        body: `${keyword}: your average rank fell from ${oneDecimal(finding.before)} to ${oneDecimal(finding.after)} ${context}.`,
      };
    case 'solv_drop':
      return {
        title: `Fewer top-3 spots for ${keyword}`,
        body: `${keyword}: you are now in the top 3 at ${percent(finding.after)} of your grid points, down from ${percent(finding.before)} ${context}.`,
      };
    case 'quadrant_lost': {
      const side = GRID_QUADRANT_LABELS[finding.quadrant ?? 'N'].toLowerCase();
      return {
        title: `Top 3 lost in the ${side} for ${keyword}`,
        body: `${keyword}: you are no longer in the top 3 anywhere in the ${side} of your area; before, you were at ${percent(finding.before)} of the points there ${context}.`,
      };
    }
  }
}

/** `alerts.data` of a finding: what changed, and which settings it was measured at. */
export function alertData(
  finding: AlertFinding,
  previous: ScanForAlerts,
  current: ScanForAlerts,
): GridAlertData {
  return {
    rule: finding.rule,
    before: finding.before,
    after: finding.after,
    quadrant: finding.quadrant,
    threshold: finding.threshold,
    previousScanId: previous.id,
    keyword: current.keyword,
    size: current.size,
    radius: current.radius,
    unit: current.unit === 'km' ? 'km' : 'mi',
  };
}
