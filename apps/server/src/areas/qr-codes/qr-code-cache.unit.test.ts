import { describe, expect, it } from 'vitest';
import { createQrCodeCache } from './qr-code-cache';
import { pgArray } from './qr-scan-recorder';

describe('the redirect’s code cache', () => {
  it('answers from memory until the TTL, and forgets a changed code at once', async () => {
    let clock = 0;
    let reads = 0;
    let target = 'https://a.test/';
    const cache = createQrCodeCache(
      {
        byCode: async (code) => {
          reads++;
          return code === 'known12345' ? { id: 1, targetUrl: target, status: 'active' } : null;
        },
      },
      { ttlMs: 5_000, maxEntries: 10, now: () => clock },
    );
    expect((await cache.lookup('known12345'))?.targetUrl).toBe('https://a.test/');
    target = 'https://b.test/';
    expect((await cache.lookup('known12345'))?.targetUrl).toBe('https://a.test/');
    expect(reads).toBe(1);
    cache.forget('known12345');
    expect((await cache.lookup('known12345'))?.targetUrl).toBe('https://b.test/');
    expect(await cache.lookup('unknown123')).toBeNull();
    expect(await cache.lookup('unknown123')).toBeNull();
    expect(reads).toBe(3);
    clock = 5_001;
    await cache.lookup('unknown123');
    expect(reads).toBe(4);
  });
});

describe('pgArray', () => {
  it('quotes every element, escapes quotes and backslashes, and keeps NULL', () => {
    expect(pgArray(['iOS', 'a"b', 'c\\d', null, 7])).toBe('{"iOS","a\\"b","c\\\\d",NULL,"7"}');
  });
});
