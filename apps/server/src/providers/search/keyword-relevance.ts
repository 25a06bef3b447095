import { VERTICALS } from '../../kernel/demo/verticals';

/**
 * How well a business's category answers a keyword, from 0 (not shown at all) to 1. Google
 * shows a dentist for "plumber" never, an orthodontist for "dentist" sometimes, and every
 * plumber for "plumbing repair": the three tiers below copy that.
 */
export const RELEVANCE = { vertical: 1, sharedWord: 0.8, related: 0.45 } as const;

/** Words that say nothing about the trade ("ac repair" and "auto repair" are unrelated). */
const GENERIC_WORDS = new Set([
  'near',
  'me',
  'best',
  'top',
  'local',
  'cheap',
  'affordable',
  'emergency',
  '24',
  'hour',
  'hours',
  'open',
  'now',
  'service',
  'services',
  'repair',
  'repairs',
  'company',
  'companies',
  'contractor',
  'contractors',
  'shop',
  'installation',
  'install',
  'the',
  'a',
  'and',
  'of',
  'in',
  'for',
  'my',
]);

/** Categories close enough that Google mixes them into each other's results. */
const RELATED_CATEGORIES: [string, string][] = [
  ['dentist', 'orthodontist'],
  ['plumber', 'hvac contractor'],
  ['towing service', 'auto repair shop'],
  ['electrician', 'hvac contractor'],
  ['medical spa', 'dentist'],
];

/** A crude stem, enough for trade words: plumber/plumbing → plumb, dentist/dental → dent. */
export function stem(word: string): string {
  const rules: [RegExp, string][] = [
    [/ians?$/, ''],
    [/ists?$/, ''],
    [/ings?$/, ''],
    [/ers?$/, ''],
    [/als?$/, ''],
    [/ies$/, 'y'],
    [/s$/, ''],
  ];
  for (const [suffix, replacement] of rules) {
    if (suffix.test(word) && word.length - 3 >= 3) return word.replace(suffix, replacement);
  }
  return word;
}

/** The trade-bearing stems of a keyword or category. */
function stems(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .split(' ')
      .filter((word) => word && !GENERIC_WORDS.has(word))
      .map(stem),
  );
}

export function normaliseKeyword(keyword: string): string {
  return keyword
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bnear me\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The seeded trades' search terms, read as "this keyword asks for that category". */
const KEYWORD_CATEGORIES = VERTICALS.flatMap((vertical) =>
  vertical.keywords.map((keyword) => ({
    keyword: normaliseKeyword(keyword),
    category: vertical.category.toLowerCase(),
  })),
);

function containsPhrase(text: string, phrase: string): boolean {
  return ` ${text} `.includes(` ${phrase} `);
}

/**
 * The categories a keyword asks for with their relevance. Computed once per keyword and
 * then looked up per business, since a scan asks the same keyword at every point.
 */
export function categoryRelevance(keyword: string): (category: string | null) => number {
  const wanted = normaliseKeyword(keyword);
  const keywordStems = stems(wanted);
  // "emergency plumber austin" still asks for a plumber: a tracked term inside the keyword counts.
  const direct = new Set(
    KEYWORD_CATEGORIES.filter(
      (entry) => containsPhrase(wanted, entry.keyword) || containsPhrase(entry.keyword, wanted),
    ).map((entry) => entry.category),
  );
  const cache = new Map<string, number>();

  function score(category: string): number {
    if (direct.has(category)) return RELEVANCE.vertical;
    const categoryStems = stems(category);
    if ([...keywordStems].some((s) => categoryStems.has(s))) return RELEVANCE.sharedWord;
    const isRelated = RELATED_CATEGORIES.some(
      ([a, b]) =>
        (a === category && (direct.has(b) || stemsOverlap(keywordStems, b))) ||
        (b === category && (direct.has(a) || stemsOverlap(keywordStems, a))),
    );
    return isRelated ? RELEVANCE.related : 0;
  }

  return (category) => {
    if (!category) return 0;
    const key = category.toLowerCase();
    let value = cache.get(key);
    if (value === undefined) {
      value = score(key);
      cache.set(key, value);
    }
    return value;
  };
}

function stemsOverlap(keywordStems: Set<string>, category: string): boolean {
  return [...stems(category)].some((s) => keywordStems.has(s));
}
