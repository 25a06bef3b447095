/**
 * Ids in browser paths (SPEC §5, DECISIONS.md "Ids in URLs"): each digit of the record id
 * becomes a random letter from that digit's set under one of three strategies, and the
 * result is `<letters>+<strategy>-<10 random [A-Za-z0-9]>`. Obfuscation, not access control:
 * the server checks ownership of every id it is given.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SUFFIX_CHARS = `${ALPHABET}0123456789`;
export const ID_SUFFIX_LENGTH = 10;
const MAX_DIGITS = 15; // Number.MAX_SAFE_INTEGER has 16 digits; 15 always fit.

export type CipherStrategy = 1 | 2 | 3;

/** Digit → its five letters, for each strategy. The sets of one strategy never overlap. */
const STRATEGIES: Record<CipherStrategy, string[]> = {
  // Consecutive runs of five letters.
  1: Array.from({ length: 10 }, (_, d) => ALPHABET.slice(d * 5, d * 5 + 5)),
  // The same, over the alphabet reversed.
  2: Array.from({ length: 10 }, (_, d) =>
    [...ALPHABET]
      .reverse()
      .join('')
      .slice(d * 5, d * 5 + 5),
  ),
  // Every tenth letter.
  3: Array.from({ length: 10 }, (_, d) =>
    [...ALPHABET.slice(0, 50)].filter((_, i) => i % 10 === d).join(''),
  ),
};

const DECODE: Record<CipherStrategy, Map<string, number>> = {
  1: new Map(),
  2: new Map(),
  3: new Map(),
};
for (const strategy of [1, 2, 3] as const) {
  STRATEGIES[strategy].forEach((letters, digit) => {
    for (const letter of letters) DECODE[strategy].set(letter, digit);
  });
}

const FORMAT = new RegExp(
  `^([A-Za-z]{1,${MAX_DIGITS}})\\+([123])-([A-Za-z0-9]{${ID_SUFFIX_LENGTH}})$`,
);

/** Web Crypto, present in browsers and in Node 19+; declared here so contracts need no DOM types. */
declare const crypto: { getRandomValues<T extends ArrayBufferView>(array: T): T };

/** A uniform integer in [0, n), from the platform's cryptographic random source. */
function randomIndex(n: number): number {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return (buffer[0] ?? 0) % n;
}

export function encodeId(
  id: number,
  options: { strategy?: CipherStrategy; random?: (n: number) => number } = {},
): string {
  if (!Number.isSafeInteger(id) || id < 0 || String(id).length > MAX_DIGITS) {
    throw new RangeError(`Cannot encode id ${id}: expected a whole number with at most 15 digits`);
  }
  const random = options.random ?? randomIndex;
  const strategy = options.strategy ?? (((random(3) % 3) + 1) as CipherStrategy);
  const table = STRATEGIES[strategy];
  const letters = [...String(id)]
    .map((digit) => {
      const set = table[Number(digit)] ?? '';
      return set[random(set.length) % set.length];
    })
    .join('');
  const suffix = Array.from(
    { length: ID_SUFFIX_LENGTH },
    () => SUFFIX_CHARS[random(SUFFIX_CHARS.length) % SUFFIX_CHARS.length],
  ).join('');
  return `${letters}+${strategy}-${suffix}`;
}

/** The id an encoded path segment stands for, or null when it is malformed in any way. */
export function decodeId(encoded: unknown): number | null {
  if (typeof encoded !== 'string') return null;
  const match = FORMAT.exec(encoded);
  if (!match) return null;
  const [, letters = '', strategyText] = match;
  const table = DECODE[Number(strategyText) as CipherStrategy];
  let digits = '';
  for (const letter of letters) {
    const digit = table.get(letter);
    if (digit === undefined) return null;
    digits += digit;
  }
  // One spelling per id: no leading zeros.
  if (digits.length > 1 && digits.startsWith('0')) return null;
  return Number(digits);
}
