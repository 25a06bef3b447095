import {
  type TimelineGroup,
  type TimelineSearchRequest,
  type TimelineSearchResponse,
  TOP_RANKING_LIST_PRODUCTS,
  TOP_RANKING_LISTS,
  TOP_RANKINGS_PAGE_SIZE,
  type TopRankingList,
  type TopRankings,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { notFound } from '../../kernel/lib/app-error';
import type {
  TimelineCompany,
  TimelinePointRow,
  TimelineSearchCriteria,
  TimelineSearchRepository,
} from './timeline-search.repository';
import type { TopRankingsRepository } from './top-rankings.repository';

/** Companies the caller may see; null for admins, who see every company. */
export function visibleCompanyIds(principal: Principal): number[] | null {
  if (principal.admin) return null;
  return [...new Set([...principal.memberOf, ...principal.assignedTo])];
}

/** "plumber · 7×7 · 5 mi": a line's settings, as lists and charts label it. */
export function describeSettings(line: {
  keyword: string;
  size: number;
  radius: number;
  unit: string;
}): string {
  return `${line.keyword} · ${line.size}×${line.size} · ${line.radius} ${line.unit}`;
}

/** The company's "City, ST", or the grid centre when our record has no city. */
function locationOf(company: TimelineCompany, newest: TimelinePointRow | undefined): string {
  const place = [company.city, company.state].filter(Boolean).join(', ');
  if (place) return place;
  if (!newest) return '';
  return `${newest.centerLat.toFixed(4)}, ${newest.centerLng.toFixed(4)}`;
}

function settingsKey(point: TimelinePointRow): string {
  return JSON.stringify([point.keyword, point.size, point.radius, point.unit]);
}

/**
 * Groups by company (page order), then by item (null last), then by settings. Points of one
 * line stay newest first; lines are sorted by keyword, size, radius, unit.
 */
export function groupTimelines(
  companies: TimelineCompany[],
  points: TimelinePointRow[],
): TimelineGroup[] {
  const groups: TimelineGroup[] = [];
  for (const company of companies) {
    const own = points
      .filter((point) => point.companyId === company.id)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.scanId - a.scanId);
    const location = locationOf(company, own[0]);
    const byItem = new Map<number | null, Map<string, TimelinePointRow[]>>();
    for (const point of own) {
      let lines = byItem.get(point.itemId);
      if (!lines) {
        lines = new Map();
        byItem.set(point.itemId, lines);
      }
      const key = settingsKey(point);
      lines.set(key, [...(lines.get(key) ?? []), point]);
    }
    const itemIds = [...byItem.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
    for (const itemId of itemIds) {
      const lines = [...(byItem.get(itemId)?.values() ?? [])].map((linePoints) => {
        const first = linePoints[0] as TimelinePointRow;
        const unit = first.unit === 'km' ? ('km' as const) : ('mi' as const);
        const display = describeSettings(first);
        return {
          keyword: first.keyword,
          size: first.size,
          radius: first.radius,
          unit,
          display,
          points: linePoints.map((point) => ({
            item_id: point.itemId,
            keyword: point.keyword,
            size: point.size,
            radius: point.radius,
            date: point.createdAt.toISOString(),
            average_total_grid_rank: point.atrp,
            company_name: company.name,
            display,
            location,
            scan_id: point.scanId,
            solv: point.solv,
          })),
        };
      });
      lines.sort(
        (a, b) =>
          a.keyword.localeCompare(b.keyword) ||
          a.size - b.size ||
          a.radius - b.radius ||
          a.unit.localeCompare(b.unit),
      );
      groups.push({
        item_id: itemId,
        company_id: company.id,
        company_name: company.name,
        location,
        lines,
      });
    }
  }
  return groups;
}

function utcDay(day: string, plusDays = 0): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
}

export interface TimelinesServiceDeps {
  timelines: TimelineSearchRepository;
  rankings: TopRankingsRepository;
  companyExists: (companyId: number) => Promise<boolean>;
  clock?: () => Date;
}

/** Timelines and top rankings; every answer is limited to the companies the caller may see. */
export function createTimelinesService({
  timelines,
  rankings,
  companyExists,
  clock = () => new Date(),
}: TimelinesServiceDeps) {
  async function run(criteria: TimelineSearchCriteria): Promise<TimelineSearchResponse> {
    const result = await timelines.search(criteria);
    return {
      page: criteria.page,
      pageSize: criteria.pageSize,
      totalCompanies: result.totalCompanies,
      groups: groupTimelines(result.companies, result.points),
    };
  }

  async function rankingsPage(
    principal: Principal,
    page: number,
    pageSize: number | null,
    only?: TopRankingList,
  ): Promise<TopRankings> {
    const visible = visibleCompanyIds(principal);
    const lists = only ? [only] : [...TOP_RANKING_LISTS];
    const ranked = await Promise.all(
      lists.map(async (list) => {
        const rows = await rankings.ranking(TOP_RANKING_LIST_PRODUCTS[list], visible);
        const size = pageSize ?? rows.length;
        const start = page * size;
        return {
          list,
          total: rows.length,
          entries: rows.slice(start, start + size).map((row, i) => ({
            rank: start + i + 1,
            companyId: row.companyId,
            companyName: row.companyName,
            atrp: row.atrp === null ? null : Number(row.atrp),
            solv: row.solv === null ? null : Number(row.solv),
            keywords: row.keywords,
            latestScanAt: row.latestScanAt.toISOString(),
          })),
        };
      }),
    );
    const size = pageSize ?? Math.max(0, ...ranked.map((list) => list.total));
    return { generatedAt: clock().toISOString(), page, pageSize: size, lists: ranked };
  }

  return {
    async search(
      principal: Principal,
      request: TimelineSearchRequest,
    ): Promise<TimelineSearchResponse> {
      const text = request.text ? request.text.toLowerCase() : null;
      return run({
        text,
        visibleCompanyIds: visibleCompanyIds(principal),
        companyId: request.companyId ?? null,
        keyword: request.keyword ?? null,
        size: request.size ?? null,
        from: request.from ? utcDay(request.from) : null,
        until: request.to ? utcDay(request.to, 1) : null,
        page: request.page,
        pageSize: request.pageSize,
        pointsPerLine: request.points,
      });
    },

    /** One client's timelines: every line, no paging. */
    async forClient(principal: Principal, companyId: number, points: number) {
      if (!canAccessClient(principal, companyId) || !(await companyExists(companyId))) {
        throw notFound('No such client.');
      }
      const result = await run({
        text: null,
        visibleCompanyIds: [companyId],
        companyId,
        keyword: null,
        size: null,
        from: null,
        until: null,
        page: 0,
        pageSize: 1,
        pointsPerLine: points,
      });
      return { companyId, groups: result.groups };
    },

    /** Every ranked client of both lists (or one), in one page. */
    all: (principal: Principal, list?: TopRankingList) => rankingsPage(principal, 0, null, list),

    /** One page (from 0) of both lists, `TOP_RANKINGS_PAGE_SIZE` entries each. */
    page: (principal: Principal, page: number) =>
      rankingsPage(principal, page, TOP_RANKINGS_PAGE_SIZE),
  };
}

export type TimelinesService = ReturnType<typeof createTimelinesService>;
