import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { hash32, type Random } from '../../kernel/demo/random';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** splitmix32: spreads one 32-bit seed over the generator's four state words. */
function splitmix32(state: number): [number, number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [next, (z ^ (z >>> 16)) | 0];
}

/**
 * The demo reviews' source of chance: the seed's Random interface (seed/random.ts) as a
 * class, because the demo makes one per review and a class costs far less to create than
 * nine closures. Its state comes through splitmix32, so labels that differ by one
 * character still start far apart (xoroshiro128+ seeded directly echoes its seed at first).
 */
export class DemoRandom implements Random {
  private readonly rng: ReturnType<typeof xoroshiro128plusFromState>;

  constructor(
    private readonly seed: number,
    private readonly label: string,
  ) {
    let state = (seed ^ hash32(label)) | 0;
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [next, word] = splitmix32(state);
      state = next;
      words.push(word);
    }
    // An all-zero state would stay zero forever.
    if (!words.some((w) => w !== 0)) words[0] = 1;
    this.rng = xoroshiro128plusFromState(words);
  }

  int(min: number, max: number): number {
    return uniformInt(this.rng, min, max);
  }

  float(): number {
    return uniformFloat64(this.rng);
  }

  between(min: number, max: number): number {
    return min + this.float() * (max - min);
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, Math.min(count, pool.length));
  }

  chars(length: number, alphabet = ALPHANUMERIC): string {
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet[this.int(0, alphabet.length - 1)];
    return text;
  }

  fork(child: string): Random {
    return new DemoRandom(this.seed, `${this.label}/${child}`);
  }
}

/** A well-mixed 32-bit number for a label: a cheap draw where a whole stream is not needed. */
export function hashLabel(seed: number, label: string): number {
  return (splitmix32((seed ^ hash32(label)) | 0)[1] >>> 0) as number;
}

/** hashLabel as a float in [0, 1). */
export function hashUnit(seed: number, label: string): number {
  return hashLabel(seed, label) / 2 ** 32;
}
