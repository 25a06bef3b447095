import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** FNV-1a: turns a label into a 32-bit number, so each seed part gets its own stream. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Random {
  int(min: number, max: number): number;
  float(): number;
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  chars(length: number, alphabet?: string): string;
  /** An independent stream for a sub-part: adding draws in one part never shifts another. */
  fork(label: string): Random;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The demo data's only source of chance: a seeded xoroshiro128+ generator (pure-rand).
 * Nothing reads the clock or Math.random, so one seed always gives the same agency.
 */
export function createRandom(seed: number, label = 'root'): Random {
  const rng = xoroshiro128plus((seed ^ hash32(label)) >>> 0);
  const random: Random = {
    int: (min, max) => uniformInt(rng, min, max),
    float: () => uniformFloat64(rng),
    between: (min, max) => min + uniformFloat64(rng) * (max - min),
    chance: (probability) => uniformFloat64(rng) < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[uniformInt(rng, 0, items.length - 1)] as (typeof items)[number];
    },
    sample: (items, count) => {
      const pool = [...items];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = uniformInt(rng, 0, i);
        [pool[i], pool[j]] = [pool[j] as (typeof pool)[number], pool[i] as (typeof pool)[number]];
      }
      return pool.slice(0, Math.min(count, pool.length));
    },
    chars: (length, alphabet = ALPHANUMERIC) =>
      Array.from({ length }, () => alphabet[uniformInt(rng, 0, alphabet.length - 1)]).join(''),
    fork: (child) => createRandom(seed, `${label}/${child}`),
  };
  return random;
}
