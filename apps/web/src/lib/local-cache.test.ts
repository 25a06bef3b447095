import { beforeEach, describe, expect, it } from 'vitest';
import { CACHE_KEY, createLocalCache, endOfNextDay, HOUR_MS, MAX_ENTRIES } from './local-cache';

let now = new Date('2026-11-22T10:00:00').getTime();
const clock = () => now;

beforeEach(() => {
  localStorage.clear();
  now = new Date('2026-11-22T10:00:00').getTime();
});

describe('local cache', () => {
  it('keeps client records under their path, with the fields spread and exp, for 1 hour', () => {
    const cache = createLocalCache(localStorage, clock);
    cache.set('/api/uni/client/7', { id: 7, name: 'Acme' });
    const stored = JSON.parse(localStorage.getItem(CACHE_KEY) ?? '{}');
    expect(stored['/api/uni/client/7']).toEqual({ id: 7, name: 'Acme', exp: now + HOUR_MS });
    expect(cache.get('/api/uni/client/7')).toEqual({ id: 7, name: 'Acme' });

    now += HOUR_MS - 1;
    expect(cache.get('/api/uni/client/7')).toBeDefined();
    now += 1;
    expect(cache.get('/api/uni/client/7')).toBeUndefined();
  });

  it('wraps anything but a plain object in `data`', () => {
    const cache = createLocalCache(localStorage, clock);
    cache.set('/api/list', [1, 2]);
    cache.set('/api/token-like', { exp: 5, perm: true });
    expect(cache.get('/api/list')).toEqual([1, 2]);
    expect(cache.get('/api/token-like')).toEqual({ exp: 5, perm: true });
  });

  it('keeps the daily variant until the end of the next local day', () => {
    const cache = createLocalCache(localStorage, clock);
    cache.set('/api/uni/system/rankgrid', { rows: 3 }, 'daily');
    const end = new Date('2026-11-23T23:59:59.999').getTime();
    expect(endOfNextDay(now)).toBe(end);
    now = end;
    expect(cache.get('/api/uni/system/rankgrid')).toBeUndefined();
    now = end - 1;
    expect(cache.get('/api/uni/system/rankgrid')).toEqual({ rows: 3 });
  });

  it('never stores an access-denied answer', () => {
    const cache = createLocalCache(localStorage, clock);
    cache.set('/api/uni/client/9', {
      error: { code: 'FORBIDDEN', message: 'No' },
      reason: 'access denied',
    });
    expect(cache.get('/api/uni/client/9')).toBeUndefined();
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
  });

  it('evicts the entries closest to expiry beyond 200 entries and about 2 MB', () => {
    const cache = createLocalCache(localStorage, clock);
    for (let i = 0; i < MAX_ENTRIES + 10; i++) {
      now += 1000; // later entries expire later
      cache.set(`/api/item/${i}`, { i });
    }
    const stored = JSON.parse(localStorage.getItem(CACHE_KEY) ?? '{}');
    expect(Object.keys(stored)).toHaveLength(MAX_ENTRIES);
    expect(cache.get('/api/item/0')).toBeUndefined();
    expect(cache.get(`/api/item/${MAX_ENTRIES + 9}`)).toEqual({ i: MAX_ENTRIES + 9 });

    cache.set('/api/big/1', { blob: 'x'.repeat(1_500_000) });
    now += 1000;
    cache.set('/api/big/2', { blob: 'y'.repeat(1_500_000) });
    expect((localStorage.getItem(CACHE_KEY) ?? '').length).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(cache.get('/api/big/2')).toBeDefined();
    expect(cache.get('/api/big/1')).toBeUndefined();
  });

  it('recovers from corrupt JSON or a wrong shape in storage', () => {
    const cache = createLocalCache(localStorage, clock);
    for (const junk of ['{not json', '[1,2,3]', '"text"', '{"/api/x":{"exp":"soon"}}']) {
      localStorage.setItem(CACHE_KEY, junk);
      expect(cache.get('/api/x')).toBeUndefined();
      cache.set('/api/x', { ok: true });
      expect(cache.get('/api/x')).toEqual({ ok: true });
    }
  });
});
