import { describe, expect, it } from 'vitest';
import { gridConfigCreateSchema, gridConfigScheduleUpdateSchema, nextRunAfter } from './configs';

const at = (iso: string) => new Date(iso);
const next = (frequency: Parameters<typeof nextRunAfter>[0], due: string, now: string) =>
  nextRunAfter(frequency, at(due), at(now))?.toISOString() ?? null;

describe('nextRunAfter', () => {
  it('adds one period to a run started on time, in UTC', () => {
    const due = '2025-03-10T06:00:00.000Z';
    const now = '2025-03-10T06:00:30.000Z';
    expect(next('once', due, now)).toBeNull();
    expect(next('daily', due, now)).toBe('2025-03-11T06:00:00.000Z');
    expect(next('weekly', due, now)).toBe('2025-03-17T06:00:00.000Z');
    expect(next('biweekly', due, now)).toBe('2025-03-24T06:00:00.000Z');
    expect(next('monthly', due, now)).toBe('2025-04-10T06:00:00.000Z');
  });

  it('keeps the UTC time of day across a daylight-saving change', () => {
    // US clocks go forward on 9 March 2025; UTC runs do not move.
    expect(next('daily', '2025-03-08T14:00:00Z', '2025-03-08T14:00:01Z')).toBe(
      '2025-03-09T14:00:00.000Z',
    );
  });

  it('clamps monthly runs at month ends (28 or 29 February)', () => {
    expect(next('monthly', '2025-01-31T09:00:00Z', '2025-01-31T09:00:05Z')).toBe(
      '2025-02-28T09:00:00.000Z',
    );
    expect(next('monthly', '2024-01-31T09:00:00Z', '2024-01-31T09:00:05Z')).toBe(
      '2024-02-29T09:00:00.000Z',
    );
    expect(next('monthly', '2025-03-31T09:00:00Z', '2025-03-31T09:00:05Z')).toBe(
      '2025-04-30T09:00:00.000Z',
    );
    expect(next('monthly', '2025-12-15T09:00:00Z', '2025-12-15T09:00:05Z')).toBe(
      '2026-01-15T09:00:00.000Z',
    );
  });

  it('after downtime, schedules the first run of the cadence in the future (no backlog)', () => {
    // Down for three and a half days: one run now, the next at the usual time tomorrow.
    expect(next('daily', '2025-03-10T06:00:00Z', '2025-03-13T18:00:00Z')).toBe(
      '2025-03-14T06:00:00.000Z',
    );
    // Down for exactly two periods: "now" is a run time, so the next is one period later.
    expect(next('weekly', '2025-03-10T06:00:00Z', '2025-03-24T06:00:00Z')).toBe(
      '2025-03-31T06:00:00.000Z',
    );
    expect(next('biweekly', '2025-03-10T06:00:00Z', '2025-05-01T00:00:00Z')).toBe(
      '2025-05-05T06:00:00.000Z',
    );
    // Monthly counts months from the due run: 31 Jan → 31 May, not a drifted 28 May.
    expect(next('monthly', '2025-01-31T09:00:00Z', '2025-05-02T00:00:00Z')).toBe(
      '2025-05-31T09:00:00.000Z',
    );
    expect(next('monthly', '2025-01-31T09:00:00Z', '2025-02-28T10:00:00Z')).toBe(
      '2025-03-31T09:00:00.000Z',
    );
    expect(next('once', '2025-01-31T09:00:00Z', '2026-01-01T00:00:00Z')).toBeNull();
  });

  it('is strictly after now, whatever the gap (years of missed days)', () => {
    const due = at('2020-02-29T23:59:59Z');
    for (const now of ['2020-03-01T00:00:00Z', '2023-07-04T12:00:00Z', '2030-02-28T23:59:59Z']) {
      for (const frequency of ['daily', 'weekly', 'biweekly', 'monthly'] as const) {
        const result = nextRunAfter(frequency, due, at(now)) as Date;
        expect(result.getTime()).toBeGreaterThan(at(now).getTime());
        // …and it is the first such run: one period earlier is not after now.
        const days = { daily: 1, weekly: 7, biweekly: 14, monthly: 28 }[frequency];
        expect(result.getTime() - days * 86_400_000).toBeLessThanOrEqual(
          at(now).getTime() + (frequency === 'monthly' ? 3 * 86_400_000 : 0),
        );
      }
    }
  });
});

describe('grid config schemas', () => {
  const valid = {
    companyId: 4,
    keyword: 'plumber',
    size: 5,
    radius: 2,
    unit: 'mi',
    frequency: 'weekly',
  };

  it('accepts a config and fills the defaults', () => {
    const parsed = gridConfigCreateSchema.parse({ ...valid, disabledPoints: [3, 1, 3] });
    expect(parsed).toMatchObject({
      shape: 'square',
      disabledPoints: [1, 3],
      atrpAlertThreshold: 1,
      solvAlertThreshold: 10,
    });
    expect(parsed.centre).toBeUndefined();
  });

  it('names each wrong field with a clear message', () => {
    const result = gridConfigCreateSchema.safeParse({
      ...valid,
      size: 4,
      frequency: 'hourly',
      firstRunAt: 'tomorrow',
      solvAlertThreshold: 0,
      disabledPoints: [25],
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages.size).toMatch(/odd/);
    expect(messages.frequency).toMatch(/once, daily, weekly/);
    expect(messages.firstRunAt).toMatch(/date and time/);
    expect(messages.solvAlertThreshold).toMatch(/at least 1/);
  });

  it('refuses an empty schedule change', () => {
    expect(gridConfigScheduleUpdateSchema.safeParse({}).success).toBe(false);
    expect(gridConfigScheduleUpdateSchema.safeParse({ active: false }).success).toBe(true);
  });
});
