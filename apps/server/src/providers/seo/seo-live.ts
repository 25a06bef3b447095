import { z } from 'zod';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError, type VendorErrorCode } from '../kernel/vendor-errors';
import {
  classifyHttpStatus,
  createVendorSend,
  parseRetryAfter,
  safeVendorMessage,
  unexpectedShape,
} from '../kernel/vendor-http';
import { SEO_VENDOR } from '../kernel/vendor-ids';
import type { SeoPosition, SeoProvider, SeoRankedPage, SeoSite } from './port';

export const RANKED_KEYWORDS_PATH = '/v3/dataforseo_labs/google/ranked_keywords/live';
const LABEL = 'DataForSEO';
/** The most keywords one Ranked Keywords call returns (the vendor's documented cap). */
export const RANKED_KEYWORDS_LIMIT = 1000;
/** One sync asks positions() and rankedPages() in turn: both read the same paid answer. */
const ANSWER_REUSE_MS = 5 * 60_000;

export interface SeoLiveOptions {
  login: string;
  password: string;
  /** https://api.dataforseo.com, or a local fake server in tests. */
  baseUrl: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  /** DataForSEO location (2840: United States) and language of the rankings. */
  locationCode?: number;
  languageCode?: string;
  now?: () => Date;
  fetchImpl?: typeof fetch;
}

// DataForSEO Labs "Ranked Keywords" (docs.dataforseo.com/v3/dataforseo_labs/google/
// ranked_keywords/live): only the parts we read, as optional or nullable as documented.
const itemSchema = z.object({
  keyword_data: z.object({ keyword: z.string() }),
  ranked_serp_element: z.object({
    serp_item: z.object({
      type: z.string().nullish(),
      rank_group: z.number().int().positive(),
      rank_absolute: z.number().int().nullish(),
      url: z.string().nullish(),
      rank_changes: z
        .object({
          previous_rank_absolute: z.number().int().nullish(),
          is_new: z.boolean().nullish(),
        })
        .nullish(),
    }),
  }),
});
type RankedItem = z.infer<typeof itemSchema>;

const envelopeSchema = z.object({
  status_code: z.number(),
  status_message: z.string().nullish(),
  tasks: z
    .array(
      z.object({
        status_code: z.number(),
        status_message: z.string().nullish(),
        result: z.array(z.object({ items: z.array(z.unknown()).nullish() })).nullish(),
      }),
    )
    .nullish(),
});

/**
 * DataForSEO's own status codes (docs: appendix/errors) in our vendor terms. The API
 * answers HTTP 200 for nearly everything and says what happened in `status_code`.
 */
export function dataForSeoErrorCode(code: number): VendorErrorCode {
  if (code === 40100) return 'auth';
  if (code === 40202 || code === 40209) return 'rate_limited';
  // 40200, 40210…: no funds or the plan does not include the API; someone must act.
  if (code >= 40200 && code < 40300) return 'permission';
  if (code === 40101 || code >= 50000) return 'unavailable';
  if (code === 40400 || code === 40401) return 'not_found';
  return 'invalid';
}

const sameKeyword = (keyword: string) => keyword.trim().toLowerCase();

/** A keyword's best organic result for the site: the vendor may list it more than once. */
function bestByKeyword(items: RankedItem[], tracked: readonly string[]): Map<string, RankedItem> {
  const wanted = new Map(tracked.map((k) => [sameKeyword(k), k]));
  const best = new Map<string, RankedItem>();
  for (const item of items) {
    const keyword = wanted.get(sameKeyword(item.keyword_data.keyword));
    if (!keyword || !item.ranked_serp_element.serp_item.url) continue;
    const current = best.get(keyword);
    if (
      !current ||
      item.ranked_serp_element.serp_item.rank_group <
        current.ranked_serp_element.serp_item.rank_group
    ) {
      best.set(keyword, item);
    }
  }
  return best;
}

/**
 * Where the page stood at the vendor's previous crawl, as an organic position. The vendor
 * gives the previous rank only as an absolute rank (counting every SERP element), so the
 * organic position is moved by the absolute rank's change rather than mixing both scales.
 */
function previousPosition(item: RankedItem): number | null {
  const serp = item.ranked_serp_element.serp_item;
  const before = serp.rank_changes?.previous_rank_absolute;
  if (serp.rank_changes?.is_new || before == null || serp.rank_absolute == null) return null;
  return Math.max(1, serp.rank_group + (before - serp.rank_absolute));
}

/**
 * The live SEO Pro rank tracker on DataForSEO Labs' Ranked Keywords (HTTP Basic with the
 * DATAFORSEO_* credentials; one POST per sync, counted on the status page as `seo`).
 *
 * History: DataForSEO has no cheap daily history of a site's positions (Historical SERPs
 * is one paid call per keyword for roughly monthly snapshots), so positions() answers
 * today's position of each tracked keyword as one day, and the history accumulates in our
 * tables from the daily syncs. Labs data is refreshed about weekly at the vendor, so
 * consecutive days may repeat a position. A tracked keyword the site does not rank for
 * (within the top RANKED_KEYWORDS_LIMIT keywords of the domain) is stored as null.
 */
export function createSeoLive(options: SeoLiveOptions): SeoProvider {
  const send = createVendorSend({
    vendor: SEO_VENDOR,
    label: LABEL,
    recordCall: options.recordCall,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
  });
  const now = options.now ?? (() => new Date());
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}${RANKED_KEYWORDS_PATH}`;
  const authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`;
  const secrets = [options.login, options.password, authorization];
  const recent = new Map<string, { at: number; items: RankedItem[] }>();

  async function rankedKeywords(domain: string): Promise<RankedItem[]> {
    const cached = recent.get(domain);
    if (cached && now().getTime() - cached.at < ANSWER_REUSE_MS) return cached.items;
    const response = await send({
      url: endpoint,
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify([
        {
          target: domain,
          location_code: options.locationCode ?? 2840,
          language_code: options.languageCode ?? 'en',
          item_types: ['organic'],
          limit: RANKED_KEYWORDS_LIMIT,
        },
      ]),
    });
    const parsed = envelopeSchema.safeParse(response.json);
    // The vendor's message, without anything we sent that it might echo back.
    const said = (message: string | null | undefined) => {
      const safe = safeVendorMessage(message ?? undefined, secrets);
      return safe ? `: ${safe}` : '';
    };
    if (!response.ok) {
      throw new VendorError(
        SEO_VENDOR,
        response.status === 402 ? 'permission' : classifyHttpStatus(response.status),
        `${LABEL} refused the ranked keywords request (HTTP ${response.status}${parsed.success ? said(parsed.data.status_message) : ''}).`,
        response.status,
        parseRetryAfter(response.headers.get('retry-after')),
      );
    }
    if (!parsed.success) throw unexpectedShape(SEO_VENDOR, LABEL);
    const answer = parsed.data;
    const task = answer.tasks?.[0];
    // The request-level code speaks for the whole call; the task's for this domain.
    const code = answer.status_code !== 20000 ? answer.status_code : task?.status_code;
    const message = answer.status_code !== 20000 ? answer.status_message : task?.status_message;
    if (code === undefined) throw unexpectedShape(SEO_VENDOR, LABEL);
    let items: RankedItem[] = [];
    // 40102 "No Search Results.": the domain ranks for nothing known, a real answer.
    if (code !== 20000 && code !== 40102) {
      throw new VendorError(
        SEO_VENDOR,
        dataForSeoErrorCode(code),
        `${LABEL} could not list the ranked keywords (${code}${said(message)}).`,
        code,
      );
    }
    if (code === 20000) {
      items = (task?.result ?? []).flatMap((result) =>
        (result.items ?? []).flatMap((raw) => {
          const item = itemSchema.safeParse(raw);
          // A non-organic or partial item is skipped rather than failing the whole sync.
          if (!item.success) return [];
          const type = item.data.ranked_serp_element.serp_item.type;
          return type && type !== 'organic' ? [] : [item.data];
        }),
      );
    }
    for (const [key, entry] of recent) {
      if (now().getTime() - entry.at >= ANSWER_REUSE_MS) recent.delete(key);
    }
    recent.set(domain, { at: now().getTime(), items });
    return items;
  }

  return {
    vendor: SEO_VENDOR,
    mode: 'live',
    async positions(site: SeoSite, range: { from: string; to: string }): Promise<SeoPosition[]> {
      // Today's positions only, dated the last day asked (see the note above).
      const best = bestByKeyword(await rankedKeywords(site.domain), site.keywords);
      return site.keywords.map((keyword) => {
        const item = best.get(keyword);
        const serp = item?.ranked_serp_element.serp_item;
        return {
          keyword,
          day: range.to,
          position: serp ? serp.rank_group : null,
          url: serp?.url ?? null,
        };
      });
    },
    async rankedPages(site: SeoSite): Promise<SeoRankedPage[]> {
      const best = bestByKeyword(await rankedKeywords(site.domain), site.keywords);
      return [...best].map(([keyword, item]) => ({
        url: item.ranked_serp_element.serp_item.url ?? '',
        keyword,
        position: item.ranked_serp_element.serp_item.rank_group,
        previousPosition: previousPosition(item),
      }));
    },
  };
}
