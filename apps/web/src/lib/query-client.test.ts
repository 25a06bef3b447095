import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
