import {
  DEFAULT_SCAN_POINTS_PER_DAY,
  GRID_SIZE_MAX,
  gridTooLargeMessage,
  type QuotaCounter,
  type ScanQuota,
  TRIAL_MAX_GRID_SIZE,
  TRIAL_SCANS_PER_DAY,
  trialGridTooLargeMessage,
  trialScansExceededMessage,
} from '@pinpoint/contracts';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, badRequest } from '../../kernel/lib/app-error';
import type { DailyUsage } from './rank-grid.repository';

/**
 * The rules of person-requested scans (issue 6): a daily budget of searched points per client
 * company, a grid size cap for everyone, and the trial caps (3 scans a day, 7×7). Pure: the
 * service counts the usage (inside the transaction that stores the scan) and asks here.
 *
 * Scheduled, batch and seed scans (`startScan`) are not held to the budget: they are the
 * agency's own planned work, estimated and cost-checked when the batch or schedule is made,
 * and refusing one half-way would leave holes in a client's timeline. Their points still count
 * towards the company's day, so a person's extra scans get what the schedule left.
 */

export interface ScanQuotaSettings {
  pointsPerDay: number;
  maxGridSize: number;
}

export const DEFAULT_SCAN_QUOTA: ScanQuotaSettings = {
  pointsPerDay: DEFAULT_SCAN_POINTS_PER_DAY,
  maxGridSize: GRID_SIZE_MAX,
};

const DAY_MS = 86_400_000;

export function utcDayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

export function nextUtcMidnight(at: Date): Date {
  return new Date(utcDayStart(at).getTime() + DAY_MS);
}

/**
 * A trial lead's requests follow the trial rules. Staff flags win: an admin or employee who
 * also carries the lead flag is not on trial.
 */
export function isTrialCaller(principal: Principal): boolean {
  return principal.lead && !principal.admin && !principal.perm;
}

export function maxGridSizeFor(trial: boolean, settings: ScanQuotaSettings): number {
  return trial ? Math.min(TRIAL_MAX_GRID_SIZE, settings.maxGridSize) : settings.maxGridSize;
}

/** A grid too large for the caller is a problem with one field: 400 on `body.size`. */
export function checkGridSize(size: number, trial: boolean, settings: ScanQuotaSettings): void {
  const max = maxGridSizeFor(trial, settings);
  if (size <= max) return;
  const message =
    trial && max === TRIAL_MAX_GRID_SIZE ? trialGridTooLargeMessage(max) : gridTooLargeMessage(max);
  throw badRequest(message, [{ path: 'body.size', message }]);
}

/** 429 until the next UTC midnight, when every daily counter starts again. */
function quotaExceeded(message: string, now: Date, path?: string): AppError {
  const retryAfter = Math.max(
    1,
    Math.ceil((nextUtcMidnight(now).getTime() - now.getTime()) / 1000),
  );
  return new AppError(429, 'QUOTA_EXCEEDED', message, {
    headers: { 'retry-after': String(retryAfter) },
    ...(path && { details: [{ path, message }] }),
  });
}

const formatCount = (n: number) => n.toLocaleString('en-US');

export interface AdmissionInput {
  usage: DailyUsage;
  /** Enabled points of the scan asked for. */
  points: number;
  trial: boolean;
  companyName: string;
  settings: ScanQuotaSettings;
  now: Date;
}

/** Throws QUOTA_EXCEEDED when the scan would go past the day's trial scans or points budget. */
export function checkDailyQuota({
  usage,
  points,
  trial,
  companyName,
  settings,
  now,
}: AdmissionInput): void {
  if (trial && usage.scans >= TRIAL_SCANS_PER_DAY) {
    throw quotaExceeded(trialScansExceededMessage(TRIAL_SCANS_PER_DAY), now);
  }
  const left = Math.max(0, settings.pointsPerDay - usage.points);
  if (points > left) {
    throw quotaExceeded(
      `${companyName} has ${formatCount(left)} of its ${formatCount(settings.pointsPerDay)} grid ` +
        `points left today, and this scan needs ${formatCount(points)}. Choose a smaller grid, ` +
        'or scan again after 00:00 UTC.',
      now,
      'body.size',
    );
  }
}

function counter(used: number, limit: number): QuotaCounter {
  return { used, limit, remaining: Math.max(0, limit - used) };
}

/** What is left today, as `GET /api/localrank/quota` answers it. */
export function describeQuota(input: {
  companyId: number | null;
  usage: DailyUsage;
  trial: boolean;
  settings: ScanQuotaSettings;
  now: Date;
}): ScanQuota {
  const { usage, trial, settings, now } = input;
  return {
    scope: trial ? 'trial' : 'company',
    companyId: input.companyId,
    day: utcDayStart(now).toISOString().slice(0, 10),
    resetsAt: nextUtcMidnight(now).toISOString(),
    maxGridSize: maxGridSizeFor(trial, settings),
    points: counter(usage.points, settings.pointsPerDay),
    scans: trial ? counter(usage.scans, TRIAL_SCANS_PER_DAY) : null,
  };
}
