import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient } from './query-client';

afterEach(() => vi.restoreAllMocks());

describe('query client', () => {
  it('does not refetch on window focus', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  it('logs a failed query as "Top Level Catch"', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient();
    const failure = new Error('boom');
    await expect(
      client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(failure), retry: false }),
    ).rejects.toThrow('boom');
    expect(errors).toHaveBeenCalledWith('Top Level Catch', failure);
  });

  it('tries a failure that may pass once more, and a refusal or a missing object never', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient();
    const calls = async (status: number) => {
      let count = 0;
      await client
        .fetchQuery({
          queryKey: ['status', status],
          queryFn: () => {
            count += 1;
            return Promise.reject(new ApiError(status, null));
          },
          retryDelay: 0,
        })
        .catch(() => {});
      return count;
    };
    expect(await calls(404)).toBe(1);
    expect(await calls(403)).toBe(1);
    expect(await calls(400)).toBe(1);
    expect(await calls(503)).toBe(2);
    expect(await calls(0)).toBe(2);
    expect(await calls(429)).toBe(2);
  });
});
