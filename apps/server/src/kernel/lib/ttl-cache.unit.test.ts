import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  const at = { now: 1_000 };
  const cache = () =>
    createTtlCache<string, { user: number }>({ ttlMs: 100, maxEntries: 3, now: () => at.now });

  it('serves an entry until its time is up, and a hit does not extend it', () => {
    at.now = 1_000;
    const c = cache();
    c.set('a', { user: 1 });
    at.now = 1_060;
    expect(c.get('a')).toEqual({ user: 1 });
    at.now = 1_099;
    expect(c.get('a')).toEqual({ user: 1 });
    at.now = 1_100;
    expect(c.get('a')).toBeUndefined();
    expect(c.size()).toBe(0);
  });

  it('drops the oldest entry beyond its size, and entries by key, by value or all', () => {
    at.now = 1_000;
    const c = cache();
    for (const [key, user] of [
      ['a', 1],
      ['b', 2],
      ['c', 1],
      ['d', 3],
    ] as const)
      c.set(key, { user });
    expect(c.get('a')).toBeUndefined();
    expect(c.size()).toBe(3);
    c.deleteWhere((value) => value.user === 1);
    expect([c.get('b'), c.get('c'), c.get('d')]).toEqual([{ user: 2 }, undefined, { user: 3 }]);
    c.delete('b');
    expect(c.get('b')).toBeUndefined();
    c.clear();
    expect(c.size()).toBe(0);
  });
});
