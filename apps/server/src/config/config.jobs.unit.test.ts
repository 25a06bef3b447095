import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('job queue settings from the environment', () => {
  it('runs workers by default, and not under NODE_ENV=test unless PINPOINT_JOBS=1', () => {
    expect(loadConfig({}).jobs.workers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.workers).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PINPOINT_JOBS: '1' }).jobs.workers).toBe(true);
    expect(loadConfig({ PINPOINT_JOBS: '0' }).jobs.workers).toBe(false);
  });

  it('reads per-job concurrency and expiry lists', () => {
    const config = loadConfig({
      PINPOINT_JOBS_CONCURRENCY: 'rank-scan.point=8, other.job=2',
      PINPOINT_JOBS_EXPIRE_SECONDS: 'rank-scan.point=3',
      PINPOINT_JOBS_MAINTENANCE_SECONDS: '1',
    });
    expect(config.jobs.concurrency).toEqual({ 'rank-scan.point': 8, 'other.job': 2 });
    expect(config.jobs.expireSeconds).toEqual({ 'rank-scan.point': 3 });
    expect(config.jobs.maintenanceIntervalSeconds).toBe(1);
  });

  it('defaults to no overrides', () => {
    const config = loadConfig({});
    expect(config.jobs.concurrency).toEqual({});
    expect(config.jobs.expireSeconds).toBeUndefined();
    expect(config.jobs.maintenanceIntervalSeconds).toBeUndefined();
  });

  it('names each bad job setting with what it must be', () => {
    const problems = problemsOf({
      PINPOINT_JOBS: 'yes',
      PINPOINT_JOBS_CONCURRENCY: 'rank-scan.point',
      PINPOINT_JOBS_EXPIRE_SECONDS: 'rank-scan.point=soon',
      PINPOINT_JOBS_MAINTENANCE_SECONDS: '0',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PINPOINT_JOBS .*must be 0 or 1/),
        expect.stringMatching(/^PINPOINT_JOBS_CONCURRENCY .*rank-scan.point=8/),
        expect.stringMatching(/^PINPOINT_JOBS_EXPIRE_SECONDS .*rank-scan.point=60/),
        expect.stringMatching(/^PINPOINT_JOBS_MAINTENANCE_SECONDS .*between 1 and 3600/),
      ]),
    );
  });
});
