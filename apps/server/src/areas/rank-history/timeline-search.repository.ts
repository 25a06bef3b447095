import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';

/**
 * The timeline search (`POST /api/ranktimeline/find/search`), built to stay fast with a
 * million scans (docs/decisions.md "Rank history and timelines"). It never reads every scan:
 *
 * 1. Keywords matching the text: a skip scan over the distinct keywords of finished scans
 *    (`grid_scans_done_keyword_idx`), one index probe per distinct keyword, then ILIKE.
 * 2. Companies: from `client_companies` (small) by name, and from the matching keywords by a
 *    second skip scan over (keyword, company_id), one probe per pair that exists; each kept
 *    only if it has a finished scan passing the filters (one probe of `grid_scans_series_idx`).
 * 3. For the page's companies only: their lines (distinct settings) and each line's newest N
 *    scans through `LATERAL … ORDER BY created_at DESC LIMIT N` on `grid_scans_series_idx`.
 */

export interface TimelineSearchCriteria {
  /** Lower-case substring of a company name or keyword; null for no text. */
  text: string | null;
  /** Companies the caller may see; null means all (admins). */
  visibleCompanyIds: number[] | null;
  companyId: number | null;
  keyword: string | null;
  size: number | null;
  /** UTC instants: from included, until excluded. */
  from: Date | null;
  until: Date | null;
  page: number;
  pageSize: number;
  pointsPerLine: number;
}

export interface TimelineCompany {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
}

export interface TimelinePointRow {
  companyId: number;
  itemId: number | null;
  keyword: string;
  size: number;
  radius: number;
  unit: string;
  scanId: number;
  createdAt: Date;
  atrp: number | null;
  solv: number | null;
  centerLat: number;
  centerLng: number;
}

export interface TimelineSearchResult {
  totalCompanies: number;
  companies: TimelineCompany[];
  points: TimelinePointRow[];
}

/** `%text%` with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function intArray(values: readonly number[]): SQL {
  if (values.length === 0) return sql`array[]::int[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::int[]`;
}

function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`array[]::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The filters every scan of a result must pass, on alias `g`. */
function scanFilters(criteria: TimelineSearchCriteria): SQL {
  const parts: SQL[] = [sql`g.status = 'done'`];
  if (criteria.keyword !== null) parts.push(sql`g.keyword = ${criteria.keyword}`);
  if (criteria.size !== null) parts.push(sql`g.size = ${criteria.size}`);
  if (criteria.from) parts.push(sql`g.created_at >= ${criteria.from.toISOString()}`);
  if (criteria.until) parts.push(sql`g.created_at < ${criteria.until.toISOString()}`);
  return sql.join(parts, sql` and `);
}

/** Step 1: the distinct keywords of finished scans that contain the text. */
export function matchingKeywordsQuery(pattern: string): SQL {
  return sql`with recursive distinct_keywords(keyword) as (
            (select keyword from grid_scans where status = 'done' order by keyword limit 1)
            union all
            select (select g.keyword from grid_scans g
                     where g.status = 'done' and g.keyword > d.keyword
                     order by g.keyword limit 1)
              from distinct_keywords d where d.keyword is not null
          )
          select keyword from distinct_keywords
           where keyword is not null and keyword ilike ${pattern}`;
}

/** Step 2: every company with a matching line, in name order (the pages' order). */
export function matchingCompaniesQuery(
  criteria: TimelineSearchCriteria,
  pattern: string | null,
  keywords: string[],
): SQL {
  const scope: SQL[] = [sql`true`];
  if (criteria.visibleCompanyIds)
    scope.push(sql`c.id = any(${intArray(criteria.visibleCompanyIds)})`);
  if (criteria.companyId !== null) scope.push(sql`c.id = ${criteria.companyId}`);
  const filters = scanFilters(criteria);
  // Scalar subqueries rather than EXISTS: the planner may turn an EXISTS into a hash of every
  // finished scan's company (a full index read); these stay one probe per candidate company.
  const anyScan = sql`coalesce((select true from grid_scans g
                                 where g.company_id = c.id and ${filters} limit 1), false)`;

  if (pattern === null) {
    return sql`select c.id, c.name, c.city, c.state, false as "byName"
              from client_companies c
             where ${sql.join(scope, sql` and `)} and ${anyScan}
             order by lower(c.name), c.id`;
  }
  const keywordList = textArray(keywords);
  return sql`with recursive keyword_companies(keyword, company_id) as (
            select k.keyword, (select min(g.company_id) from grid_scans g
                                where g.status = 'done' and g.keyword = k.keyword)
              from unnest(${keywordList}) as k(keyword)
            union all
            select p.keyword, (select min(g.company_id) from grid_scans g
                                where g.status = 'done' and g.keyword = p.keyword
                                  and g.company_id > p.company_id)
              from keyword_companies p where p.company_id is not null
          ),
          candidates as (
            select c.id, c.name, c.city, c.state, c.name ilike ${pattern} as by_name
              from client_companies c
             where ${sql.join(scope, sql` and `)}
               and (c.name ilike ${pattern}
                    or c.id in (select company_id from keyword_companies))
          )
          select c.id, c.name, c.city, c.state, c.by_name as "byName"
            from candidates c
           where (c.by_name and ${anyScan})
              or coalesce((select true from grid_scans g
                            where g.company_id = c.id and g.keyword = any(${keywordList})
                              and ${filters} limit 1), false)
           order by lower(c.name), c.id`;
}

/** Step 3: the newest N finished scans of every matching line of the given companies. */
export function linePointsQuery(
  criteria: TimelineSearchCriteria,
  companies: (TimelineCompany & { byName: boolean })[],
  keywords: string[] | null,
): SQL {
  const filters = scanFilters(criteria);
  const byName = companies.filter((company) => company.byName).map((company) => company.id);
  const textMatch =
    keywords === null
      ? sql`true`
      : sql`(g.company_id = any(${intArray(byName)}) or g.keyword = any(${textArray(keywords)}))`;
  return sql`select s.company_id as "companyId", p.item_id as "itemId", s.keyword, s.size,
                 s.radius, s.unit, p.id as "scanId", p.created_at as "createdAt", p.atrp,
                 p.solv, p.center_lat as "centerLat", p.center_lng as "centerLng"
            from (select distinct g.company_id, g.keyword, g.size, g.radius, g.unit
                    from grid_scans g
                   where g.company_id = any(${intArray(companies.map((company) => company.id))})
                     and ${filters} and ${textMatch}) s
            cross join lateral (
              select g.id, g.item_id, g.created_at, g.atrp, g.solv, g.center_lat, g.center_lng
                from grid_scans g
               where g.company_id = s.company_id and g.keyword = s.keyword
                 and g.size = s.size and g.radius = s.radius and g.unit = s.unit and ${filters}
               order by g.created_at desc, g.id desc
               limit ${criteria.pointsPerLine}) p`;
}

export function createTimelineSearchRepository(db: Db) {
  return {
    async search(criteria: TimelineSearchCriteria): Promise<TimelineSearchResult> {
      const pattern = criteria.text ? containsPattern(criteria.text) : null;
      const keywords =
        pattern === null
          ? null
          : (await rawRows<{ keyword: string }>(db, matchingKeywordsQuery(pattern))).map(
              (row) => row.keyword,
            );
      const all = await rawRows<TimelineCompany & { byName: boolean }>(
        db,
        matchingCompaniesQuery(criteria, pattern, keywords ?? []),
      );
      const start = criteria.page * criteria.pageSize;
      const page = all.slice(start, start + criteria.pageSize);
      const points =
        page.length === 0
          ? []
          : await rawRows<TimelinePointRow>(db, linePointsQuery(criteria, page, keywords));
      return {
        totalCompanies: all.length,
        companies: page.map(({ byName: _byName, ...company }) => company),
        points: points.map((point) => ({ ...point, createdAt: new Date(point.createdAt) })),
      };
    },
  };
}

export type TimelineSearchRepository = ReturnType<typeof createTimelineSearchRepository>;
