import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeId, encodeId } from './id-cipher';

const ids = fc.integer({ min: 0, max: 999_999_999_999_999 });
const strategies = fc.constantFrom(1 as const, 2 as const, 3 as const);
const FORMAT = /^[A-Za-z]+\+[123]-[A-Za-z0-9]{10}$/;

describe('id cipher', () => {
  it('round-trips every id under every strategy', () => {
    fc.assert(
      fc.property(ids, strategies, (id, strategy) => decodeId(encodeId(id, { strategy })) === id),
      { numRuns: 5_000 },
    );
  });

  it('has the form <letters>+<strategy>-<10 random chars>, one letter per digit', () => {
    fc.assert(
      fc.property(ids, strategies, (id, strategy) => {
        const encoded = encodeId(id, { strategy });
        expect(encoded).toMatch(FORMAT);
        expect(encoded.split('+')[0]).toHaveLength(String(id).length);
        expect(encoded).toContain(`+${strategy}-`);
      }),
      { numRuns: 2_000 },
    );
  });

  it('spells the same id differently from one call to the next', () => {
    const spellings = new Set(Array.from({ length: 50 }, () => encodeId(4711)));
    expect(spellings.size).toBeGreaterThan(45);
  });

  it('refuses anything malformed instead of guessing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const decoded = decodeId(text);
        // Whatever is accepted must be a well-formed encoding of that very id.
        return decoded === null || (FORMAT.test(text) && Number.isSafeInteger(decoded));
      }),
      { numRuns: 5_000 },
    );
    for (const bad of [
      '',
      '123',
      'abc+1-',
      'abc+4-AbCdEfGhIj',
      'abc+1-AbCdEfGhI',
      'abc+1-AbCdEfGhIjK',
      'ab c+1-AbCdEfGhIj',
      'YZ+1-AbCdEfGhIj', // Y and Z belong to no digit under strategy 1
      'aa+1-AbCdEfGhIj', // "00": a leading zero
      `${'b'.repeat(16)}+1-AbCdEfGhIj`,
      'abc%2B1-AbCdEfGhIj',
    ]) {
      expect(decodeId(bad)).toBeNull();
    }
    for (const notText of [null, undefined, 42, {}, ['abc+1-AbCdEfGhIj']]) {
      expect(decodeId(notText)).toBeNull();
    }
  });

  it('refuses to encode what is not a whole, non-negative, safe number', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER]) {
      expect(() => encodeId(bad)).toThrow(RangeError);
    }
  });
});
