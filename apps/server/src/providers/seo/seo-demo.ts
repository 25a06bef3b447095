import { hash32 } from '../../kernel/demo/random';
import { SEO_VENDOR } from '../kernel/vendor-ids';
import type { SeoPosition, SeoProvider, SeoSite } from './port';

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function dayOf(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

function slug(keyword: string): string {
  return keyword
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The page a keyword lands on: the home page for the first keyword, a service page otherwise. */
export function demoPageFor(site: SeoSite, keyword: string): string {
  const first = site.keywords[0] === keyword;
  return `https://${site.domain}/${first ? '' : `services/${slug(keyword)}`}`;
}

/**
 * A keyword's position on a day, from the site, keyword and day alone: a level per keyword
 * (2–45), a slow swing of a few places over weeks, and a little daily noise. The same day
 * always gives the same position, so re-syncing a range changes nothing.
 */
export function demoPosition(site: SeoSite, keyword: string, day: string): number | null {
  const key = `${site.domain}|${keyword}`;
  const h = hash32(key);
  const level = 2 + (h % 44);
  const period = 20 + (h % 37);
  const swing = 1 + ((h >>> 8) % 6);
  const n = dayNumber(day);
  const noise = (hash32(`${key}|${day}`) % 5) - 2;
  const position = Math.round(level + swing * Math.sin((2 * Math.PI * n) / period) + noise);
  // A weak keyword sometimes falls out of the top 100's tracked window entirely.
  if (level > 40 && hash32(`${key}|${day}|gone`) % 9 === 0) return null;
  return Math.max(1, Math.min(100, position));
}

/** The deterministic demo rank tracker: no vendor is called, so nothing is counted. */
export function createSeoDemo(): SeoProvider {
  return {
    vendor: SEO_VENDOR,
    mode: 'demo',
    async positions(site, range) {
      const out: SeoPosition[] = [];
      for (let n = dayNumber(range.from); n <= dayNumber(range.to); n++) {
        const day = dayOf(n);
        for (const keyword of site.keywords) {
          const position = demoPosition(site, keyword, day);
          out.push({
            keyword,
            day,
            position,
            url: position === null ? null : demoPageFor(site, keyword),
          });
        }
      }
      return out;
    },
    async rankedPages(site, day) {
      const weekBefore = dayOf(dayNumber(day) - 7);
      return site.keywords.flatMap((keyword) => {
        const position = demoPosition(site, keyword, day);
        if (position === null) return [];
        return [
          {
            url: demoPageFor(site, keyword),
            keyword,
            position,
            previousPosition: demoPosition(site, keyword, weekBefore),
          },
        ];
      });
    },
  };
}
